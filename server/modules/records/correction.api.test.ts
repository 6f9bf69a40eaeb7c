import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, session, startServer, type TestServer } from '../../../tests/api/harness';
import { buildFixture, qs, type Fixture } from './fixture.testutil';
import { derivedId } from './records.sql';

/**
 * Correction by reversal against a real server: one transaction writes the reversal, its stock
 * movement, the corrected dispense (with its exceptions raised again) and both audit entries;
 * a failure writes none of them; a dispense is reversed at most once; totals follow.
 */
let srv: TestServer;
let f: Fixture;

beforeAll(async () => {
  srv = await startServer();
  f = await buildFixture(srv);
});
afterAll(async () => {
  await srv?.close();
});

const D = '/api/v1/records/dispenses';
const count = async (q: string) => Number(((await srv.database.db.execute(sql.raw(q))).rows[0] as { n: number }).n);
const book = async (tankId: string) =>
  Number(
    (
      (await srv.database.db.execute(sql`select book_litres from tank_stock where tank_id = ${tankId}`)).rows[0] as {
        book_litres: string;
      }
    ).book_litres,
  );
const storeTotals = async () => (await f.editor.get(`${D}/totals${qs({ 'f.storeId': f.store })}`)).body;

/** The dispense's current values as the correction form sends them, with some changed. */
async function correction(id: string, changes: Record<string, unknown>) {
  const r = (await f.editor.get(`${D}/${id}`)).body.record;
  return {
    storeId: r.storeId,
    tankId: r.tankId,
    equipmentId: r.equipmentId,
    employeeId: r.employeeId,
    costCentreId: r.costCentreId,
    litres: r.litres,
    meter: r.meter,
    dispensedAt: r.dispensedAt,
    note: r.note,
    reason: 'Pump display misread',
    ...changes,
  };
}

describe('correct a dispense', () => {
  it('stores a reversal and the corrected dispense in one go, with stock, exceptions and audit', async () => {
    const before = await storeTotals();
    const t2Before = await book(f.t2);
    const res = await f.editor.send(
      'POST',
      `/api/v1/dispenses/${f.d.d3}/correct`,
      await correction(f.d.d3, { litres: 25 }),
    );
    expect(res.status).toBe(201);
    const reversalId = derivedId('reversal', f.d.d3);
    const replacementId = derivedId('replacement', f.d.d3);
    expect(res.body.reversal).toMatchObject({
      id: reversalId,
      litres: -30,
      reversalOf: f.d.d3,
      status: 'reversal',
      note: 'Pump display misread',
    });
    expect(res.body.replacement).toMatchObject({
      id: replacementId,
      litres: 25,
      status: 'active',
      tankId: f.t2,
      equipmentId: f.e1,
    });
    // Totals over the filtered set: two more rows, net litres −30 + 25, the dispense still counts once.
    expect(await storeTotals()).toEqual({ rows: before.rows + 2, litres: before.litres - 5, count: before.count });
    // Stock: the reversal gives the 30 L back, the corrected dispense takes 25 L.
    expect(await book(f.t2)).toBeCloseTo(t2Before + 5, 3);
    expect(
      await count(
        `select count(*)::int as n from stock_movements where ref_id = '${reversalId}' and kind = 'reversal' and litres = 30`,
      ),
    ).toBe(1);
    expect(
      await count(
        `select count(*)::int as n from stock_movements where ref_id = '${replacementId}' and kind = 'dispense' and litres = -25`,
      ),
    ).toBe(1);

    const list = await f.editor.get(`${D}${qs({ 'f.tankId': f.t2, sort: 'dispensedAt' })}`);
    expect(Object.fromEntries(list.body.items.map((i: { id: string; status: string }) => [i.id, i.status]))).toEqual({
      [f.d.d3]: 'reversed',
      [reversalId]: 'reversal',
      [replacementId]: 'active',
    });
    expect(ids((await f.editor.get(`${D}${qs({ 'f.status': 'reversed' })}`)).body)).toEqual([f.d.d3]);

    const detail = await f.editor.get(`${D}/${f.d.d3}`);
    expect(detail.body.links).toEqual({ reversalId, replacementId, reversalOf: null, replaces: null });
    expect(detail.body.audit.map((a: { action: string; entityId: string }) => [a.action, a.entityId])).toEqual([
      ['create', f.d.d3],
      ['reverse', reversalId],
      ['correct', replacementId],
    ]);
    const correctEntry = detail.body.audit.find((a: { action: string }) => a.action === 'correct');
    expect(correctEntry.after).toMatchObject({
      reason: 'Pump display misread',
      replaces: f.d.d3,
      changed: ['litres'],
      litres: 25,
    });
    expect(correctEntry.userName).toBe('Eddie Editor');
    expect((await f.editor.get(`${D}/${replacementId}`)).body.links).toMatchObject({
      replaces: f.d.d3,
      reversalOf: null,
    });
    // The audit log screen's list sees both entries too.
    const log = await f.admin.get(`/api/v1/audit-logs${qs({ 'f.entity': 'dispense', 'f.action': 'correct' })}`);
    expect(log.body.items.map((i: { entityId: string }) => i.entityId)).toContain(replacementId);
  });

  it("raises the corrected dispense's exceptions again (through the ingest handler)", async () => {
    const res = await f.editor.send(
      'POST',
      `/api/v1/dispenses/${f.d.d1}/correct`,
      await correction(f.d.d1, { litres: 90 }),
    );
    expect(res.status).toBe(201);
    // 90 L is still over E1's daily limit of 80 L; the reversed 100 L no longer counts.
    expect(res.body.exceptions).toEqual(['over_daily_limit']);
    expect(res.body.replacement.exceptionCodes).toEqual(['over_daily_limit']);
  });

  it('refuses a second reversal (409) and the correction of a reversal (409), writing nothing', async () => {
    const rows = await count('select count(*)::int as n from dispenses');
    const again = await f.editor.send(
      'POST',
      `/api/v1/dispenses/${f.d.d3}/correct`,
      await correction(f.d.d3, { litres: 20 }),
    );
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('already_reversed');
    expect((await f.editor.send('POST', `/api/v1/dispenses/${f.d.d3}/reverse`, { reason: 'twice' })).status).toBe(409);
    const reversalId = derivedId('reversal', f.d.d3);
    const ofReversal = await f.editor.send('POST', `/api/v1/dispenses/${reversalId}/reverse`, { reason: 'undo' });
    expect(ofReversal.status).toBe(409);
    expect(ofReversal.body.code).toBe('is_reversal');
    expect(await count('select count(*)::int as n from dispenses')).toBe(rows);
  });

  it('parallel corrections of one dispense: exactly one wins', async () => {
    const body = await correction(f.d.d4, { litres: 19 });
    const answers = await Promise.all(
      [1, 2, 3].map(() => f.editor.send('POST', `/api/v1/dispenses/${f.d.d4}/correct`, body)),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409]);
    expect(await count(`select count(*)::int as n from dispenses where reversal_of = '${f.d.d4}'`)).toBe(1);
  });

  it('a correction that fails half-way writes nothing (one transaction)', async () => {
    const rows = await count('select count(*)::int as n from dispenses');
    const audits = await count("select count(*)::int as n from audit_log where entity = 'dispense'");
    // T3 is not at store S: the ingest handler refuses the corrected dispense after the reversal was written.
    const bad = await f.editor.send(
      'POST',
      `/api/v1/dispenses/${f.d.d2}/correct`,
      await correction(f.d.d2, { tankId: f.t3 }),
    );
    expect(bad.status).toBe(422);
    expect(bad.body.fieldErrors.tankId).toBeDefined();
    expect(await count('select count(*)::int as n from dispenses')).toBe(rows);
    expect(await count("select count(*)::int as n from audit_log where entity = 'dispense'")).toBe(audits);
    expect(
      await count(`select count(*)::int as n from stock_movements where ref_id = '${derivedId('reversal', f.d.d2)}'`),
    ).toBe(0);
    expect((await f.editor.get(`${D}/${f.d.d2}`)).body.record.status).toBe('active');
  });

  it('refuses a correction that changes nothing, and bad input, with clear errors', async () => {
    const same = await f.editor.send('POST', `/api/v1/dispenses/${f.d.d2}/correct`, await correction(f.d.d2, {}));
    expect(same.status).toBe(422);
    expect(same.body.code).toBe('unchanged');
    const bad = await f.editor.send(
      'POST',
      `/api/v1/dispenses/${f.d.d2}/correct`,
      await correction(f.d.d2, { litres: -5, reason: '' }),
    );
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fieldErrors).sort()).toEqual(['litres', 'reason']);
    expect((await f.editor.send('POST', `/api/v1/dispenses/${f.d.d2}/reverse`, {})).status).toBe(400);
    expect((await f.editor.send('POST', '/api/v1/dispenses/not-an-id/reverse', { reason: 'x y z' })).status).toBe(400);
  });

  it('reverses without a replacement; totals drop by the litres', async () => {
    const before = await storeTotals();
    const res = await f.editor.send('POST', `/api/v1/dispenses/${f.d.d2}/reverse`, { reason: 'Test fill, not real' });
    expect(res.status).toBe(201);
    expect(res.body.replacement).toBeNull();
    expect(await storeTotals()).toEqual({ rows: before.rows + 1, litres: before.litres - 50, count: before.count - 1 });
    const detail = await f.editor.get(`${D}/${f.d.d2}`);
    expect(detail.body.links.replacementId).toBeNull();
    expect(detail.body.audit.map((a: { action: string }) => a.action)).toEqual(['create', 'reverse']);
  });

  it("only the account's editors may correct", async () => {
    expect((await f.driver.send('POST', `/api/v1/dispenses/${f.d.d1}/reverse`, { reason: 'not mine' })).status).toBe(
      403,
    );
    const other = await session(srv.url, ...DEMO.boss, 'North Haulage');
    expect(
      (
        await other.send('POST', `/api/v1/dispenses/${derivedId('replacement', f.d.d1)}/reverse`, {
          reason: 'not mine',
        })
      ).status,
    ).toBe(404);
  });
});

const ids = (body: { items: { id: string }[] }) => body.items.map((i) => i.id).sort();

describe('a reversed meter reading', () => {
  it('no longer counts for the meter-rollback check of later fills', async () => {
    const fill = (meter: number, at: string) => ({
      id: crypto.randomUUID(),
      variant: 'FAMS',
      deviceId: 'phone-9',
      note: '',
      storeId: f.store,
      tankId: f.t1,
      equipmentId: f.e2,
      litres: 10,
      meter,
      dispensedAt: at,
    });
    const typo = fill(99_999, '2026-11-01T08:00:00Z');
    const stored = await f.driver.send('POST', '/api/v1/dispenses/batch', {
      records: [fill(1000, '2026-10-31T08:00:00Z'), typo],
    });
    expect(stored.body.results.map((r: { status: string }) => r.status)).toEqual(['created', 'created']);
    const before = await f.driver.send('POST', '/api/v1/dispenses/batch', {
      records: [fill(1100, '2026-11-02T08:00:00Z')],
    });
    expect(before.body.results[0].exceptions).toContain('meter_rollback');
    expect(
      (
        await f.editor.send('POST', `/api/v1/dispenses/${typo.id}/reverse`, {
          reason: 'Meter typed with an extra digit',
        })
      ).status,
    ).toBe(201);
    const after = await f.driver.send('POST', '/api/v1/dispenses/batch', {
      records: [fill(1200, '2026-11-03T08:00:00Z')],
    });
    expect(after.body.results[0].status).toBe('created');
    expect(after.body.results[0].exceptions).not.toContain('meter_rollback');
  });
});
