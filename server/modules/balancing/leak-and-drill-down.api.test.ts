import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, localDate } from '../../../src/contract/calendar';
import { LEAK_METHOD, leakDedupeKey } from '../../../src/contract/leak-test';
import { bookTank } from '../../../tests/api/harness';
import { admin, f, d3, reversal, create, exec, withBalancingFixture } from './balancing.fixture';

/** The leak test per tank and the drill-down behind a day (data set in balancing.fixture.ts). */
withBalancingFixture();

describe('leak test (SIR) per tank', () => {
  /**
   * Two tanks in a UTC store with a closing reading every day of the last 40 days and no records:
   * TL loses 2 L/h (48 L a day), TT holds; both readings wobble by a few litres.
   */
  const t = {} as Record<'store' | 'leaking' | 'tight', string>;
  beforeAll(async () => {
    const u = Date.now().toString(36);
    t.store = await create('stores', { code: `L${u}`, name: 'Leak test site', variant: 'FAMS', timezone: 'UTC' });
    const tank = (code: string) => create('tanks', bookTank(t.store, f.product, code));
    t.leaking = await tank('TL');
    t.tight = await tank('TT');
    const acc = admin.item.account.accountId;
    const today = localDate(new Date(), 'UTC');
    const rows = [];
    for (let i = 40; i >= 1; i--) {
      const at = `${addDays(today, -i)}T23:00:00Z`;
      const wobble = ((i * 7919) % 11) - 5;
      rows.push(sql`(${acc}, ${t.leaking}::uuid, ${at}::timestamptz, 'gauge', ${20_000 - 48 * (40 - i) + wobble})`);
      rows.push(sql`(${acc}, ${t.tight}::uuid, ${at}::timestamptz, 'gauge', ${20_000 + wobble})`);
    }
    await exec(
      sql`insert into tank_readings (account_id, tank_id, read_at, source, gross_litres) values ${sql.join(rows, sql`, `)}`,
    );
  });
  const leaks = async () =>
    (
      await exec(
        sql`select tank_id, code, status from exceptions where code = 'leak_suspected' and store_id = ${t.store}`,
      )
    ).rows;

  it('fails the leaking tank with its rate, passes the tight one, names the method', async () => {
    const r = await admin.get(`/api/v1/balancing/leak-tests?storeId=${t.store}`);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ method: LEAK_METHOD, windowDays: 45 });
    const row = (id: string) => r.body.rows.find((x: { tankId: string }) => x.tankId === id);
    expect(row(t.leaking)).toMatchObject({ verdict: 'fail', days: 39, label: expect.stringMatching(/ TL$/) });
    expect(row(t.leaking).leakRate).toBeCloseTo(2, 1);
    expect(row(t.leaking).low).toBeLessThan(2);
    expect(row(t.leaking).high).toBeGreaterThan(2);
    expect(row(t.tight)).toMatchObject({ verdict: 'pass' });
    expect(Math.abs(row(t.tight).leakRate)).toBeLessThan(0.1);
    expect(r.body.rows).toHaveLength(2);
  });

  it('raises leak_suspected once for the failing tank, not for the other', async () => {
    await admin.get(`/api/v1/balancing/leak-tests?storeId=${t.store}`);
    expect(await leaks()).toEqual([{ tank_id: t.leaking, code: 'leak_suspected', status: 'open' }]);
    const month = addDays(localDate(new Date(), 'UTC'), -1).slice(0, 7);
    const { dedupe_key, details } = (
      await exec(
        sql`select dedupe_key, details from exceptions where code = 'leak_suspected' and store_id = ${t.store}`,
      )
    ).rows[0] as { dedupe_key: string; details: { periods: { period: string; verdict: string }[] } };
    expect(dedupe_key).toBe(leakDedupeKey(t.leaking));
    expect(details.periods).toMatchObject([{ period: month, verdict: 'fail' }]);
  });

  it('a month with too few days of readings is inconclusive; bad input is a 400', async () => {
    const r = await admin.get(`/api/v1/balancing/leak-tests?storeId=${t.store}&month=2026-01`);
    expect(r.body.rows.map((x: { verdict: string; to: string }) => [x.verdict, x.to])).toEqual([
      ['inconclusive', '2026-01-31'],
      ['inconclusive', '2026-01-31'],
    ]);
    expect((await admin.get('/api/v1/balancing/leak-tests?month=2026-13')).status).toBe(400);
    expect((await admin.get('/api/v1/balancing/leak-tests?storeId=nope')).status).toBe(400);
  });
});

describe('a leak that goes on (ADR 075)', () => {
  /**
   * A tank losing 2 L/h with a closing reading every day from August to December 2025: the test
   * fails at the end of October, November and December alike.
   */
  const t = {} as Record<'store' | 'tank', string>;
  beforeAll(async () => {
    const u = Date.now().toString(36);
    t.store = await create('stores', { code: `G${u}`, name: 'Leak goes on', variant: 'FAMS', timezone: 'UTC' });
    t.tank = await create('tanks', bookTank(t.store, f.product, 'TG'));
    const acc = admin.item.account.accountId;
    const rows = [];
    for (let i = 0, day = '2025-08-01'; day <= '2025-12-31'; i++, day = addDays(day, 1)) {
      const wobble = ((i * 7919) % 11) - 5;
      rows.push(
        sql`(${acc}, ${t.tank}::uuid, ${`${day}T23:00:00Z`}::timestamptz, 'gauge', ${40_000 - 48 * i + wobble})`,
      );
    }
    await exec(
      sql`insert into tank_readings (account_id, tank_id, read_at, source, gross_litres) values ${sql.join(rows, sql`, `)}`,
    );
  });
  const test = (month: string) => admin.get(`/api/v1/balancing/leak-tests?storeId=${t.store}&month=${month}`);
  const mine = async () =>
    (
      await exec(sql`select id, status, dedupe_key, message, details from exceptions
        where code = 'leak_suspected' and tank_id = ${t.tank} order by raised_at, id`)
    ).rows as {
      id: string;
      status: string;
      dedupe_key: string;
      message: string;
      details: { period: { from: string; to: string }; periods: Record<string, unknown>[] };
    }[];
  const critical = async () => (await admin.get('/api/v1/exceptions/count')).body.critical as number;

  it('a leak continuing across two months leaves one open exception holding both months', async () => {
    const before = await critical();
    expect((await test('2025-10')).body.rows[0]).toMatchObject({ verdict: 'fail', to: '2025-10-31' });
    expect((await test('2025-11')).body.rows[0]).toMatchObject({ verdict: 'fail', to: '2025-11-30' });
    const rows = await mine();
    expect(rows).toHaveLength(1);
    expect(await critical()).toBe(before + 1);
    const [x] = rows;
    expect(x).toMatchObject({ status: 'open', dedupe_key: leakDedupeKey(t.tank) });
    expect(x.details.period).toEqual({ from: '2025-10', to: '2025-11' });
    expect(x.details.periods).toMatchObject([
      { period: '2025-10', verdict: 'fail', to: '2025-10-31', method: LEAK_METHOD },
      { period: '2025-11', verdict: 'fail', to: '2025-11-30', method: LEAK_METHOD },
    ]);
    for (const p of x.details.periods) expect(p.leakRate as number).toBeCloseTo(2, 1);
    expect(x.message).toMatch(/over 2025-\d\d-\d\d to 2025-11-30; .* \(2 months: October 2025 to November 2025\)$/);

    // The drawer: each month's evidence opens that month's balancing; the timeline says it went on.
    const detail = await admin.get(`/api/v1/exceptions/${x.id}`);
    expect(detail.status).toBe(200);
    const balancing = detail.body.evidence.filter((e: { screen: string }) => e.screen === '/QuickBalancing');
    expect(balancing).toEqual([
      {
        label: expect.stringMatching(/^Balancing of tank TG in October 2025 \(2\.\d{3} L\/h\)$/),
        screen: '/QuickBalancing',
        search: { month: '2025-10', tank: t.tank },
      },
      {
        label: expect.stringMatching(/^Balancing of tank TG in November 2025 \(2\.\d{3} L\/h\)$/),
        screen: '/QuickBalancing',
        search: { month: '2025-11', tank: t.tank },
      },
    ]);
    const continued = detail.body.events.filter((e: { action: string }) => e.action === 'continued');
    expect(continued).toEqual([
      expect.objectContaining({
        userName: null,
        text: expect.stringMatching(/^Leak continues in November 2025: 2\.\d{3} L\/h$/),
      }),
    ]);
    expect(detail.body.events[0].text).toMatch(/over 2025-\d\d-\d\d to 2025-10-31; the threshold is/);

    // Looking again adds nothing.
    await test('2025-11');
    await test('2025-10');
    expect((await mine())[0].details.periods).toHaveLength(2);
    expect(await critical()).toBe(before + 1);
  });

  it('once resolved, its months stay resolved; a later month raises a new exception', async () => {
    const [x] = await mine();
    const r = await admin.send('POST', `/api/v1/exceptions/${x.id}/resolve`, {
      reason: 'explained',
      text: 'Tightness test booked',
    });
    expect(r.status).toBe(200);
    await test('2025-11');
    expect((await mine()).map((e) => e.status)).toEqual(['resolved']);
    await test('2025-12');
    const rows = await mine();
    expect(rows.map((e) => [e.status, e.details.period])).toEqual([
      ['resolved', { from: '2025-10', to: '2025-11' }],
      ['open', { from: '2025-12', to: '2025-12' }],
    ]);
    expect(rows[1].dedupe_key).toBe(leakDedupeKey(t.tank));
  });
});

describe('drill-down', () => {
  const records = (tankId: string, day: string, kind: string) =>
    admin.get(`/api/v1/balancing/records?tankId=${tankId}&day=${day}&kind=${kind}`);

  it('lists the dispenses behind a day, the reversal negative', async () => {
    const r = await records(f.tankA, '2026-03-01', 'dispensed');
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      day: '2026-03-01',
      kind: 'dispensed',
      start: '2026-02-28T22:00:00.000Z',
      end: '2026-03-01T22:00:00.000Z',
      total: 4,
      litres: 1250.5,
      truncated: false,
    });
    expect(r.body.items.map((i: { litres: number }) => i.litres)).toEqual([1000, 250.5, 50, -50]);
    expect(r.body.items[3]).toMatchObject({ id: reversal, reversalOf: d3, at: '2026-03-01T09:00:00.000Z' });
    expect(r.body.items[3].detail).toContain('reversal');
    expect(r.body.items[0].detail).toContain('BAL-');
  });

  it('lists receipts and transfers with what they came from or went to', async () => {
    const rec = await records(f.tankA, '2026-03-01', 'receipts');
    expect(rec.body).toMatchObject({ total: 1, litres: 5000 });
    expect(rec.body.items[0].detail).toBe('Sasol · note DN-1');
    const out = await records(f.tankA, '2026-03-01', 'transfersOut');
    expect(out.body).toMatchObject({ total: 1, litres: 300 });
    expect(out.body.items[0].detail).toMatch(/^to B\w+ TB$/);
    const into = await records(f.tankB, '2026-03-01', 'transfersIn');
    expect(into.body.items[0].detail).toMatch(/^from B\w+ TA$/);
    expect((await records(f.tankA, '2026-03-03', 'receipts')).body).toMatchObject({ total: 0, items: [], litres: 0 });
  });

  it('lists the readings of a day with the opening and closing one marked', async () => {
    const r = await records(f.tankA, '2026-03-01', 'readings');
    expect(r.body.items.map((i: { litres: number; role: string | null }) => [i.litres, i.role])).toEqual([
      [10000, 'opening'],
      [9000, null],
      [13430, 'closing'],
    ]);
  });

  it('refuses other tanks, future days and unknown kinds', async () => {
    expect((await records(crypto.randomUUID(), '2026-03-01', 'dispensed')).status).toBe(404);
    expect((await records(f.tankA, addDays(localDate(new Date(), 'UTC'), 3), 'dispensed')).status).toBe(400);
    expect((await records(f.tankA, '2026-03-01', 'bogus')).status).toBe(400);
  });
});
