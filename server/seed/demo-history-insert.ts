import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../db/client';
import type { DispenseRow } from './demo-history-dispenses';
import type { MovementRow, ReadingRow, ReceiptRow, TransferRow } from './demo-history-tanks';

/**
 * Set-at-a-time writes of the demo year: each chunk is ONE `insert … select from unnest(arrays)`
 * (one parameter per column, whatever the number of rows), so 150 000 dispenses are ~15 statements.
 */
const CHUNK = 10_000;
/** Generated history is written by the system user (id 1) from this "device". */
const SYSTEM = 1;
const DEVICE = 'demo-history';

interface Col<T> {
  name: string;
  type: string;
  of: (row: T) => unknown;
}
const iso = (ms: number) => new Date(ms).toISOString();

async function insertAll<T>(tx: Tx, table: string, fixed: Record<string, SQL>, cols: Col<T>[], rows: readonly T[]) {
  const names = [...Object.keys(fixed), ...cols.map((c) => c.name)].join(', ');
  for (let i = 0; i < rows.length; i += CHUNK) {
    const part = rows.slice(i, i + CHUNK);
    const arrays = sql.join(
      cols.map((c) => sql`${sql.param(part.map(c.of))}::${sql.raw(c.type)}[]`),
      sql`, `,
    );
    const consts = Object.values(fixed);
    await tx.execute(sql`insert into ${sql.raw(table)} (${sql.raw(names)})
      select ${sql.join(consts, sql`, `)}, u.* from unnest(${arrays}) as u`);
  }
}

export async function insertDispenses(tx: Tx, accountId: number, rows: readonly DispenseRow[]) {
  await insertAll<DispenseRow>(
    tx,
    'dispenses',
    {
      account_id: sql`${accountId}::bigint`,
      payload_hash: sql`${DEVICE}`,
      device_id: sql`${DEVICE}`,
      created_by: sql`${SYSTEM}::bigint`,
    },
    [
      { name: 'id', type: 'uuid', of: (d) => d.id },
      { name: 'variant', type: 'text', of: (d) => d.variant },
      { name: 'store_id', type: 'uuid', of: (d) => d.storeId },
      { name: 'tank_id', type: 'uuid', of: (d) => d.tankId },
      { name: 'product_id', type: 'uuid', of: (d) => d.productId },
      { name: 'equipment_id', type: 'uuid', of: (d) => d.equipmentId },
      { name: 'employee_id', type: 'uuid', of: (d) => d.employeeId },
      { name: 'cost_centre_id', type: 'uuid', of: (d) => d.costCentreId },
      { name: 'litres', type: 'numeric', of: (d) => d.litres },
      { name: 'meter', type: 'numeric', of: (d) => d.meter },
      { name: 'meter_type', type: 'text', of: (d) => d.meterType },
      { name: 'dispensed_at', type: 'timestamptz', of: (d) => iso(d.at) },
      { name: 'received_at', type: 'timestamptz', of: (d) => iso(d.receivedAt) },
      { name: 'gps_lat', type: 'float8', of: (d) => d.gpsLat },
      { name: 'gps_lng', type: 'float8', of: (d) => d.gpsLng },
      { name: 'gps_accuracy_m', type: 'real', of: (d) => d.gpsAccuracyM },
      { name: 'employee_by', type: 'text', of: (d) => d.employeeBy },
    ],
    rows,
  );
}

export async function insertReceipts(tx: Tx, accountId: number, rows: readonly ReceiptRow[]) {
  await insertAll<ReceiptRow>(
    tx,
    'receipts',
    {
      account_id: sql`${accountId}::bigint`,
      payload_hash: sql`${DEVICE}`,
      device_id: sql`${DEVICE}`,
      created_by: sql`${SYSTEM}::bigint`,
    },
    [
      { name: 'id', type: 'uuid', of: (x) => x.id },
      { name: 'tank_id', type: 'uuid', of: (x) => x.tankId },
      { name: 'supplier', type: 'text', of: (x) => x.supplier },
      { name: 'delivery_note', type: 'text', of: (x) => x.deliveryNote },
      { name: 'litres', type: 'numeric', of: (x) => x.litres },
      { name: 'dip_before_mm', type: 'real', of: (x) => x.dipBeforeMm },
      { name: 'dip_after_mm', type: 'real', of: (x) => x.dipAfterMm },
      { name: 'temperature_c', type: 'real', of: (x) => x.temperatureC },
      { name: 'received_on', type: 'timestamptz', of: (x) => iso(x.at) },
      { name: 'received_at', type: 'timestamptz', of: (x) => iso(x.receivedAt) },
    ],
    rows,
  );
}

export async function insertTransfers(tx: Tx, accountId: number, rows: readonly TransferRow[]) {
  await insertAll<TransferRow>(
    tx,
    'transfers',
    {
      account_id: sql`${accountId}::bigint`,
      payload_hash: sql`${DEVICE}`,
      device_id: sql`${DEVICE}`,
      created_by: sql`${SYSTEM}::bigint`,
    },
    [
      { name: 'id', type: 'uuid', of: (x) => x.id },
      { name: 'from_tank_id', type: 'uuid', of: (x) => x.fromTankId },
      { name: 'to_tank_id', type: 'uuid', of: (x) => x.toTankId },
      { name: 'to_bowser', type: 'text', of: (x) => x.toBowser },
      { name: 'litres', type: 'numeric', of: (x) => x.litres },
      { name: 'transferred_at', type: 'timestamptz', of: (x) => iso(x.at) },
      { name: 'employee_id', type: 'uuid', of: (x) => x.employeeId },
      { name: 'received_at', type: 'timestamptz', of: (x) => iso(x.at + 300_000) },
    ],
    rows,
  );
}

export async function insertReadings(tx: Tx, accountId: number, rows: readonly ReadingRow[]) {
  await insertAll<ReadingRow>(
    tx,
    'tank_readings',
    { account_id: sql`${accountId}::bigint` },
    [
      { name: 'tank_id', type: 'uuid', of: (x) => x.tankId },
      { name: 'read_at', type: 'timestamptz', of: (x) => iso(x.at) },
      { name: 'source', type: 'text', of: (x) => x.source },
      { name: 'product_height_mm', type: 'real', of: (x) => x.productHeightMm },
      { name: 'water_height_mm', type: 'real', of: (x) => x.waterHeightMm },
      { name: 'temperature_c', type: 'real', of: (x) => x.temperatureC },
      { name: 'gross_litres', type: 'numeric', of: (x) => x.grossLitres },
      { name: 'net_litres_15', type: 'numeric', of: (x) => x.netLitres15 },
      { name: 'ullage_litres', type: 'numeric', of: (x) => x.ullageLitres },
      { name: 'water_litres', type: 'numeric', of: (x) => x.waterLitres },
      { name: 'device_id', type: 'text', of: (x) => (x.source === 'dip' ? DEVICE : null) },
      { name: 'received_at', type: 'timestamptz', of: (x) => iso(x.at + 20_000) },
    ],
    rows,
  );
}

export async function insertMovements(tx: Tx, accountId: number, rows: readonly MovementRow[]) {
  await insertAll<MovementRow>(
    tx,
    'stock_movements',
    { account_id: sql`${accountId}::bigint` },
    [
      { name: 'tank_id', type: 'uuid', of: (x) => x.tankId },
      { name: 'at', type: 'timestamptz', of: (x) => iso(x.at) },
      { name: 'litres', type: 'numeric', of: (x) => x.litres },
      { name: 'kind', type: 'text', of: (x) => x.kind },
      { name: 'ref_id', type: 'uuid', of: (x) => x.refId },
    ],
    rows,
  );
}

/** The stock movement of every generated record, signed as the ingest writes them. */
export function movementsOf(
  dispenses: readonly DispenseRow[],
  receipts: readonly ReceiptRow[],
  transfers: readonly TransferRow[],
): MovementRow[] {
  const out: MovementRow[] = [];
  for (const d of dispenses) out.push({ tankId: d.tankId, at: d.at, litres: -d.litres, kind: 'dispense', refId: d.id });
  for (const r of receipts) out.push({ tankId: r.tankId, at: r.at, litres: r.litres, kind: 'receipt', refId: r.id });
  for (const t of transfers) {
    out.push({ tankId: t.fromTankId, at: t.at, litres: -t.litres, kind: 'transfer_out', refId: t.id });
    if (t.toTankId) out.push({ tankId: t.toTankId, at: t.at, litres: t.litres, kind: 'transfer_in', refId: t.id });
  }
  return out;
}
