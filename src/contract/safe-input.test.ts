import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { FIELD_RECORD_INPUT, type FieldRecordKind } from './dispensing';
import { atScale, calendarTime, fieldTime, inCalendar, inCalendarRange, measurable, storableText } from './safe-input';

const ID = '6f9619ff-8b86-4011-b42d-00c04fc964ff';
const AT = '2026-10-01T08:00:00Z';
/** A valid record of each kind with every optional string filled, so each string can be spoilt. */
const SAMPLE: Record<FieldRecordKind, Record<string, unknown>> = {
  dispenses: {
    id: ID,
    variant: 'FAMS',
    storeId: ID,
    tankId: ID,
    equipmentId: ID,
    litres: 1,
    dispensedAt: AT,
    deviceId: 'd',
    note: 'n',
    acceptedWarnings: ['clock_skew'],
  },
  transfers: { id: ID, fromTankId: ID, toBowser: 'BW-1', litres: 1, transferredAt: AT, deviceId: 'd', note: 'n' },
  receipts: {
    id: ID,
    tankId: ID,
    supplier: 'S',
    deliveryNote: 'DN',
    litres: 1,
    receivedAt: AT,
    deviceId: 'd',
    note: 'n',
  },
  dips: { id: ID, tankId: ID, productHeightMm: 1, dippedAt: AT, deviceId: 'd', note: 'n' },
};

describe('storableText', () => {
  it('refuses NUL and lone surrogates, keeps paired surrogates and ordinary text', () => {
    for (const ok of ['', 'plain', 'ñandú', 'fuel 🚚 ok', '\ud83d\ude9a']) expect(storableText(ok), ok).toBe(true);
    for (const bad of ['\u0000', 'a\u0000b', 'x\ud800', '\ud800x', '\udc00', 'a\udc00\ud800', '🚚\ud83d'])
      expect(storableText(bad), JSON.stringify(bad)).toBe(false);
  });

  it.each(Object.keys(SAMPLE) as FieldRecordKind[])(
    'every string field of a %s refuses NUL and a lone surrogate',
    (kind) => {
      const schema = FIELD_RECORD_INPUT[kind] as z.ZodType;
      expect(schema.safeParse(SAMPLE[kind]).success).toBe(true);
      for (const [key, value] of Object.entries(SAMPLE[kind])) {
        if ((key.endsWith('Id') && key !== 'deviceId') || key === 'id' || key === 'variant' || key.endsWith('At'))
          continue;
        const spoil = (s: string) => (Array.isArray(value) ? [s] : typeof value === 'string' ? s : undefined);
        if (spoil('x') === undefined) continue;
        for (const bad of ['a\u0000', 'x\ud800']) {
          const r = schema.safeParse({ ...SAMPLE[kind], [key]: spoil(bad) });
          expect(r.success, `${kind}.${key}`).toBe(false);
          expect(r.error!.issues[0].message).toMatch(/contains a character that cannot be stored$/);
        }
      }
    },
  );
});

describe('fieldTime', () => {
  const t = fieldTime('The time');
  it('takes times from 2000 to a day ahead, refuses the rest in plain words', () => {
    expect(t.safeParse('2000-01-01T00:00:00Z').success).toBe(true);
    expect(t.safeParse(new Date(Date.now() + 23 * 3600_000).toISOString()).success).toBe(true);
    expect(t.safeParse('1999-12-31T23:59:59+00:00').error!.issues[0].message).toBe('The time is before the year 2000');
    expect(t.safeParse('0000-01-01T00:00:00Z').error!.issues[0].message).toBe('The time is before the year 2000');
    expect(t.safeParse(new Date(Date.now() + 25 * 3600_000).toISOString()).error!.issues[0].message).toMatch(
      /^The time is more than a day in the future/,
    );
    expect(t.safeParse('2026-02-30T00:00:00Z').error!.issues).toHaveLength(1);
  });
});

describe('atScale and measurable', () => {
  const litres = atScale(z.number().positive('more than 0'), 'Litres', 3);
  const meter = atScale(z.number().min(0), 'Meter', 1);
  const mm = measurable(z.number().min(0), 'Height', 0.001);
  it('refuses a non-zero amount the column would keep as 0, with one message', () => {
    expect(litres.safeParse(0.001).success).toBe(true);
    expect(litres.safeParse(12.345).success).toBe(true);
    expect(litres.safeParse(5e-324).error!.issues.map((i) => i.message)).toEqual([
      'Litres is too small to be stored: the smallest amount is 0.001',
    ]);
    expect(litres.safeParse(0.0004).error!.issues.map((i) => i.message)).toEqual([
      'Litres is too small to be stored: the smallest amount is 0.001',
      'At most 3 decimal places',
    ]);
    expect(litres.safeParse(0).error!.issues.map((i) => i.message)).toEqual(['more than 0']);
    expect(meter.safeParse(0).success).toBe(true);
    expect(meter.safeParse(1e-10).success).toBe(false);
    expect(mm.safeParse(0).success).toBe(true);
    expect(mm.safeParse(0.25).success).toBe(true);
    expect(mm.safeParse(1e-40).error!.issues[0].message).toBe(
      'Height is too small to be stored: give 0 or at least 0.001',
    );
  });
});

describe('the calendar range (1900–2199)', () => {
  it('refuses year 0000 and 9999 in dates, months and times, and keeps the format check', () => {
    const month = inCalendarRange(z.string().regex(/^\d{4}-\d{2}$/), 'The month');
    expect(month.safeParse('2025-06').success).toBe(true);
    expect(month.safeParse('0000-01').error!.issues.map((i) => i.message)).toEqual([
      'The month must be between 1900 and 2199',
    ]);
    expect(month.safeParse('9999-12').success).toBe(false);
    expect(inCalendar('1900-01-01')).toBe(true);
    expect(inCalendar('2199-12-31T23:59:59Z')).toBe(true);
    expect(inCalendar('1899-12-31')).toBe(false);
    expect(inCalendar('not a date')).toBe(true); // the format check says it
    const t = calendarTime('From');
    expect(t.safeParse('2025-01-01T00:00:00Z').success).toBe(true);
    expect(t.safeParse('0000-01-01T00:00:00Z').error!.issues[0].message).toBe('From must be between 1900 and 2199');
  });
});
