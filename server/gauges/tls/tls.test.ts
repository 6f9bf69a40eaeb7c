import { describe, expect, it } from 'vitest';
import {
  checksumOf,
  command,
  encodeDeliveries,
  encodeInventory,
  frame,
  parseDeliveries,
  parseInventory,
  TlsProtocolError,
  unframe,
  type DeliveryRecord,
  type InventoryRecord,
} from './index';
import { dateToWall, wallToDate } from './time';

/**
 * A reply written out by hand (not by our encoder): i201 for all tanks, console time
 * 2024-03-15 10:30, tank 01, product code 1, status 0000, 7 fields:
 *   volume 20000 = 469C4000, TC volume 19850 = 469B1400, ullage 10000 = 461C4000,
 *   height 1500 mm = 44BB8000, water 12.5 mm = 41480000, temperature 18.25 °C = 41920000,
 *   water volume 60 L = 42700000 (IEEE-754 single, big-endian hex).
 * Checksum: the 16-bit two's complement of the sum of the 84 characters <SOH>…&& = EF53
 * (worked out separately with Python: (-sum(map(ord, s))) & 0xffff).
 */
const HAND_WRITTEN =
  '\x01i201002403151030' + '011000007' + '469C4000469B1400461C400044BB8000414800004192000042700000' + '&&EF53\x03';

const tank = (n: number, over: Partial<InventoryRecord> = {}): InventoryRecord => ({
  tankNumber: n,
  productCode: String(n % 10),
  status: 0,
  volume: 5000.5,
  tcVolume: 4990.25,
  ullage: 24999.5,
  height: 350,
  water: 0,
  temperature: 21.5,
  waterVolume: 0,
  ...over,
});

describe('framing and checksum', () => {
  it('builds commands: <SOH>i201TT, 00 = all tanks', () => {
    expect(command('201')).toBe('\x01i20100');
    expect(command('202', 7)).toBe('\x01i20207');
    expect(() => command('201', 100)).toThrow(RangeError);
  });

  it("computes the checksum so that the characters' sum plus it is 0 mod 65536", () => {
    const text = '\x01i20100&&';
    const sum = [...text].reduce((s, c) => s + c.charCodeAt(0), 0);
    expect((sum + parseInt(checksumOf(text), 16)) % 65536).toBe(0);
    expect(frame('i20100')).toBe(`${text}${checksumOf(text)}\x03`);
  });
});

describe('i201 inventory', () => {
  it('parses the hand-written reply', () => {
    const r = parseInventory(HAND_WRITTEN);
    expect(r.at).toEqual({ year: 2024, month: 3, day: 15, hour: 10, minute: 30 });
    expect(r.tanks).toEqual([
      {
        tankNumber: 1,
        productCode: '1',
        status: 0,
        volume: 20000,
        tcVolume: 19850,
        ullage: 10000,
        height: 1500,
        water: 12.5,
        temperature: 18.25,
        waterVolume: 60,
      },
    ]);
  });

  it('round-trips frames recorded from the simulator encoder (several tanks, float precision)', () => {
    const report = {
      at: { year: 2026, month: 11, day: 2, hour: 23, minute: 59 },
      tanks: [tank(1), tank(2, { status: 0x0101, water: 42.75 }), tank(12, { volume: 0, tcVolume: 0 })],
    };
    const reply = encodeInventory(report);
    expect(reply.startsWith('\x01i201002611022359011000007')).toBe(true);
    expect(parseInventory(reply)).toEqual(report);
    // Values that a float32 cannot hold exactly come back as the nearest float32.
    const odd = parseInventory(encodeInventory({ ...report, tanks: [tank(3, { volume: 12345.678 })] }));
    expect(odd.tanks[0].volume).toBeCloseTo(12345.678, 2);
  });

  it('accepts an empty report (no tanks configured) and extra fields from newer consoles', () => {
    expect(parseInventory(frame('i201002401010000')).tanks).toEqual([]);
    const eight = frame(`i2010024010100000110000${'08'}${'469C4000'.repeat(7)}3F800000`);
    expect(parseInventory(eight).tanks[0].volume).toBe(20000);
  });

  it('refuses a reply with a bad checksum, naming both sums', () => {
    const bad = HAND_WRITTEN.replace('&&EF53', '&&EF54');
    expect(() => parseInventory(bad)).toThrow(TlsProtocolError);
    expect(() => parseInventory(bad)).toThrow('Checksum mismatch: the reply says EF54, its characters add up to EF53');
    // One changed digit in the data (a line error) is caught the same way.
    const corrupted = HAND_WRITTEN.replace('469C4000', '469C4001');
    expect(() => parseInventory(corrupted)).toThrow(/Checksum mismatch/);
  });

  it('refuses a truncated reply: cut before the end, or cut inside a tank record', () => {
    expect(() => parseInventory(HAND_WRITTEN.slice(0, 40))).toThrow(
      'The reply is truncated: no <ETX> after 40 characters',
    );
    // A well-framed reply whose tank record is short (the console cut it): the field is named.
    const short = frame('i20100240315103001100000746');
    expect(() => parseInventory(short)).toThrow(
      /i201 reply is truncated: tank 01's volume needs 8 characters at position 25, only 2 left/,
    );
  });

  it('explains other wrong answers', () => {
    expect(() => parseInventory('\x019999FF1B\x03')).toThrow(/did not understand the command/);
    expect(() => parseInventory('garbage')).toThrow(/does not start with <SOH>/);
    expect(() => parseInventory(frame('i20200240315103000'))).toThrow('Expected an i201 reply, got "i202"');
    expect(() => parseInventory('\x01i20100&&ZZZZ\x03')).toThrow(/not 4 hex digits/);
    expect(() => parseInventory(frame('i2010024131510300110000074'))).toThrow(/impossible the report time/);
  });

  it('unframe returns the body between <SOH> and &&', () => {
    expect(unframe(HAND_WRITTEN)).toBe(HAND_WRITTEN.slice(1, HAND_WRITTEN.indexOf('&&')));
  });
});

describe('i202 deliveries', () => {
  const delivery = (n: number, over: Partial<DeliveryRecord> = {}): DeliveryRecord => ({
    tankNumber: n,
    productCode: '1',
    start: { year: 2026, month: 1, day: 5, hour: 8, minute: 0 },
    end: { year: 2026, month: 1, day: 5, hour: 8, minute: 40 },
    startVolume: 3000,
    startTcVolume: 2990,
    startWater: 5,
    startTemperature: 12,
    endVolume: 18000,
    endTcVolume: 17950,
    endWater: 5,
    endTemperature: 14.5,
    startHeight: 400,
    endHeight: 1900,
    ...over,
  });

  it('round-trips several deliveries per tank and a tank without any', () => {
    const report = {
      at: { year: 2026, month: 1, day: 6, hour: 9, minute: 15 },
      deliveries: [delivery(1), delivery(1, { startVolume: 100 }), delivery(3, { productCode: '3' })],
    };
    const reply = encodeDeliveries(report, [
      { tankNumber: 1, productCode: '1' },
      { tankNumber: 2, productCode: '2' },
      { tankNumber: 3, productCode: '3' },
    ]);
    // Tank 02 says "0 deliveries": `022 00`.
    expect(unframe(reply)).toContain('02200');
    expect(parseDeliveries(reply)).toEqual(report);
  });

  it('parses a hand-written delivery record (10 fields, count 0A)', () => {
    const f = [
      '453B8000',
      '453AE000',
      '40A00000',
      '41400000',
      '468CA000',
      '468C3C00',
      '40A00000',
      '41680000',
      '43C80000',
      '44ED8000',
    ];
    // 3000, 2990, 5, 12, 18000, 17950, 5, 14.5, 400, 1900
    const reply = frame(`i20200${'2601060915'}011${'01'}${'2601050800'}${'2601050840'}0A${f.join('')}`);
    expect(parseDeliveries(reply).deliveries).toEqual([delivery(1)]);
  });

  it('refuses a truncated delivery and a bad checksum', () => {
    const good = encodeDeliveries(
      { at: { year: 2026, month: 1, day: 6, hour: 9, minute: 15 }, deliveries: [delivery(1)] },
      [{ tankNumber: 1, productCode: '1' }],
    );
    expect(() => parseDeliveries(good.slice(0, -3))).toThrow(/truncated/);
    const body = unframe(good);
    expect(() => parseDeliveries(frame(body.slice(0, -20)))).toThrow(/tank 01's delivery 1 .* needs 8 characters/);
    expect(() => parseDeliveries(good.replace(/&&(....)/, '&&0000'))).toThrow(/Checksum mismatch/);
  });
});

describe('console wall time', () => {
  it('converts local console time to an instant and back, across DST', () => {
    const w = { year: 2026, month: 7, day: 1, hour: 12, minute: 0 };
    expect(wallToDate(w, 'Europe/Berlin').toISOString()).toBe('2026-07-01T10:00:00.000Z');
    expect(wallToDate({ ...w, month: 1 }, 'Europe/Berlin').toISOString()).toBe('2026-01-01T11:00:00.000Z');
    expect(wallToDate(w, 'Africa/Johannesburg').toISOString()).toBe('2026-07-01T10:00:00.000Z');
    expect(dateToWall(new Date('2026-07-01T10:00:00Z'), 'Europe/Berlin')).toEqual(w);
  });
});
