import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../../../tests/api/harness';
import { ingestFixture, post, type IngestFixture } from './fixture.testutil';

/**
 * Issue 9: one record the database could not store as given (an id that is not a UUID, NUL or a
 * lone surrogate in a string, a time PostgreSQL refuses, an amount the column would keep as 0)
 * is answered `rejected` (400, a reason, field errors in plain words) and the rest of its batch
 * is stored, for every kind; a resend answers the same.
 */
let srv: TestServer;
let f: IngestFixture;

beforeAll(async () => {
  srv = await startServer();
  f = await ingestFixture(srv);
});
afterAll(async () => {
  await srv?.close();
});

let minute = 0;
/** A distinct past instant per record (dips of one tank must not share one). */
const at = () => new Date(Date.UTC(2026, 9, 1, 8) + ++minute * 60_000).toISOString();

interface Kind {
  path: string;
  table: string;
  time: string;
  amount: string;
  text: string;
  good: () => Record<string, unknown>;
}
const KINDS: Kind[] = [
  {
    path: 'dispenses',
    table: 'dispenses',
    time: 'dispensedAt',
    amount: 'litres',
    text: 'acceptedWarnings.0',
    good: () => ({
      id: crypto.randomUUID(),
      variant: 'FAMS',
      storeId: f.store,
      tankId: f.tankA,
      equipmentId: f.e2,
      litres: 1,
      dispensedAt: at(),
      deviceId: 'bad-test',
    }),
  },
  {
    path: 'transfers',
    table: 'transfers',
    time: 'transferredAt',
    amount: 'litres',
    text: 'toBowser',
    good: () => ({
      id: crypto.randomUUID(),
      fromTankId: f.tankA,
      toBowser: 'BW-1',
      litres: 2,
      transferredAt: at(),
      deviceId: 'bad-test',
    }),
  },
  {
    path: 'receipts',
    table: 'receipts',
    time: 'receivedAt',
    amount: 'litres',
    text: 'supplier',
    good: () => ({
      id: crypto.randomUUID(),
      tankId: f.tankB,
      supplier: 'Fuel Co',
      deliveryNote: 'DN-9',
      litres: 3,
      dipBeforeMm: 10,
      receivedAt: at(),
      deviceId: 'bad-test',
    }),
  },
  {
    path: 'dips',
    table: 'tank_readings',
    time: 'dippedAt',
    amount: 'productHeightMm',
    text: 'deviceId',
    good: () => ({
      id: crypto.randomUUID(),
      tankId: f.tankA,
      productHeightMm: 900,
      dippedAt: at(),
      deviceId: 'bad-test',
    }),
  },
];

/** A field path `a.0` as a record override. */
function withValue(record: Record<string, unknown>, path: string, value: unknown) {
  const [key, index] = path.split('.');
  return { ...record, [key]: index === undefined ? value : [value] };
}

/** Each bad sort: how to spoil a good record, the field it is answered under and its message. */
const BAD: {
  sort: string;
  spoil: (k: Kind, r: Record<string, unknown>) => Record<string, unknown>;
  field: (k: Kind) => string;
  message: RegExp;
}[] = [
  {
    sort: 'an id that is not a UUID',
    spoil: (_k, r) => ({ ...r, id: 'not-a-uuid' }),
    field: () => 'id',
    message: /^The record id must be a UUID$/,
  },
  {
    sort: 'NUL in the note',
    spoil: (_k, r) => ({ ...r, note: 'fuel\u0000' }),
    field: () => 'note',
    message: /^Note contains a character that cannot be stored$/,
  },
  {
    sort: 'a lone surrogate in the note',
    spoil: (_k, r) => ({ ...r, note: 'x\ud800' }),
    field: () => 'note',
    message: /^Note contains a character that cannot be stored$/,
  },
  {
    sort: 'NUL in another string',
    spoil: (k, r) => withValue(r, k.text, 'a\u0000'),
    field: (k) => k.text,
    message: /contains a character that cannot be stored$/,
  },
  {
    sort: 'a lone surrogate in another string',
    spoil: (k, r) => withValue(r, k.text, '\udc00x'),
    field: (k) => k.text,
    message: /contains a character that cannot be stored$/,
  },
  {
    sort: 'a year-0000 time',
    spoil: (k, r) => ({ ...r, [k.time]: '0000-01-01T00:00:00Z' }),
    field: (k) => k.time,
    message: /time is before the year 2000$/,
  },
  {
    sort: 'a time years ahead',
    spoil: (k, r) => ({ ...r, [k.time]: '9999-12-31T23:59:59Z' }),
    field: (k) => k.time,
    message: /more than a day in the future/,
  },
  {
    sort: 'an amount stored as 0',
    spoil: (k, r) => ({ ...r, [k.amount]: 5e-324 }),
    field: (k) => k.amount,
    message: /too small to be stored/,
  },
];

const count = async (table: string, id: string) =>
  Number(
    (
      (
        await srv.database.db.execute(
          sql`select count(*)::int as n from ${sql.identifier(table)} where id::text = ${id}`,
        )
      ).rows[0] as { n: number }
    ).n,
  );

describe.each(KINDS)('POST /$path/batch with one bad record among good ones', (k) => {
  it.each(BAD)('$sort: rejected with a reason, the rest stored once; a resend answers the same', async (bad) => {
    const good = [k.good(), k.good(), k.good()];
    const spoilt = bad.spoil(k, k.good());
    const batch = [good[0], good[1], spoilt, good[2]];
    const first = await post(f.admin, k.path, batch);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.results.map((r: { status: string }) => r.status)).toEqual([
      'created',
      'created',
      'rejected',
      'created',
    ]);
    const rejected = first.body.results[2];
    expect(rejected).toMatchObject({ id: spoilt.id, httpStatus: 400, reason: expect.any(String) });
    expect(Object.keys(rejected.fieldErrors)).toEqual([bad.field(k)]);
    expect(rejected.fieldErrors[bad.field(k)]).toHaveLength(1);
    expect(rejected.fieldErrors[bad.field(k)][0]).toMatch(bad.message);

    const again = await post(f.admin, k.path, batch);
    expect(again.status).toBe(200);
    expect(again.body.results.map((r: { status: string }) => r.status)).toEqual([
      'duplicate',
      'duplicate',
      'rejected',
      'duplicate',
    ]);
    expect(again.body.results[2]).toEqual(rejected);
    for (const g of good) expect(await count(k.table, g.id as string)).toBe(1);
    expect(await count(k.table, spoilt.id as string)).toBe(0);
  });
});
