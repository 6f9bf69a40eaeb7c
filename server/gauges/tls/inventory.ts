import { TlsProtocolError, frame, unframe } from './frame';
import { FieldReader, floatToHex, hex2, two, wallText, type WallTime } from './fields';

/**
 * i201 In-Tank Inventory Report, computer format:
 *   i201TT YYMMDDHHmm { TT p ssss NN FFFFFFFF×NN }… &&CCCC
 * TT tank, p product code (1 char), ssss tank status bits (4 hex), NN number of 8-hex-digit IEEE
 * floats that follow: volume, TC volume, ullage, height, water, temperature, water volume (newer
 * consoles may send more; they are skipped). Units are the console's: we configure consoles in
 * metric (litres, mm, °C) — see ADR 010.
 */
export interface InventoryRecord {
  tankNumber: number;
  productCode: string;
  status: number;
  volume: number;
  tcVolume: number;
  ullage: number;
  height: number;
  water: number;
  temperature: number;
  waterVolume: number;
}

export interface InventoryReport {
  /** The console's clock (local wall time). */
  at: WallTime;
  tanks: InventoryRecord[];
}

const FIELDS = ['volume', 'tcVolume', 'ullage', 'height', 'water', 'temperature', 'waterVolume'] as const;

export function parseInventory(reply: string): InventoryReport {
  const body = unframe(reply);
  const r = new FieldReader(body, 'i201');
  const fn = r.take(4, 'the function code');
  if (fn !== 'i201') throw new TlsProtocolError(`Expected an i201 reply, got "${fn}"`);
  r.decimal(2, 'the tank number asked for');
  const at = r.dateTime('the report time');
  const tanks: InventoryRecord[] = [];
  while (!r.done) {
    const tankNumber = r.decimal(2, 'a tank number');
    const productCode = r.take(1, `tank ${two(tankNumber)}'s product code`);
    const status = r.hex(4, `tank ${two(tankNumber)}'s status`);
    const n = r.hex(2, `tank ${two(tankNumber)}'s field count`);
    if (n < FIELDS.length)
      throw new TlsProtocolError(`Tank ${two(tankNumber)} has ${n} fields; an inventory needs ${FIELDS.length}`);
    const values = Array.from({ length: n }, (_, i) =>
      r.float(`tank ${two(tankNumber)}'s ${FIELDS[i] ?? `field ${i + 1}`}`),
    );
    const rec = { tankNumber, productCode, status } as InventoryRecord;
    FIELDS.forEach((f, i) => {
      rec[f] = values[i];
    });
    tanks.push(rec);
  }
  return { at, tanks };
}

/** What a console sends for i201 (the simulator's encoder). */
export function encodeInventory(report: InventoryReport, askedTank = 0): string {
  const tanks = report.tanks.map(
    (t) =>
      `${two(t.tankNumber)}${t.productCode.slice(0, 1) || '1'}${t.status.toString(16).toUpperCase().padStart(4, '0')}${hex2(FIELDS.length)}${FIELDS.map((f) => floatToHex(t[f])).join('')}`,
  );
  return frame(`i201${two(askedTank)}${wallText(report.at)}${tanks.join('')}`);
}
