/** Hostile values: the strings, numbers and dates every field is tried with. */
import fc from 'fast-check';

const NOW = new Date();
export const month = NOW.toISOString().slice(0, 7);
export const today = NOW.toISOString().slice(0, 10);

const HOSTILE_STRINGS: string[] = [
  '',
  ' ',
  'a\u0000b',
  '\u0000',
  '\ud800',
  'x\udfff',
  'ab\ud83d',
  '\udc00\ud800',
  '0000-01-01',
  '0000-01',
  '9999-12-31',
  '9999-12',
  '0000-01-01T00:00:00Z',
  '9999-12-31T23:59:59Z',
  '0000-01-01T00:00:00.000+14:00',
  '+275760-09-13T00:00:00.000Z',
  '-000001-01-01T00:00:00Z',
  '1899-12-31',
  '2024-02-30',
  '2024-13',
  '2024-00-10',
  '2023-02-29',
  '24:00',
  '99:99',
  '1e400',
  '5e-324',
  '-1',
  '-0',
  'NaN',
  'Infinity',
  '99999999999999999999999999',
  '0x10',
  "'; drop table stores; --",
  '%_\\',
  'null',
  'true',
  '{}',
  '[]',
  'x'.repeat(10_000),
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  '\u2028\ufeff\u202e',
  '١٢٣',
  'Ünïcödé 🚚',
  '-',
  ',',
  'a,b,,c',
  '$1',
  '\\u0000',
];
const HOSTILE_NUMBERS: number[] = [
  0,
  -0,
  1,
  -1,
  5e-324,
  -5e-324,
  1e-7,
  0.0004,
  0.0005,
  1.23456789,
  0.1 + 0.2,
  1e308,
  -1e308,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 53 + 1,
  -(2 ** 63),
  1e21,
  123456789012.3456,
  999_999_999.9999,
  1e15,
];

/** Any date from year 0000 to 9999, as a date, month or instant. */
const dateish = fc
  .date({ min: new Date('0000-01-01T00:00:00Z'), max: new Date('9999-12-31T23:59:59.999Z'), noInvalidDate: true })
  .chain((d) => {
    const iso = d.toISOString();
    return fc.constantFrom(iso, iso.slice(0, 10), iso.slice(0, 7), iso.slice(0, 19), `${iso.slice(0, 19)}+14:00`);
  });

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
  { weight: 2, arbitrary: dateish },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.string({ maxLength: 8 }), fc.constantFrom('\u0000', '\ud800', '\udfff'), fc.string({ maxLength: 8 }))
      .map((t) => t.join('')),
  },
  { weight: 1, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }).map(String) },
);

const hostileNumber: fc.Arbitrary<number> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...HOSTILE_NUMBERS) },
  { weight: 1, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }) },
  { weight: 1, arbitrary: fc.integer({ min: -1000, max: 1_000_000 }) },
);

export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 5, arbitrary: hostileString },
  { weight: 4, arbitrary: hostileNumber },
  {
    weight: 1,
    arbitrary: fc.constantFrom<unknown>(true, false, null, [], {}, [null], { a: 1 }, [[[[[]]]]], ['\u0000'], {
      '\u0000': 1,
    }),
  },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
);
