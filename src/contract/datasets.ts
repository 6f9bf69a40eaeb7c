import type { ColumnSpec } from './columns';
import type { ReportFilter } from './report-keys';

/**
 * The record sets a BI tool may pull through the feed and a custom report may be built on (ADR 041):
 * each a fixed list of fields, declared once with the lists' `ColumnSpec` (titles and kinds shared
 * by the feed's CSV, the custom report's columns and its files). Nothing outside these lists can be
 * asked for: the server maps each field to its own SQL expression (`server/modules/bi/datasets.sql.ts`),
 * so no caller text ever becomes SQL.
 */
export const DATASET_IDS = ['dispenses', 'receipts', 'transfers', 'readings', 'exceptions'] as const;
export type DatasetId = (typeof DATASET_IDS)[number];

export interface DatasetDeclaration {
  id: DatasetId;
  title: string;
  /** Every field; `id` and `at` (the record's instant) and `day` (its store-local day) are in each. */
  fields: readonly ColumnSpec[];
  /**
   * The run-time filters a custom report on this dataset offers on `/ReportList` (ADR 050), as a
   * standard report's: each is an id of the record's own store, tank, product … (transfers: the
   * tank they leave).
   */
  filters: readonly ReportFilter[];
}

const id: ColumnSpec = { key: 'id', title: 'Id', kind: 'text' };
const at = (title: string): ColumnSpec => ({ key: 'at', title, kind: 'datetime' });
const day: ColumnSpec = { key: 'day', title: 'Day', kind: 'date' };
const store: ColumnSpec = { key: 'store', title: 'Store', kind: 'code', name: 'storeName' };
const storeName: ColumnSpec = { key: 'storeName', title: 'Store name', kind: 'text' };
const tank: ColumnSpec = { key: 'tank', title: 'Tank', kind: 'text' };
const product: ColumnSpec = { key: 'product', title: 'Product', kind: 'code', name: 'productName' };
const productName: ColumnSpec = { key: 'productName', title: 'Product name', kind: 'text' };
const litres: ColumnSpec = { key: 'litres', title: 'Litres', kind: 'litres', decimals: 3 };

export const DATASETS: Readonly<Record<DatasetId, DatasetDeclaration>> = {
  dispenses: {
    id: 'dispenses',
    title: 'Dispenses',
    filters: ['storeId', 'productId', 'tankId', 'equipmentId', 'costCentreId', 'employeeId'],
    fields: [
      id,
      at('Dispensed at'),
      day,
      store,
      storeName,
      tank,
      product,
      productName,
      { key: 'fleetNo', title: 'Fleet no.', kind: 'text' },
      { key: 'equipment', title: 'Equipment', kind: 'text' },
      { key: 'equipmentType', title: 'Equipment type', kind: 'text' },
      { key: 'costCentre', title: 'Cost centre', kind: 'code', name: 'costCentreName' },
      { key: 'costCentreName', title: 'Cost centre name', kind: 'text' },
      { key: 'employeeNumber', title: 'Employee no.', kind: 'text' },
      { key: 'employee', title: 'Employee', kind: 'text' },
      litres,
      { key: 'meter', title: 'Meter', kind: 'number', decimals: 1 },
      { key: 'meterType', title: 'Meter type', kind: 'text' },
      { key: 'variant', title: 'Variant', kind: 'text' },
      { key: 'reversal', title: 'Reversal', kind: 'bool' },
    ],
  },
  receipts: {
    id: 'receipts',
    title: 'Receipts',
    filters: ['storeId', 'productId', 'tankId'],
    fields: [
      id,
      at('Received at'),
      day,
      store,
      storeName,
      tank,
      product,
      productName,
      { key: 'supplier', title: 'Supplier', kind: 'text' },
      { key: 'deliveryNote', title: 'Delivery note', kind: 'text' },
      litres,
      { key: 'temperatureC', title: 'Temperature °C', kind: 'number', decimals: 1 },
    ],
  },
  transfers: {
    id: 'transfers',
    title: 'Transfers',
    filters: ['storeId', 'productId', 'tankId', 'employeeId'],
    fields: [
      id,
      at('Transferred at'),
      day,
      store,
      storeName,
      { key: 'fromTank', title: 'From tank', kind: 'text' },
      { key: 'toStore', title: 'To store', kind: 'text' },
      { key: 'toTank', title: 'To tank or bowser', kind: 'text' },
      product,
      productName,
      { key: 'employee', title: 'Employee', kind: 'text' },
      litres,
    ],
  },
  readings: {
    id: 'readings',
    title: 'Tank readings',
    filters: ['storeId', 'productId', 'tankId'],
    fields: [
      id,
      at('Read at'),
      day,
      store,
      storeName,
      tank,
      product,
      productName,
      { key: 'source', title: 'Source', kind: 'text' },
      { key: 'grossLitres', title: 'Gross litres', kind: 'litres', decimals: 3 },
      { key: 'netLitres15', title: 'Net litres at 15 °C', kind: 'litres', decimals: 3 },
      { key: 'waterLitres', title: 'Water litres', kind: 'litres', decimals: 3 },
      { key: 'productHeightMm', title: 'Product height mm', kind: 'number', decimals: 1 },
      { key: 'temperatureC', title: 'Temperature °C', kind: 'number', decimals: 1 },
    ],
  },
  exceptions: {
    id: 'exceptions',
    title: 'Exceptions',
    filters: ['storeId', 'tankId', 'equipmentId'],
    fields: [
      id,
      at('Raised at'),
      day,
      store,
      storeName,
      tank,
      { key: 'fleetNo', title: 'Fleet no.', kind: 'text' },
      { key: 'type', title: 'Type', kind: 'text' },
      { key: 'severity', title: 'Severity', kind: 'text' },
      { key: 'status', title: 'Status', kind: 'text' },
      { key: 'message', title: 'Message', kind: 'text' },
      { key: 'resolvedAt', title: 'Resolved at', kind: 'datetime' },
      { key: 'resolutionReason', title: 'Resolution', kind: 'text' },
    ],
  },
};

/** The field keys of a dataset. */
export const fieldKeys = (d: DatasetId): string[] => DATASETS[d].fields.map((f) => f.key);
/** Numeric fields (a custom report may sum them). */
export const NUMERIC_KINDS = new Set(['litres', 'number', 'money', 'percent']);
