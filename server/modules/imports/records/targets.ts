import { IMPORT_TARGET_INFO, type RecordImportTarget } from '../../../../src/contract/imports';
import { dipHandler } from '../../dispensing/dip.handler';
import { dispenseHandler } from '../../dispensing/dispense.handler';
import type { KindHandler } from '../../dispensing/ingest.types';
import { receiptHandler } from '../../dispensing/receipt.handler';
import { parseNumber } from '../targets/convert';
import type { RefKind, Resolver } from '../targets';
import type { StoreRef } from './records.repository';

/** The device id imported records carry (the ingest requires one; no device wrote them). */
export const IMPORT_DEVICE_ID = 'import';

export interface FieldProblem {
  /** The import field (contract name) whose column the problem belongs to. */
  field: string;
  message: string;
}

/** What every history record has: where and when, found from the row's store and tank codes. */
export interface Placed {
  store: StoreRef;
  storeId: string;
  tankId: string;
  /** ISO instant. */
  at: string;
}

type Values = Record<string, string>;
type AnyHandler = KindHandler<{ id: string }, unknown>;

/** One history-record target: how a row becomes the record the kind's ingest handler takes. */
export interface RecordTargetDef {
  name: RecordImportTarget;
  handler: AnyHandler;
  /** Record field → the import field its errors are reported on (the ingest's field errors). */
  inputs: Record<string, string>;
  /** Cells holding codes of other records, looked up once per chunk. */
  codes: { field: string; kind: RefKind }[];
  build(v: Values, p: Placed, r: Resolver, problems: FieldProblem[]): Record<string, unknown>;
}

const labelOf = (target: RecordImportTarget, field: string) =>
  IMPORT_TARGET_INFO[target].fields.find((f) => f.name === field)?.label ?? field;

/** A number cell: blank → null (or "required"), text that is no number → a problem. */
function numberCell(target: RecordImportTarget, v: Values, field: string, problems: FieldProblem[], required = false) {
  const cell = v[field] ?? '';
  const n = parseNumber(cell);
  if (n === null) {
    if (required) problems.push({ field, message: `${labelOf(target, field)} is required` });
    return null;
  }
  if (Number.isNaN(n)) {
    problems.push({ field, message: `“${cell}” is not a number` });
    return null;
  }
  return n;
}

/** A code of another record → its id; blank → null (or "required"). */
function codeCell(v: Values, field: string, kind: RefKind, r: Resolver, problems: FieldProblem[], what: string) {
  const code = v[field] ?? '';
  if (code === '') return null;
  const id = r.id(kind, code);
  if (!id) problems.push({ field, message: `No ${what} ${code}` });
  return id ?? null;
}

const common = { time: 'time', storeId: 'storeCode', tankId: 'tankCode', note: 'note', id: 'reference' };

export const RECORD_TARGETS: Record<RecordImportTarget, RecordTargetDef> = {
  dispenses: {
    name: 'dispenses',
    handler: dispenseHandler as unknown as AnyHandler,
    inputs: {
      ...common,
      dispensedAt: 'time',
      equipmentId: 'fleetNo',
      employeeId: 'employeeNumber',
      costCentreId: 'costCentreCode',
      litres: 'litres',
      meter: 'meter',
    },
    codes: [
      { field: 'fleetNo', kind: 'equipment' },
      { field: 'employeeNumber', kind: 'employees' },
      { field: 'costCentreCode', kind: 'costCentres' },
    ],
    build(v, p, r, problems) {
      if (!v.fleetNo) problems.push({ field: 'fleetNo', message: 'Fleet no. is required' });
      return {
        // The store's variant: the record is what a device at that store would have written.
        variant: p.store.variant,
        storeId: p.storeId,
        tankId: p.tankId,
        equipmentId: codeCell(v, 'fleetNo', 'equipment', r, problems, 'equipment with fleet no.'),
        employeeId: codeCell(v, 'employeeNumber', 'employees', r, problems, 'employee with number'),
        costCentreId: codeCell(v, 'costCentreCode', 'costCentres', r, problems, 'cost centre with code'),
        litres: numberCell('dispenses', v, 'litres', problems, true),
        meter: numberCell('dispenses', v, 'meter', problems),
        dispensedAt: p.at,
        note: v.note ?? '',
        deviceId: IMPORT_DEVICE_ID,
      };
    },
  },
  receipts: {
    name: 'receipts',
    handler: receiptHandler as unknown as AnyHandler,
    inputs: {
      ...common,
      receivedAt: 'time',
      supplier: 'supplier',
      deliveryNote: 'deliveryNote',
      litres: 'litres',
      dipBeforeMm: 'dipBeforeMm',
      dipAfterMm: 'dipAfterMm',
      temperatureC: 'temperatureC',
    },
    codes: [],
    build: (v, p, _r, problems) => ({
      tankId: p.tankId,
      supplier: v.supplier ?? '',
      deliveryNote: v.deliveryNote ?? '',
      litres: numberCell('receipts', v, 'litres', problems, true),
      dipBeforeMm: numberCell('receipts', v, 'dipBeforeMm', problems),
      dipAfterMm: numberCell('receipts', v, 'dipAfterMm', problems),
      temperatureC: numberCell('receipts', v, 'temperatureC', problems),
      receivedAt: p.at,
      note: v.note ?? '',
      deviceId: IMPORT_DEVICE_ID,
    }),
  },
  dips: {
    name: 'dips',
    handler: dipHandler as unknown as AnyHandler,
    inputs: {
      ...common,
      dippedAt: 'time',
      productHeightMm: 'productHeightMm',
      waterHeightMm: 'waterHeightMm',
      temperatureC: 'temperatureC',
    },
    codes: [],
    build: (v, p, _r, problems) => ({
      tankId: p.tankId,
      productHeightMm: numberCell('dips', v, 'productHeightMm', problems, true),
      waterHeightMm: numberCell('dips', v, 'waterHeightMm', problems) ?? 0,
      temperatureC: numberCell('dips', v, 'temperatureC', problems),
      dippedAt: p.at,
      note: v.note ?? '',
      deviceId: IMPORT_DEVICE_ID,
    }),
  },
};
