import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { created, DEMO, linearTank, session, type Session, type TestServer } from '../../../tests/api/harness';

/**
 * A small site for the ingest's API tests, built through the setup API so every figure is known:
 * FAMS store (UTC) with tanks A and B of one diesel (linear chart 0 mm → 0 L, 2000 mm → 10 000 L,
 * opening stock 5 000 L each, 30 days back); equipment E1 and E2 (km, tank 100 L, meters 1000 and
 * 500) with E1 allocated 50 L/day, 60 L/month, 40 L per transaction; E2 not allocated; employee P1
 * allocated 20 L/day anywhere. A FAMS24 store (UTC) with tank C (same product, same opening) and
 * its rule: 60 min between fills, meter jumps of at most 500 km.
 */
export type { Session };
export interface IngestFixture {
  admin: Session;
  driver: Session;
  store: string;
  store24: string;
  product: string;
  tankA: string;
  tankB: string;
  tankC: string;
  e1: string;
  e2: string;
  p1: string;
}

export async function ingestFixture(srv: TestServer, opening = 5000): Promise<IngestFixture> {
  const admin = await session(srv.url, ...DEMO.admin);
  const driver = await session(srv.url, ...DEMO.driver);
  const create = (path: string, body: object) => created(admin, path, body);
  const u = crypto.randomBytes(3).toString('hex');
  const store = await create('stores', { code: `I${u}`, name: 'Ingest site', variant: 'FAMS', timezone: 'UTC' });
  const product = await create('products', {
    code: `I${u}`,
    name: 'Ingest diesel',
    kind: 'fuel',
    price: 1.5,
    fuelGroup: 'diesel',
    density15: 840,
  });
  const tank = linearTank(store, product);
  const tankA = await create('tanks', { ...tank, code: 'A', name: 'Tank A' });
  const tankB = await create('tanks', { ...tank, code: 'B', name: 'Tank B' });
  const type = await create('equipment-types', {
    code: `I${u}`,
    make: 'Test',
    model: 'Truck',
    tankCapacity: 100,
    meterType: 'km',
  });
  const e1 = await create('equipment', { fleetNo: `I1${u}`, typeId: type, currentMeter: 1000 });
  const e2 = await create('equipment', { fleetNo: `I2${u}`, typeId: type, currentMeter: 500 });
  const p1 = await create('employees', { number: `I${u}`, name: 'Ingest Tester' });
  await create('allocations', {
    productId: product,
    storeId: store,
    equipmentId: e1,
    dailyLimit: 50,
    monthlyLimit: 60,
    maxPerTransaction: 40,
  });
  await create('allocations', { productId: product, employeeId: p1, dailyLimit: 20 });
  const store24 = await create('stores', { code: `J${u}`, name: 'Ingest 24', variant: 'FAMS24', timezone: 'UTC' });
  const tankC = await create('tanks', { ...tank, storeId: store24, code: 'C', name: 'Tank C' });
  await create('f24-rules', { storeId: store24, minMinutesBetweenFills: 60, maxOdometerJumpKm: 500 });
  await srv.database.db.execute(sql`insert into stock_movements (account_id, tank_id, at, litres, kind)
    select account_id, id, now() - interval '400 days', ${opening}, 'opening' from tanks where id in (${tankA}, ${tankB}, ${tankC})`);
  return { admin, driver, store, store24, product, tankA, tankB, tankC, e1, e2, p1 };
}

export const post = (s: Session, kind: string, records: unknown[]) =>
  s.send('POST', `/api/v1/${kind}/batch`, { records });
