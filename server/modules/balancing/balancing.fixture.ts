import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { bookTank, created, DEMO, session, startServer, type TestServer } from '../../../tests/api/harness';

/**
 * Reconciliation on a small data set whose every figure is worked out by hand below. Records go in
 * through the real ingest endpoints; readings (the gauge's side) and one reversal are inserted as
 * their writers store them. Store 1 is in Africa/Johannesburg (UTC+2): local 2026-03-01 is
 * [2026-02-28T22:00Z, 2026-03-01T22:00Z).
 *
 * Tank A (opening movement 10 000 L in February):
 *   readings  R0 2026-02-28T22:00Z (local Mar 1 00:00, closes Feb 28) 10 000
 *             R1 2026-03-01T10:00Z 9 000 (not a closing)
 *             R2 2026-03-01T22:00Z (local Mar 2 00:00, closes Mar 1) 13 430
 *             R3 2026-03-02T18:00Z 12 150 (last of Mar 2) · none on Mar 3 · R4 2026-03-04T10:00Z 12 000
 *   Mar 1  receipt 5 000; dispensed 1 000 (01:30 local = Feb 28 UTC) + 250.5 + 50 − 50 (reversal) = 1 250.5; transfer
 * out 300 to B
 *          book 10 000 + 5 000 − 1 250.5 − 300 = 13 449.5; variance 13 430 − 13 449.5 = −19.5 (−1.56 %)
 *   Mar 2  dispensed 400 (at local 00:00 exactly: belongs to Mar 2) + 1 600 = 2 000; transfer in 750.25 from B
 *          book 13 430 − 2 000 + 750.25 = 12 180.25; variance 12 150 − 12 180.25 = −30.25 (−1.51 %)
 *   Mar 3  opening R3 12 150; dispensed 100; book 12 050; no reading → no variance
 *   Mar 4  no closing on Mar 3 → opening from the book: 10 000 + 5 000 − 1 250.5 − 300 − 2 000 + 750.25 − 100 = 12
 * 099.75;
 *          variance 12 000 − 12 099.75 = −99.75 (nothing sold → no %)
 *   March  receipts 5 000, dispensed 3 350.5, out 300, in 750.25, book closing 12 099.75,
 *          variance −149.5 (−4.46 %), threshold 1 % × 3 350.5 + 492.1 = 525.605 → not flagged
 * Tank B (same store, opening 5 000, no readings): Mar 1 in 300, Mar 2 out 750.25.
 * Tank C (store 2, UTC, opening 1 000): Mar 9 closes on 1 000 (reading at Mar 10 00:00) = its book, so no variance;
 *          Mar 10 opens on that reading and closes at 400 with no records:
 *          variance −600 > 492.1 → flagged, raises `variance_over_threshold` once.
 *          February: the same pattern on Feb 10 (1 000 → 200, −800), found by the background sweep.
 */
export let srv: TestServer;
export let admin: Awaited<ReturnType<typeof session>>;
export const f = {} as Record<'store' | 'store2' | 'product' | 'tankA' | 'tankB' | 'tankC' | 'type' | 'eq', string>;
export const d3 = crypto.randomUUID();
export const reversal = crypto.randomUUID();

export const create = (path: string, body: object) => created(admin, path, body);
export async function ingest(kind: string, records: object[]) {
  const r = await admin.send('POST', `/api/v1/${kind}/batch`, { records });
  for (const x of r.body.results) if (x.status !== 'created') throw new Error(`${kind}: ${JSON.stringify(x)}`);
}
export const exec = (q: ReturnType<typeof sql>) => srv.database.db.execute(q);
export const dispense = (litres: number, at: string, id: string = crypto.randomUUID()) => ({
  id,
  variant: 'FAMS',
  storeId: f.store,
  tankId: f.tankA,
  equipmentId: f.eq,
  litres,
  dispensedAt: at,
  deviceId: 'balancing-test',
});

/** Starts a server and loads the hand-worked data set above (one per test file). */
export function withBalancingFixture() {
  beforeAll(async () => {
    srv = await startServer();
    admin = await session(srv.url, ...DEMO.admin);
    const u = Date.now().toString(36);
    f.store = await create('stores', {
      code: `B${u}`,
      name: 'Balancing site',
      variant: 'FAMS',
      timezone: 'Africa/Johannesburg',
    });
    f.store2 = await create('stores', { code: `C${u}`, name: 'Balancing UTC', variant: 'FAMS', timezone: 'UTC' });
    f.product = await create('products', { code: `P${u}`, name: 'Balancing diesel', kind: 'fuel', price: 20 });
    const tank = (storeId: string, code: string) => create('tanks', bookTank(storeId, f.product, code));
    f.tankA = await tank(f.store, 'TA');
    f.tankB = await tank(f.store, 'TB');
    f.tankC = await tank(f.store2, 'TC');
    f.type = await create('equipment-types', {
      code: `Y${u}`,
      make: 'Test',
      model: 'Truck',
      tankCapacity: 2000,
      meterType: 'km',
    });
    f.eq = await create('equipment', { fleetNo: `BAL-${u}`, typeId: f.type });
    const acc = admin.item.account.accountId;
    await exec(sql`insert into stock_movements (account_id, tank_id, at, litres, kind) values
      (${acc}, ${f.tankA}, '2026-02-01T00:00:00Z', 10000, 'opening'), (${acc}, ${f.tankB}, '2026-02-01T00:00:00Z', 5000, 'opening'),
      (${acc}, ${f.tankC}, '2026-02-01T00:00:00Z', 1000, 'opening')`);

    await ingest('receipts', [
      {
        id: crypto.randomUUID(),
        tankId: f.tankA,
        supplier: 'Sasol',
        deliveryNote: 'DN-1',
        litres: 5000,
        receivedAt: '2026-03-01T06:00:00Z',
        deviceId: 'balancing-test',
      },
    ]);
    await ingest('dispenses', [
      dispense(1000, '2026-02-28T23:30:00Z'),
      dispense(250.5, '2026-03-01T07:00:00Z'),
      dispense(50, '2026-03-01T08:00:00Z', d3),
      dispense(400, '2026-03-01T22:00:00Z'),
      dispense(1600, '2026-03-02T12:00:00Z'),
      dispense(100, '2026-03-03T08:00:00Z'),
    ]);
    await ingest('transfers', [
      {
        id: crypto.randomUUID(),
        fromTankId: f.tankA,
        toTankId: f.tankB,
        litres: 300,
        transferredAt: '2026-03-01T13:00:00Z',
        deviceId: 'balancing-test',
      },
      {
        id: crypto.randomUUID(),
        fromTankId: f.tankB,
        toTankId: f.tankA,
        litres: 750.25,
        transferredAt: '2026-03-02T14:00:00Z',
        deviceId: 'balancing-test',
      },
    ]);
    // The reversal as a correction stores it: the negative of the original, pointing at it, with its movement.
    await exec(sql`insert into dispenses (account_id, id, payload_hash, device_id, created_by, variant, store_id, tank_id, product_id, equipment_id, litres, dispensed_at, reversal_of, note)
      select account_id, ${reversal}, 'x', 'balancing-test', created_by, variant, store_id, tank_id, product_id, equipment_id, -litres, '2026-03-01T09:00:00Z', id, 'wrong tank'
      from dispenses where id = ${d3}`);
    await exec(
      sql`insert into stock_movements (account_id, tank_id, at, litres, kind, ref_id) values (${acc}, ${f.tankA}, '2026-03-01T09:00:00Z', 50, 'reversal', ${reversal})`,
    );
    const reading = (tankId: string, at: string, litres: number) =>
      sql`(${acc}, ${tankId}, ${at}::timestamptz, 'gauge', ${litres})`;
    await exec(sql`insert into tank_readings (account_id, tank_id, read_at, source, gross_litres) values
      ${reading(f.tankA, '2026-02-28T22:00:00Z', 10000)}, ${reading(f.tankA, '2026-03-01T10:00:00Z', 9000)},
      ${reading(f.tankA, '2026-03-01T22:00:00Z', 13430)}, ${reading(f.tankA, '2026-03-02T18:00:00Z', 12150)},
      ${reading(f.tankA, '2026-03-04T10:00:00Z', 12000)},
      ${reading(f.tankC, '2026-03-10T00:00:00Z', 1000)}, ${reading(f.tankC, '2026-03-10T20:00:00Z', 400)},
      ${reading(f.tankC, '2026-02-10T00:00:00Z', 1000)}, ${reading(f.tankC, '2026-02-10T12:00:00Z', 200)}`);
  });
  afterAll(async () => {
    await srv?.close();
  });
}

export const tankOf = (body: { tanks: { tankId: string }[] }, id: string) =>
  body.tanks.find((t) => t.tankId === id) as never as {
    days: Record<string, unknown>[];
    total: Record<string, unknown>;
  };
