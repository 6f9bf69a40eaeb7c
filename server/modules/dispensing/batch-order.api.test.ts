import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linearTank, startServer, type TestServer } from '../../../tests/api/harness';
import { connect } from '../../db/client';
import { fieldRepository } from './field.repository';
import { ingestFixture, post, type IngestFixture } from './fixture.testutil';

/**
 * ADR 016: a batch is stored set-based, yet records that affect each other (meter order, the
 * last fill, allocation limits adding up, book stock going below zero, an id sent twice) must be
 * judged exactly as if they had been sent one by one in the same order. Two identical sites get
 * the same records, one site in one batch, the other one request per record; the answers, the
 * stored exception messages and the stock must match.
 */
let srv: TestServer;
let batchSite: IngestFixture;
let singleSite: IngestFixture;

beforeAll(async () => {
  srv = await startServer();
  batchSite = await ingestFixture(srv);
  singleSite = await ingestFixture(srv);
});
afterAll(async () => {
  await srv?.close();
});

type Rec = Record<string, unknown> & { id: string };
const T = (day: number, hh: number, mm = 0) => new Date(Date.UTC(2026, 9, day, hh, mm)).toISOString();

/** The dispenses, in batch order; `same` repeats an earlier record's id. */
function dispenseScript(f: IngestFixture): Rec[] {
  const id = () => crypto.randomUUID();
  const d = (over: Record<string, unknown>): Rec => ({
    id: id(),
    variant: 'FAMS',
    storeId: f.store,
    tankId: f.tankA,
    equipmentId: f.e1,
    litres: 10,
    meter: null,
    dispensedAt: T(5, 10),
    deviceId: 'order-test',
    ...over,
  });
  const f24 = (over: Record<string, unknown>) =>
    d({ variant: 'FAMS24', storeId: f.store24, tankId: f.tankC, equipmentId: f.e2, employeeId: f.p1, ...over });
  const first = d({ litres: 30, meter: 1100, dispensedAt: T(5, 10) });
  const list: Rec[] = [
    first,
    d({ litres: 25, meter: 1050, dispensedAt: T(5, 11) }), // below the 1100 just stored; 55 L today
    d({ litres: 10, meter: 1200, dispensedAt: T(5, 9) }), // earlier than both: only master data before it
    d({ litres: 5, meter: 1300, dispensedAt: T(6, 9) }), // a new day, but the month adds up
    d({ litres: 1, meter: 1150, dispensedAt: T(6, 8) }), // below 1200 (day 5); 1300 is later, so it does not count
    { ...first }, // the same record again: a replay within the batch
    { ...first, litres: 31 }, // the same id, other content
    d({ id: 'nope' }), // invalid: refused on its own
    d({ tankId: crypto.randomUUID() }), // unknown tank: refused, counts for nothing
    f24({ litres: 12, meter: 600, dispensedAt: T(7, 12) }),
    f24({ litres: 12, meter: 1200, dispensedAt: T(7, 12, 30) }), // 30 min after; jumped 600 km; P1 at 24 of 20 L/day
    f24({ litres: 1, meter: 1250, dispensedAt: T(7, 14) }),
    d({ tankId: f.tankB, equipmentId: f.e2, litres: 4000, dispensedAt: T(8, 9) }),
    d({ tankId: f.tankB, equipmentId: f.e2, litres: 900, dispensedAt: T(8, 10) }),
    d({ tankId: f.tankB, equipmentId: f.e2, litres: 200, dispensedAt: T(8, 11) }), // 5000 − 5100: below zero
    d({ tankId: f.tankB, equipmentId: f.e2, litres: 1, dispensedAt: T(8, 7) }), // earlier in time, still below zero
    // In the batch's second part (after the id sent twice): its history must hold the first part's
    // rows, written by the same transaction (ADR 067: no read beside it there): below 1300, day 6 adds up.
    d({ litres: 45, meter: 1000, dispensedAt: T(6, 10) }),
  ];
  return list;
}

function transferScript(f: IngestFixture): Rec[] {
  const t = (over: Record<string, unknown>): Rec => ({
    id: crypto.randomUUID(),
    fromTankId: f.tankA,
    toTankId: f.tankB,
    litres: 10,
    transferredAt: T(9, 8),
    deviceId: 'order-test',
    ...over,
  });
  return [
    t({ litres: 3000 }),
    t({ fromTankId: f.tankB, toTankId: f.tankA, litres: 7500 }), // B below zero, A gains
    t({ fromTankId: f.tankA, toTankId: null, toBowser: 'BW-2', litres: 9000 }), // A still above zero thanks to the transfer in
    t({ fromTankId: f.tankA, toTankId: null, toBowser: 'BW-2', litres: 600 }), // now below zero
  ];
}

interface Outcome {
  answers: unknown[];
  messages: string[][];
  books: Record<string, string>;
}

async function outcome(f: IngestFixture, kind: string, records: Rec[], oneByOne: boolean): Promise<Outcome> {
  const answers = [];
  if (oneByOne) {
    for (const r of records) answers.push((await post(f.admin, kind, [r])).body.results[0]);
  } else {
    const res = await post(f.admin, kind, records);
    expect(res.status).toBe(200);
    answers.push(...res.body.results);
  }
  const messages: string[][] = [];
  for (const r of records) {
    const rows =
      r.id === 'nope'
        ? []
        : (
            await srv.database.db.execute(
              sql`select code || ': ' || message as m from exceptions where entity_id = ${r.id} order by code, message`,
            )
          ).rows;
    messages.push(rows.map((x) => (x as { m: string }).m));
  }
  const stock = await srv.database.db
    .execute(sql`select t.code, s.book_litres from tank_stock s join tanks t on t.account_id = s.account_id and t.id = s.tank_id
    where s.tank_id in (${f.tankA}, ${f.tankB}, ${f.tankC})`);
  const books = Object.fromEntries(
    stock.rows.map((x) => [(x as { code: string }).code, String((x as { book_litres: string }).book_litres)]),
  );
  // The ids differ between the sites: compare by position.
  return { answers: answers.map(({ id: _id, ...rest }) => rest), messages, books };
}

describe('a batch gives the same answers as its records one by one', () => {
  it('dispenses: meter order, last fill, limits adding up, stock below zero, ids sent twice', async () => {
    const batch = await outcome(batchSite, 'dispenses', dispenseScript(batchSite), false);
    const single = await outcome(singleSite, 'dispenses', dispenseScript(singleSite), true);
    expect(batch).toEqual(single);
    const codes = batch.answers.map((a) =>
      (a as { status: string; exceptions: string[] }).status === 'created'
        ? (a as { exceptions: string[] }).exceptions
        : (a as { status: string }).status,
    );
    // The script does what it says (so the comparison above is not between two empty answers).
    expect(codes).toEqual([
      [],
      ['meter_rollback', 'over_daily_limit'],
      ['over_daily_limit', 'over_monthly_limit'],
      ['over_monthly_limit'],
      ['meter_rollback', 'over_monthly_limit'],
      'duplicate',
      'rejected',
      'rejected',
      'rejected',
      [],
      ['fams24_rule', 'over_daily_limit'],
      ['over_daily_limit'],
      // Without a reading and without `meterAsked` (as an app before ADR 076 sent them): stored and raised.
      ['no_meter_reading', 'not_allocated', 'over_equipment_capacity'],
      ['no_meter_reading', 'not_allocated', 'over_equipment_capacity'],
      ['negative_book_stock', 'no_meter_reading', 'not_allocated', 'over_equipment_capacity'],
      ['negative_book_stock', 'no_meter_reading', 'not_allocated'],
      ['meter_rollback', 'over_daily_limit', 'over_max_per_transaction', 'over_monthly_limit'],
    ]);
    expect(batch.messages[10]).toContain('fams24_rule: FAMS24 rule: only 30 min since the last fill (min 60)');
    expect(batch.books).toEqual({ A: '4884.000', B: '-101.000', C: '4975.000' });
  });

  it('a side connection that fails: the history is read in the transaction, with the same answers (ADR 067)', async () => {
    const [brokenSite, oneByOneSite] = [await ingestFixture(srv), await ingestFixture(srv)];
    // Nothing listens on port 1: every query on this pool fails as it connects.
    const unreachable = connect('postgres://fams:fams@127.0.0.1:1/fams', 1);
    const beside = srv.database.beside;
    let asked = 0;
    srv.database.beside = () => {
      asked++;
      return unreachable.db;
    };
    try {
      const batch = await outcome(brokenSite, 'dispenses', dispenseScript(brokenSite), false);
      expect(asked).toBeGreaterThan(0);
      srv.database.beside = beside;
      const single = await outcome(oneByOneSite, 'dispenses', dispenseScript(oneByOneSite), true);
      expect(batch).toEqual(single);
      expect(batch.answers.filter((a) => (a as { status: string }).status === 'created')).toHaveLength(13);
      // The FAMS24 rules are read beside the insert too: a failed read is not kept in the batch's cache.
      const cache = new Map<string, Promise<unknown>>();
      const account = brokenSite.admin.item.account.accountId;
      await expect(fieldRepository(unreachable.db, account, cache).f24Rules([brokenSite.store24])).rejects.toThrow();
      const rules = await fieldRepository(srv.database.db, account, cache).f24Rules([brokenSite.store24]);
      expect(rules(brokenSite.store24)).not.toBeUndefined();
    } finally {
      srv.database.beside = beside;
      await unreachable.close();
    }
  });

  it('transfers: book stock moving both ways within the batch', async () => {
    const batch = await outcome(batchSite, 'transfers', transferScript(batchSite), false);
    const single = await outcome(singleSite, 'transfers', transferScript(singleSite), true);
    expect(batch).toEqual(single);
    expect(batch.answers.map((a) => (a as { exceptions: string[] }).exceptions)).toEqual([
      [],
      ['negative_book_stock'],
      [],
      ['negative_book_stock'],
    ]);
  });

  it('a tank with no book yet (its first movements make the row): the books are read after the movements', async () => {
    // ADR 016, third pass: the book before a batch is read under a row lock in the statement that
    // moves the stock; a tank without a `tank_stock` row has nothing to lock, so it is read after.
    const f = batchSite;
    const created = await f.admin.send('POST', '/api/v1/tanks', {
      ...linearTank(f.store, f.product),
      code: `N${crypto.randomBytes(2).toString('hex')}`,
      name: 'New tank',
    });
    expect(created.status).toBe(201);
    const tankN = created.body.id as string;
    const d = (litres: number, hh: number) => ({
      id: crypto.randomUUID(),
      variant: 'FAMS',
      storeId: f.store,
      tankId: tankN,
      equipmentId: f.e2,
      litres,
      meter: null,
      dispensedAt: T(12, hh),
      deviceId: 'order-test',
    });
    const res = await post(f.admin, 'dispenses', [d(10, 8), d(20, 9), d(5, 7)]);
    expect(res.status).toBe(200);
    const held = await srv.database.db.execute(
      sql`select code, message from exceptions where tank_id = ${tankN} and code = 'negative_book_stock' order by message`,
    );
    // Each record's book right after it, in batch order: −10, −30, −35.
    expect(held.rows.map((r) => (r as { message: string }).message)).toEqual([
      "The tank's book stock is now -10 L (below zero)",
      "The tank's book stock is now -30 L (below zero)",
      "The tank's book stock is now -35 L (below zero)",
    ]);
    const book = await srv.database.db.execute(sql`select book_litres from tank_stock where tank_id = ${tankN}`);
    expect(String((book.rows[0] as { book_litres: string }).book_litres)).toBe('-35.000');
    // The next batch finds the row and reads the book under its lock: −35 − 1.5.
    const next = await post(f.admin, 'dispenses', [d(1.5, 10)]);
    expect(next.body.results[0].exceptions).toContain('negative_book_stock');
    const last = await srv.database.db.execute(
      sql`select message from exceptions where entity_id = ${next.body.results[0].id}::uuid and code = 'negative_book_stock'`,
    );
    expect((last.rows[0] as { message: string }).message).toBe("The tank's book stock is now -36.5 L (below zero)");
  });
});
