import { TlsProtocolError, frame, unframe } from './frame';
import { FieldReader, floatToHex, hex2, two, wallText, type WallTime } from './fields';

/**
 * i202 Delivery Report, computer format:
 *   i202TT YYMMDDHHmm { TT p dd { YYMMDDHHmm YYMMDDHHmm NN FFFFFFFF×NN }×dd }… &&CCCC
 * dd = number of deliveries of the tank (2 digits), each with its start and end (console local
 * time) and NN floats: starting volume, starting TC volume, starting water, starting temperature,
 * ending volume, ending TC volume, ending water, ending temperature, starting height, ending height.
 */
export interface DeliveryRecord {
  tankNumber: number;
  productCode: string;
  start: WallTime;
  end: WallTime;
  startVolume: number;
  startTcVolume: number;
  startWater: number;
  startTemperature: number;
  endVolume: number;
  endTcVolume: number;
  endWater: number;
  endTemperature: number;
  startHeight: number;
  endHeight: number;
}

export interface DeliveryReport {
  at: WallTime;
  deliveries: DeliveryRecord[];
}

const FIELDS = [
  'startVolume',
  'startTcVolume',
  'startWater',
  'startTemperature',
  'endVolume',
  'endTcVolume',
  'endWater',
  'endTemperature',
  'startHeight',
  'endHeight',
] as const;
/** Fields needed to know what was delivered (the heights are optional on older consoles). */
const REQUIRED = 8;

export function parseDeliveries(reply: string): DeliveryReport {
  const body = unframe(reply);
  const r = new FieldReader(body, 'i202');
  const fn = r.take(4, 'the function code');
  if (fn !== 'i202') throw new TlsProtocolError(`Expected an i202 reply, got "${fn}"`);
  r.decimal(2, 'the tank number asked for');
  const at = r.dateTime('the report time');
  const deliveries: DeliveryRecord[] = [];
  while (!r.done) {
    const tankNumber = r.decimal(2, 'a tank number');
    const tank = `tank ${two(tankNumber)}`;
    const productCode = r.take(1, `${tank}'s product code`);
    const count = r.decimal(2, `${tank}'s number of deliveries`);
    for (let d = 0; d < count; d++) {
      const start = r.dateTime(`${tank}'s delivery ${d + 1} start`);
      const end = r.dateTime(`${tank}'s delivery ${d + 1} end`);
      const n = r.hex(2, `${tank}'s delivery ${d + 1} field count`);
      if (n < REQUIRED)
        throw new TlsProtocolError(`${tank}'s delivery ${d + 1} has ${n} fields; at least ${REQUIRED} are needed`);
      const values = Array.from({ length: n }, (_, i) =>
        r.float(`${tank}'s delivery ${d + 1} ${FIELDS[i] ?? `field ${i + 1}`}`),
      );
      const rec = { tankNumber, productCode, start, end, startHeight: 0, endHeight: 0 } as DeliveryRecord;
      FIELDS.forEach((f, i) => {
        if (i < n) rec[f] = values[i];
      });
      deliveries.push(rec);
    }
  }
  return { at, deliveries };
}

/** What a console sends for i202 (the simulator's encoder); deliveries grouped by tank in order. */
export function encodeDeliveries(
  report: DeliveryReport,
  tankNumbers: { tankNumber: number; productCode: string }[],
  askedTank = 0,
): string {
  const parts = tankNumbers.map(({ tankNumber, productCode }) => {
    const mine = report.deliveries.filter((d) => d.tankNumber === tankNumber);
    const each = mine.map(
      (d) =>
        `${wallText(d.start)}${wallText(d.end)}${hex2(FIELDS.length)}${FIELDS.map((f) => floatToHex(d[f])).join('')}`,
    );
    return `${two(tankNumber)}${productCode.slice(0, 1) || '1'}${two(mine.length)}${each.join('')}`;
  });
  return frame(`i202${two(askedTank)}${wallText(report.at)}${parts.join('')}`);
}
