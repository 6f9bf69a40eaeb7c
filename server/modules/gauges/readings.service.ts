import crypto from 'node:crypto';
import { gaugeDedupeKey, WATER_ALARM_MM, type ReadingSource } from '../../../src/contract/gauges';
import { volumeAtHeight } from '../../../src/contract/setup/strapping';
import { netLitres15, productDensity15 } from '../../../src/contract/volume-correction';
import type { DbOrTx } from '../../db/client';
import {
  readingKey,
  readingsRepository,
  type ExceptionRow,
  type ReadingRow,
  type ReadingTank,
} from './readings.repository';

/** What any source knows of one reading; the store works out the rest. */
export interface ReadingInput {
  tankId: string;
  readAt: Date;
  source: ReadingSource;
  /** Total liquid level (product on top of any water), mm — what a gauge's float or a dip stick shows. */
  productHeightMm?: number | null;
  waterHeightMm?: number | null;
  temperatureC?: number | null;
  /** Gross product volume at the observed temperature; computed from the height when missing. */
  grossLitres?: number | null;
  gaugeDeviceId?: string | null;
  /** Field records (dips) bring the device's UUID; otherwise one is made here. */
  id?: string;
  payloadHash?: string | null;
  deviceId?: string | null;
  note?: string;
  createdBy?: number | null;
}

export interface StoredReading {
  /** Position in the input. */
  index: number;
  /** The stored row's id (the earlier row's when this one was a duplicate). */
  id: string;
  tankId: string;
  readAt: Date;
  source: ReadingSource;
  status: 'created' | 'duplicate';
  grossLitres: number;
  netLitres15: number | null;
  ullageLitres: number;
  waterLitres: number | null;
  /** Exception codes this reading raised (none for duplicates, or when one is already open). */
  exceptions: string[];
}

/**
 * A reading that cannot be stored (unknown tank, no way to a volume). storeReadings checks every
 * reading before it writes anything, so this means nothing of the call was stored.
 */
export class ReadingError extends Error {
  constructor(
    readonly index: number,
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
  /** As the `fieldErrors` of an error body, under the caller's prefix (e.g. `readings.3.`). */
  fieldErrors(prefix = ''): Record<string, string[]> {
    return { [`${prefix}${this.field}`]: [this.message] };
  }
}

const r3 = (v: number) => Math.round(v * 1000) / 1000;
const fmt = (v: number) => `${Math.round(v).toLocaleString('en-US')} L`;

interface Computed {
  gross: number;
  water: number | null;
  net: number | null;
  ullage: number;
}

/**
 * Gross product volume: the chart's volume at the liquid level minus the water below it (the TLS
 * convention, where "volume" excludes water), unless the source measured the volume itself.
 */
function compute(tank: ReadingTank, r: ReadingInput, index: number): Computed {
  const chart = tank.strappingChart ?? [];
  const water =
    r.waterHeightMm != null && r.waterHeightMm > 0 && chart.length >= 2
      ? volumeAtHeight(chart, r.waterHeightMm)
      : r.waterHeightMm === 0
        ? 0
        : null;
  let gross = r.grossLitres ?? null;
  if (gross === null) {
    if (r.productHeightMm == null)
      throw new ReadingError(index, 'productHeightMm', 'Give a product height or a gross volume');
    if (chart.length < 2)
      throw new ReadingError(
        index,
        'productHeightMm',
        `Tank ${tank.code} has no strapping chart, so a height cannot be turned into a volume`,
      );
    const total = volumeAtHeight(chart, r.productHeightMm);
    if (total === null) {
      throw new ReadingError(
        index,
        'productHeightMm',
        `${r.productHeightMm} mm is outside tank ${tank.code}'s strapping chart (${chart[0].heightMm}–${chart[chart.length - 1].heightMm} mm)`,
      );
    }
    gross = Math.max(0, total - (water ?? 0));
  }
  if (!(gross >= 0) || gross > tank.capacity * 1.1)
    throw new ReadingError(
      index,
      'grossLitres',
      `${gross} L is not possible in tank ${tank.code} (capacity ${tank.capacity} L)`,
    );
  gross = r3(gross);
  return {
    gross,
    water: water === null ? null : r3(water),
    net: netLitres15(gross, r.temperatureC, productDensity15(tank)),
    ullage: r3(tank.safeFill - gross),
  };
}

/** The conditions a tank's newest reading shows; each raised once while open. */
function conditions(tank: ReadingTank, r: ReadingInput, c: Computed, readingId: string): ExceptionRow[] {
  const base = { entity: 'tank_reading', entityId: readingId, storeId: tank.storeId, tankId: tank.id };
  const at = { readAt: r.readAt.toISOString(), source: r.source, grossLitres: c.gross };
  const out: ExceptionRow[] = [];
  if (c.gross < tank.lowLevel) {
    out.push({
      ...base,
      code: 'low_level',
      severity: 'warning',
      dedupeKey: gaugeDedupeKey('low_level', tank.id),
      message: `Tank ${tank.code} (${tank.name}) is below its low level: ${fmt(c.gross)} (low level ${fmt(tank.lowLevel)})`,
      details: { ...at, lowLevel: tank.lowLevel },
    });
  }
  if (c.gross > tank.safeFill) {
    out.push({
      ...base,
      code: 'high_level',
      severity: 'critical',
      dedupeKey: gaugeDedupeKey('high_level', tank.id),
      message: `Tank ${tank.code} (${tank.name}) is above its safe fill: ${fmt(c.gross)} (safe fill ${fmt(tank.safeFill)})`,
      details: { ...at, safeFill: tank.safeFill },
    });
  }
  if (r.waterHeightMm != null && r.waterHeightMm > WATER_ALARM_MM) {
    out.push({
      ...base,
      code: 'water',
      severity: 'warning',
      dedupeKey: gaugeDedupeKey('water', tank.id),
      message: `Tank ${tank.code} (${tank.name}) has ${Math.round(r.waterHeightMm)} mm of water (alarm above ${WATER_ALARM_MM} mm)`,
      details: { ...at, waterHeightMm: r.waterHeightMm, waterLitres: c.water },
    });
  }
  return out;
}

/**
 * THE way a tank reading is stored, whatever its source (gauge poll, HTTP push, manual dip,
 * import): heights → volumes by the tank's strapping chart, gross → net at 15 °C (table 54B with
 * the product's density), ullage to the safe fill, one row per tank, source and instant (a
 * re-polled or re-sent reading is a duplicate, not a second row), and the exceptions its tank's
 * newest reading shows: low level, above safe fill, water. Exceptions are raised once while open
 * and never resolved here (a person resolves them). Runs in a savepoint of the caller's
 * transaction (or its own transaction): every reading is checked before anything is written,
 * so a ReadingError means nothing was stored.
 */
export async function storeReadings(tx: DbOrTx, accountId: number, readings: ReadingInput[]): Promise<StoredReading[]> {
  if (!readings.length) return [];
  const lookup = readingsRepository(tx, accountId);
  const tankIds = [...new Set(readings.map((r) => r.tankId))];
  const tanks = await lookup.tanks(tankIds);

  const prepared = readings.map((r, index) => {
    const tank = tanks.get(r.tankId);
    if (!tank || tank.deleted) throw new ReadingError(index, 'tankId', 'Choose an existing tank');
    if (!(r.readAt instanceof Date) || Number.isNaN(r.readAt.getTime()))
      throw new ReadingError(index, 'readAt', 'A valid time is required');
    const computed = compute(tank, r, index);
    const id = r.id ?? crypto.randomUUID();
    const row: ReadingRow = {
      accountId,
      id,
      tankId: r.tankId,
      readAt: r.readAt,
      source: r.source,
      productHeightMm: r.productHeightMm ?? null,
      waterHeightMm: r.waterHeightMm ?? null,
      temperatureC: r.temperatureC ?? null,
      grossLitres: computed.gross,
      netLitres15: computed.net,
      ullageLitres: computed.ullage,
      waterLitres: computed.water,
      gaugeDeviceId: r.gaugeDeviceId ?? null,
      payloadHash: r.payloadHash ?? null,
      deviceId: r.deviceId ?? null,
      note: r.note ?? '',
      createdBy: r.createdBy ?? null,
    };
    return { index, input: r, tank, computed, row };
  });

  const run = async (db: DbOrTx): Promise<StoredReading[]> => {
    const repo = readingsRepository(db, accountId);
    const before = await repo.latestReadAt(tankIds);
    const inserted = await repo.insert(prepared.map((p) => p.row));
    const dupKeys = prepared.filter((p) => !inserted.has(p.row.id!)).map((p) => p.input);
    const existing = await repo.existing(dupKeys);

    // Only a tank's newest reading (newer than what was stored before) speaks for its state now:
    // an old reading arriving late (an import, a replayed batch) must not raise today's alarms.
    const newest = new Map<string, (typeof prepared)[number]>();
    for (const p of prepared) {
      if (!inserted.has(p.row.id!)) continue;
      const prev = before.get(p.input.tankId);
      if (prev && p.input.readAt < prev) continue;
      const cur = newest.get(p.input.tankId);
      if (!cur || p.input.readAt >= cur.input.readAt) newest.set(p.input.tankId, p);
    }
    const raised = await repo.raise(
      [...newest.values()].flatMap((p) => conditions(p.tank, p.input, p.computed, p.row.id!)),
    );
    const codesOf = new Map<string, string[]>();
    for (const e of raised) codesOf.set(e.entityId!, [...(codesOf.get(e.entityId!) ?? []), e.code]);

    return prepared.map((p) => {
      const created = inserted.has(p.row.id!);
      return {
        index: p.index,
        id: created ? p.row.id! : (existing.get(readingKey(p.input)) ?? p.row.id!),
        tankId: p.input.tankId,
        readAt: p.input.readAt,
        source: p.input.source,
        status: created ? 'created' : 'duplicate',
        grossLitres: p.computed.gross,
        netLitres15: p.computed.net,
        ullageLitres: p.computed.ullage,
        waterLitres: p.computed.water,
        exceptions: created ? (codesOf.get(p.row.id!) ?? []) : [],
      };
    });
  };
  // A savepoint inside the caller's transaction, or a transaction of its own: all or nothing.
  return tx.transaction(run);
}
