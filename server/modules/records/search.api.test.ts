import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, session, startServer, type TestServer } from '../../../tests/api/harness';
import { buildFixture, qs, type Fixture, type Session } from './fixture.testutil';

/**
 * ADR 034 over the records fixture: the searches through ids and trigram indexes find exactly the
 * rows the per-row name lookups found, in the actor's account only; keyset pages neither repeat nor
 * skip rows while rows are added; the day rollups stay equal to a plain sum through ingest,
 * correction, reversal, direct inserts and a store's zone change.
 */
let srv: TestServer;
let f: Fixture;
let other: Session;
let account: number;

const D = '/api/v1/records/dispenses';
const X = '/api/v1/exceptions';

const query = async <T>(q: ReturnType<typeof sql>) => (await srv.database.db.execute(q)).rows as T[];

beforeAll(async () => {
  srv = await startServer();
  f = await buildFixture(srv);
  other = await session(srv.url, ...DEMO.boss, 'North Haulage');
  [{ account }] = await query<{ account: number }>(
    sql`select account_id::int as account from stores where id = ${f.store}`,
  );
  // A registration and a note to search for (the fixture has neither).
  await srv.database.db.execute(sql`update equipment set registration = 'SRCH 101 GP' where id = ${f.e2}`);
  await srv.database.db.execute(sql`update dispenses set note = 'Spilled at the gate' where id = ${f.d.d3}`);
});
afterAll(async () => {
  await srv?.close();
});

/** Every id a list returns for a query, page by page with the cursor. */
async function allIds(s: Session, path: string, params: Record<string, string>) {
  const out: string[] = [];
  let after: string | undefined;
  for (;;) {
    const r = await s.get(`${path}${qs({ ...params, pageSize: '100', ...(after ? { after } : {}) })}`);
    expect(r.status).toBe(200);
    out.push(...r.body.items.map((i: { id: string }) => i.id));
    if (!r.body.next) return out.sort();
    after = r.body.next;
  }
}

/** The search as it was written before ADR 034: a correlated name lookup per row. */
async function dispensesBefore(term: string) {
  const p = `%${term}%`;
  const rows = await query<{ id: string }>(sql`select d.id::text from dispenses d where d.account_id = ${account} and (
    (select e.fleet_no from equipment e where e.account_id = d.account_id and e.id = d.equipment_id) ilike ${p}
    or (select e.registration from equipment e where e.account_id = d.account_id and e.id = d.equipment_id) ilike ${p}
    or d.device_id ilike ${p} or d.note ilike ${p})`);
  return rows.map((r) => r.id).sort();
}

async function exceptionsBefore(term: string) {
  const p = `%${term}%`;
  const rows = await query<{ id: string }>(sql`select x.id::text from exceptions x where x.account_id = ${account}
    and x.status in ('open', 'acknowledged') and (x.message ilike ${p}
    or (select e.fleet_no from equipment e where e.account_id = x.account_id and e.id = x.equipment_id) ilike ${p}
    or (select t.code from tanks t where t.account_id = x.account_id and t.id = x.tank_id) ilike ${p})`);
  return rows.map((r) => r.id).sort();
}

describe('search through ids and trigram indexes', () => {
  it('finds the same dispenses as the per-row lookups: fleet no., registration, device, note', async () => {
    const fleetNo = (await f.editor.get(`${D}/${f.d.d1}`)).body.record.fleetNo as string;
    for (const term of [fleetNo, fleetNo.slice(0, 3).toLowerCase(), 'srch 101', 'phone-1', 'gate', 'no-such-thing']) {
      const expected = await dispensesBefore(term);
      expect(await allIds(f.editor, D, { q: term }), term).toEqual(expected);
    }
    expect((await dispensesBefore(fleetNo)).length).toBeGreaterThan(0);
    // Two words: each must match some field (fleet no. and device here).
    const both = await allIds(f.editor, D, { q: `${fleetNo} phone-1` });
    expect(both).toEqual((await dispensesBefore(fleetNo)).filter((id) => both.includes(id)));
    expect(both.length).toBeGreaterThan(0);
  });

  it('finds the same unresolved exceptions as before: message, fleet no., tank code', async () => {
    const fleetNo = (await f.editor.get(`${D}/${f.d.d1}`)).body.record.fleetNo as string;
    const tankCode = (await f.editor.get(`${D}/${f.d.d1}`)).body.record.tankCode as string;
    for (const term of [fleetNo, tankCode, 'limit', 'no-such-thing']) {
      expect(await allIds(f.admin, X, { q: term }), term).toEqual(await exceptionsBefore(term));
    }
    expect((await exceptionsBefore(fleetNo)).length).toBeGreaterThan(0);
  });

  it('never matches another account: its equipment ids are not in the searched set', async () => {
    const fleetNo = (await f.editor.get(`${D}/${f.d.d1}`)).body.record.fleetNo as string;
    const theirs = await other.get(`${D}${qs({ q: fleetNo })}`);
    expect(theirs.status).toBe(200);
    expect(theirs.body.total).toBe(0);
    expect((await other.get(`${D}/totals${qs({ q: fleetNo })}`)).body).toEqual({ rows: 0, litres: 0, count: 0 });
    expect((await other.get(`${X}${qs({ q: fleetNo })}`)).body.total).toBe(0);
  });
});

describe('keyset paging', () => {
  it('neither repeats nor skips a row while dispenses are added between pages', async () => {
    const insert = (n: number, minute: (i: number) => number) =>
      srv.database.db.execute(sql`insert into dispenses (account_id, id, payload_hash, device_id, created_by, variant,
        store_id, tank_id, product_id, equipment_id, litres, dispensed_at)
        select ${account}, gen_random_uuid(), 'keyset', 'keyset', 1, 'FAMS', ${f.store}, ${f.t1},
          ${f.productA}, ${f.e1}, 1, '2026-10-10T08:00:00Z'::timestamptz + m * interval '1 minute'
        from unnest(${`{${Array.from({ length: n }, (_, i) => minute(i)).join(',')}}`}::int[]) m`);
    // 30 rows, several sharing a time (the id breaks the tie).
    await insert(30, (i) => Math.floor(i / 3));
    const params = { 'f.storeId': f.store, sort: '-dispensedAt' };
    const before = await allIds(f.editor, D, params);
    const seen: string[] = [];
    let after: string | undefined;
    for (let page = 0; ; page++) {
      const r = await f.editor.get(`${D}${qs({ ...params, pageSize: '4', ...(after ? { after } : {}) })}`);
      seen.push(...r.body.items.map((i: { id: string }) => i.id));
      // Newer rows (before the cursor), rows at the cursor's own time, and older ones (still ahead).
      if (page < 5) await insert(3, (i) => [59, 5, 1][i]);
      if (!r.body.next) break;
      after = r.body.next;
    }
    expect(new Set(seen).size).toBe(seen.length);
    expect(before.filter((id) => !seen.includes(id))).toEqual([]);
  });
});

describe('dispense day rollups', () => {
  const rollups = () =>
    query<{
      k: string;
      rows: number;
      net: number;
      litres: string;
    }>(sql`select store_id::text || tank_id || product_id || day as k,
      rows, net, litres::numeric(14,3)::text as litres from dispense_days where account_id = ${account} and rows <> 0 order by k`);
  const plainSums = () =>
    query<{
      k: string;
      rows: number;
      net: number;
      litres: string;
    }>(sql`select d.store_id::text || d.tank_id || d.product_id ||
      (d.dispensed_at at time zone s.timezone)::date as k, count(*)::int as rows,
      sum(case when d.reversal_of is null then 1 else -1 end)::int as net, sum(d.litres)::numeric(14,3)::text as litres
      from dispenses d join stores s on s.account_id = d.account_id and s.id = d.store_id
      where d.account_id = ${account} group by 1 order by 1`);
  const stores = () => ({ 'f.storeId': `${f.store},${f.store2}` });

  it('equal a plain sum after ingest, correction, reversal, a direct insert and a zone change', async () => {
    expect(await rollups()).toEqual(await plainSums());
    const record = (await f.editor.get(`${D}/${f.d.d1}`)).body.record;
    const corrected = await f.editor.send('POST', `/api/v1/dispenses/${f.d.d1}/correct`, {
      storeId: record.storeId,
      tankId: record.tankId,
      equipmentId: record.equipmentId,
      employeeId: record.employeeId,
      costCentreId: record.costCentreId,
      litres: 70,
      meter: record.meter,
      dispensedAt: '2026-10-03T12:00:00Z',
      note: record.note,
      reason: 'Wrong day and litres',
    });
    expect(corrected.status).toBe(201);
    expect((await f.editor.send('POST', `/api/v1/dispenses/${f.d.d4}/reverse`, { reason: 'Test fill' })).status).toBe(
      201,
    );
    const more = await f.driver.send('POST', '/api/v1/dispenses/batch', {
      records: [
        {
          id: crypto.randomUUID(),
          variant: 'FAMS',
          deviceId: 'phone-2',
          note: '',
          storeId: f.store2,
          tankId: f.t3,
          equipmentId: f.e1,
          litres: 12.345,
          dispensedAt: '2026-10-02T23:59:00Z',
        },
      ],
    });
    expect(more.body.results[0].status).toBe('created');
    expect(await rollups()).toEqual(await plainSums());

    // The totals from the rollups equal the totals over the rows (a filter the rollups do not
    // keep forces the plain sum), for the whole set and for a day range.
    const viaRollups = await f.editor.get(`${D}/totals${qs(stores())}`);
    const viaRows = await f.editor.get(`${D}/totals${qs({ ...stores(), 'f.variant': 'FAMS,FAMS24' })}`);
    expect(viaRollups.body).toEqual(viaRows.body);
    expect(viaRollups.body.count).toBeLessThan(viaRollups.body.rows);
    const days = { ...stores(), 'f.from': '2026-10-02', 'f.to': '2026-10-03' };
    const dayRollups = await f.editor.get(`${D}/totals${qs(days)}`);
    expect(dayRollups.body).toEqual(
      (await f.editor.get(`${D}/totals${qs({ ...days, 'f.variant': 'FAMS,FAMS24' })}`)).body,
    );
    const page = await f.editor.get(`${D}${qs(days)}`);
    expect(page.body.total).toBe(dayRollups.body.rows);

    // A store moving zone regroups its dispenses into its new local days.
    await srv.database.db.execute(sql`update stores set timezone = 'America/New_York' where id = ${f.store}`);
    expect(await rollups()).toEqual(await plainSums());
    expect((await f.editor.get(`${D}/totals${qs(days)}`)).body).toEqual(
      (await f.editor.get(`${D}/totals${qs({ ...days, 'f.variant': 'FAMS,FAMS24' })}`)).body,
    );
  });
});
