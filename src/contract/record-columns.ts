import { columnsOf } from './columns';
import type {
  AllocationUsageRow,
  DispenseRecordRow,
  DispenseStatus,
  ReceiptRecordRow,
  ReceiptSource,
  TransferRecordRow,
} from './records';

/**
 * The record lists' columns (ADR 023): what `/FiltersDispensing`, `/FiltersReceived`(`Man`),
 * `/FiltersTransfer` and `/FiltersAllocation` show, in this order, and what their exports write.
 * Split from `records.ts` (the rows, totals, details and corrections).
 */

/** How a dispense's status reads: a plain record is "Normal". */
export const DISPENSE_STATUS_LABELS: Record<DispenseStatus, string> = {
  active: 'Normal',
  reversed: 'Reversed',
  reversal: 'Reversal',
};
export const RECEIPT_SOURCE_LABELS: Record<ReceiptSource, string> = { manual: 'Manual', system: 'System' };
export const SUBJECT_LABELS: Record<AllocationUsageRow['subjectType'], string> = {
  equipment: 'Equipment',
  employee: 'Employee',
  costCentre: 'Cost centre',
};

export const RECORD_COLUMNS = {
  dispenses: columnsOf<DispenseRecordRow>()([
    { key: 'dispensedAt', title: 'When', kind: 'datetime', priority: 1 },
    { key: 'status', title: 'Status', kind: 'enum', labels: DISPENSE_STATUS_LABELS, priority: 2 },
    { key: 'storeCode', title: 'Store', kind: 'code', name: 'storeName', priority: 2 },
    { key: 'tankCode', title: 'Tank', kind: 'code', name: 'tankName' },
    { key: 'productCode', title: 'Product', kind: 'code', name: 'productName' },
    { key: 'fleetNo', title: 'Equipment', kind: 'text', priority: 1 },
    { key: 'employeeName', title: 'Employee', kind: 'text', priority: 2 },
    { key: 'costCentreCode', title: 'Cost centre', kind: 'code', name: 'costCentreName', hidden: true },
    { key: 'litres', title: 'Litres', kind: 'litres', priority: 1 },
    { key: 'meter', title: 'Meter', kind: 'number', decimals: 1 },
    { key: 'meterType', title: 'Meter unit', kind: 'text', hidden: true },
    { key: 'hasGps', title: 'GPS', kind: 'bool' },
    { key: 'deviceId', title: 'Device', kind: 'text', hidden: true },
    { key: 'receivedAt', title: 'Synced at', kind: 'datetime' },
    { key: 'exceptionCodes', title: 'Exceptions', kind: 'list' },
    { key: 'variant', title: 'Variant', kind: 'text', hidden: true },
    { key: 'note', title: 'Note', kind: 'text', hidden: true },
  ]),
  receipts: columnsOf<ReceiptRecordRow>()([
    { key: 'receivedOn', title: 'Received', kind: 'datetime', priority: 1 },
    { key: 'storeCode', title: 'Store', kind: 'code', name: 'storeName', priority: 2 },
    { key: 'tankCode', title: 'Tank', kind: 'code', name: 'tankName' },
    { key: 'productCode', title: 'Product', kind: 'code', name: 'productName', hidden: true },
    { key: 'supplier', title: 'Supplier', kind: 'text', priority: 2 },
    { key: 'deliveryNote', title: 'Delivery note', kind: 'text' },
    { key: 'litres', title: 'Litres', kind: 'litres', priority: 1 },
    { key: 'dipBeforeMm', title: 'Dip before (mm)', kind: 'number', decimals: 0 },
    { key: 'dipAfterMm', title: 'Dip after (mm)', kind: 'number', decimals: 0 },
    { key: 'temperatureC', title: 'Temp. (°C)', kind: 'number', decimals: 1 },
    { key: 'source', title: 'Source', kind: 'enum', labels: RECEIPT_SOURCE_LABELS },
    { key: 'deviceId', title: 'Device', kind: 'text', hidden: true },
    { key: 'receivedAt', title: 'Synced at', kind: 'datetime', hidden: true },
    { key: 'createdByName', title: 'Recorded by', kind: 'text', hidden: true },
    { key: 'note', title: 'Note', kind: 'text', hidden: true },
  ]),
  transfers: columnsOf<TransferRecordRow>()([
    { key: 'transferredAt', title: 'When', kind: 'datetime', priority: 1 },
    { key: 'storeCode', title: 'Store', kind: 'code', name: 'storeName', priority: 2 },
    { key: 'fromTankCode', title: 'From tank', kind: 'code', name: 'fromTankName', priority: 2 },
    { key: 'toTankCode', title: 'To tank', kind: 'code', name: 'toTankName', priority: 2 },
    { key: 'toBowser', title: 'To bowser', kind: 'text' },
    { key: 'litres', title: 'Litres', kind: 'litres', priority: 1 },
    { key: 'employeeName', title: 'Employee', kind: 'text' },
    { key: 'deviceId', title: 'Device', kind: 'text', hidden: true },
    { key: 'receivedAt', title: 'Synced at', kind: 'datetime', hidden: true },
    { key: 'note', title: 'Note', kind: 'text', hidden: true },
  ]),
  allocations: columnsOf<AllocationUsageRow>()([
    { key: 'subjectLabel', title: 'Allocated to', kind: 'text', priority: 1 },
    { key: 'subjectType', title: 'Kind', kind: 'enum', labels: SUBJECT_LABELS },
    { key: 'productCode', title: 'Product', kind: 'code', name: 'productName' },
    { key: 'storeCode', title: 'Store', kind: 'code', name: 'storeName' },
    { key: 'usedToday', title: 'Used on the day', kind: 'litres', priority: 1 },
    { key: 'dailyPct', title: '% of daily', kind: 'percent' },
    { key: 'usedThisMonth', title: 'Used in the month', kind: 'litres', priority: 1 },
    { key: 'monthlyPct', title: '% of monthly', kind: 'percent' },
    { key: 'overLimit', title: 'Over limit', kind: 'bool', priority: 2 },
    { key: 'active', title: 'Active', kind: 'bool', hidden: true },
    { key: 'dailyLimit', title: 'Daily limit', kind: 'litres', hidden: true },
    { key: 'monthlyLimit', title: 'Monthly limit', kind: 'litres', hidden: true },
    { key: 'day', title: 'Day', kind: 'date', hidden: true },
    { key: 'note', title: 'Note', kind: 'text', hidden: true },
  ]),
} as const;
