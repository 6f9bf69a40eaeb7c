import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { created, DEMO, session, startServer, type Session, type TestServer } from '../../../tests/api/harness';
import { ingestFixture, post, type IngestFixture } from './fixture.testutil';

/**
 * ADR 076 against a real server: a fill for equipment with a meter carries its reading (refused from a
 * device that asked for it; stored with `no_meter_reading` from an app older than the rule, so nothing
 * saved on a device becomes unsendable), a fill for equipment without a meter needs none, and a fill a
 * driver records on a field device is the driver's when it names no employee.
 */
let srv: TestServer;
let f: IngestFixture;
let attendant: Session;
const x = {} as Record<'hoursType' | 'loader' | 'generator' | 'bowserType' | 'bowser', string>;

beforeAll(async () => {
  srv = await startServer();
  f = await ingestFixture(srv);
  attendant = await session(srv.url, ...DEMO.attendant);
  const u = crypto.randomBytes(3).toString('hex');
  x.hoursType = await created(f.admin, 'equipment-types', {
    code: `H${u}`,
    make: 'Test',
    model: 'Loader',
    tankCapacity: 300,
    meterType: 'hours',
  });
  x.loader = await created(f.admin, 'equipment', { fleetNo: `L${u}`, typeId: x.hoursType, currentMeter: 100 });
  // A generator of a type with an hour meter, itself without one; and a type of bowsers without a meter.
  x.generator = await created(f.admin, 'equipment', { fleetNo: `G${u}`, typeId: x.hoursType, hasMeter: false });
  x.bowserType = await created(f.admin, 'equipment-types', {
    code: `B${u}`,
    make: 'Test',
    model: 'Bowser',
    tankCapacity: 2000,
    meterType: 'km',
    hasMeter: false,
  });
  x.bowser = await created(f.admin, 'equipment', { fleetNo: `W${u}`, typeId: x.bowserType });
});
afterAll(async () => {
  await srv?.close();
});

let minute = 0;
const fill = (over: Record<string, unknown> = {}) => ({
  id: crypto.randomUUID(),
  variant: 'FAMS',
  storeId: f.store,
  tankId: f.tankA,
  equipmentId: f.e1,
  litres: 5,
  // One minute apart, so no record's meter is judged against a later one.
  dispensedAt: new Date(Date.UTC(2026, 9, 1, 8, minute++)).toISOString(),
  deviceId: 'adr-076',
  ...over,
});
const stored = async (id: string) =>
  (
    await srv.database.db.execute(
      sql`select d.employee_id, d.employee_by, d.meter, (select count(*)::int from exceptions x where x.entity_id = d.id
          and x.code = 'no_meter_reading') as no_meter from dispenses d where d.id = ${id}`,
    )
  ).rows[0] as
    { employee_id: string | null; employee_by: string | null; meter: string | null; no_meter: number } | undefined;

describe('ADR 076: the meter reading', () => {
  it('refuses a fill without the odometer or hour meter reading its device asked for, in the field’s words', async () => {
    const km = fill({ meterAsked: 'km' });
    const hours = fill({ equipmentId: x.loader, meterAsked: 'hours' });
    const res = await post(f.driver, 'dispenses', [km, hours]);
    expect(res.status).toBe(200);
    expect(res.body.results).toMatchObject([
      { id: km.id, status: 'rejected', httpStatus: 400, fieldErrors: { meter: ['Enter the odometer reading (km)'] } },
      {
        id: hours.id,
        status: 'rejected',
        httpStatus: 400,
        fieldErrors: { meter: ['Enter the hour meter reading (hours)'] },
      },
    ]);
    expect(await stored(km.id)).toBeUndefined();
    // Fixed and sent again under the same id (the device's fix-and-resend): stored.
    const fixed = await post(f.driver, 'dispenses', [{ ...km, meter: 1010 }]);
    expect(fixed.body.results[0]).toMatchObject({ id: km.id, status: 'created', exceptions: [] });
  });

  it('stores a fill without a reading from an app older than the rule, raised as no_meter_reading; its replay stays a duplicate', async () => {
    // As an outbox from before ADR 076 holds it: no `meterAsked`.
    const old = fill({ meter: null });
    const first = await post(f.driver, 'dispenses', [old]);
    expect(first.body.results[0]).toMatchObject({ id: old.id, status: 'created', exceptions: ['no_meter_reading'] });
    expect(await stored(old.id)).toMatchObject({ meter: null, no_meter: 1 });
    const message = (
      await srv.database.db.execute(sql`select message from exceptions where entity_id = ${old.id}`)
    ).rows.map((r) => (r as { message: string }).message);
    expect(message).toEqual(['No meter reading: the equipment has an odometer (km)']);
    const again = await post(f.driver, 'dispenses', [old]);
    expect(again.body.results[0]).toMatchObject({ status: 'duplicate', exceptions: ['no_meter_reading'] });
    // A device whose cached setup said "no meter" (changed since) is not refused either.
    const stale = fill({ meterAsked: 'none' });
    const res = await post(f.driver, 'dispenses', [stale]);
    expect(res.body.results[0]).toMatchObject({ status: 'created', exceptions: ['no_meter_reading'] });
  });

  it('accepts a fill without a reading for equipment without a meter (its own, or its type’s), on FAMS24 too', async () => {
    const generator = fill({ equipmentId: x.generator, meterAsked: 'none', litres: 40 });
    const bowser = fill({ equipmentId: x.bowser, meterAsked: 'none', litres: 40 });
    // The device's cache still said "hours": the equipment has no meter now, nothing is missing.
    const older = fill({ equipmentId: x.generator, meterAsked: 'hours', litres: 40 });
    const res = await post(f.driver, 'dispenses', [generator, bowser, older]);
    expect(res.body.results.map((r: { status: string; exceptions: string[] }) => [r.status, r.exceptions])).toEqual([
      ['created', ['not_allocated']],
      ['created', ['not_allocated']],
      ['created', ['not_allocated']],
    ]);
    // The FAMS24 rule's "meter reading required" is not about equipment without a meter.
    await srv.database.db.execute(sql`update f24_rules set odometer_required = true where store_id = ${f.store24}`);
    await srv.database.db.execute(
      sql`update equipment set fams24_enabled = true where id in (${x.generator}, ${f.e2})`,
    );
    // Days after the fills above: the rule's 60 minutes between fills is not what this is about.
    const at24 = { variant: 'FAMS24', storeId: f.store24, tankId: f.tankC, litres: 5 };
    const gen24 = fill({ ...at24, equipmentId: x.generator, meterAsked: 'none', dispensedAt: '2026-10-05T08:00:00Z' });
    const truck24 = fill({ ...at24, equipmentId: f.e2, meter: null, dispensedAt: '2026-10-05T09:00:00Z' });
    const res24 = await post(attendant, 'dispenses', [gen24, truck24]);
    expect(res24.body.results[0]).toMatchObject({ status: 'created', exceptions: ['not_allocated'] });
    expect(res24.body.results[1].exceptions).toEqual(['fams24_rule', 'no_meter_reading', 'not_allocated']);
  });

  it('setup says which equipment has a meter: lists, filter, reference data', async () => {
    const list = await f.admin.get(`/api/v1/equipment?f.hasMeter=false&pageSize=100`);
    expect(list.status).toBe(200);
    const ids = (list.body.items as { id: string; effectiveHasMeter: boolean }[]).map((e) => e.id);
    expect(ids).toEqual(expect.arrayContaining([x.generator, x.bowser]));
    expect(ids).not.toContain(x.loader);
    const gen = (await f.admin.get(`/api/v1/equipment/${x.generator}`)).body;
    expect(gen).toMatchObject({ hasMeter: false, effectiveHasMeter: false, effectiveMeterType: 'hours' });
    const bowser = (await f.admin.get(`/api/v1/equipment/${x.bowser}`)).body;
    expect(bowser).toMatchObject({ hasMeter: null, effectiveHasMeter: false });
    expect((await f.admin.get(`/api/v1/equipment-types/${x.bowserType}`)).body.hasMeter).toBe(false);
    const ref = (await f.driver.get('/api/v1/reference')).body as {
      equipment: { id: string; hasMeter: boolean }[];
      equipmentTypes: { id: string; hasMeter: boolean }[];
    };
    const hasMeter = (id: string) => ref.equipment.find((e) => e.id === id)?.hasMeter;
    expect([hasMeter(x.generator), hasMeter(x.bowser), hasMeter(x.loader), hasMeter(f.e1)]).toEqual([
      false,
      false,
      true,
      true,
    ]);
    expect(ref.equipmentTypes.find((t) => t.id === x.bowserType)?.hasMeter).toBe(false);
  });
});

describe('ADR 076: the driver', () => {
  const driverEmployee = async () => {
    const ref = (await f.driver.get('/api/v1/reference')).body as {
      employees: { id: string; name: string; userId: number | null }[];
    };
    return ref.employees.find((e) => e.userId === f.driver.item.userRoles.id)!;
  };

  it('a field fill without an employee is the recording driver’s; one naming another keeps it', async () => {
    const me = await driverEmployee();
    expect(me.name).toBe('Dana Driver');
    const own = fill({ meter: 1200, meterAsked: 'km' });
    const other = fill({ meter: 1201, meterAsked: 'km', employeeId: f.p1, employeeBy: 'list' });
    const res = await post(f.driver, 'dispenses', [own, other]);
    expect(res.body.results.map((r: { status: string }) => r.status)).toEqual(['created', 'created']);
    expect(await stored(own.id)).toMatchObject({ employee_id: me.id, employee_by: 'signin' });
    expect(await stored(other.id)).toMatchObject({ employee_id: f.p1, employee_by: 'list' });
    // The records list shows the driver as the fill's employee.
    const row = (await f.admin.get(`/api/v1/records/dispenses/${own.id}`)).body;
    expect(JSON.stringify(row)).toContain('Dana Driver');
  });

  it('a user who is no employee records fills without one', async () => {
    const d = fill({ meter: 1300, meterAsked: 'km' });
    await post(f.admin, 'dispenses', [d]);
    expect(await stored(d.id)).toMatchObject({ employee_id: null, employee_by: null });
  });

  it('an employee is linked to one user of the account, listed for the form', async () => {
    const users = (await f.admin.get('/api/v1/employees/users')).body.items as { id: number; username: string }[];
    expect(users.map((u) => u.username)).toEqual(expect.arrayContaining(['driver', 'attendant', 'admin']));
    const driverId = f.driver.item.userRoles.id;
    const twice = await f.admin.send('POST', '/api/v1/employees', {
      number: `X${Date.now()}`,
      name: 'Twin',
      userId: driverId,
    });
    expect(twice.status).toBeGreaterThanOrEqual(400);
    expect(twice.body.fieldErrors.userId).toEqual(['This user is already another employee']);
    const stranger = await f.admin.send('POST', '/api/v1/employees', {
      number: `Y${Date.now()}`,
      name: 'Stranger',
      userId: 999_999,
    });
    expect(stranger.status).toBe(422);
    expect(stranger.body.fieldErrors.userId).toEqual(['Choose a user of this account']);
    const viewer = await session(srv.url, ...DEMO.viewer);
    const linked = await f.admin.send('POST', '/api/v1/employees', {
      number: `Z${Date.now()}`,
      name: 'Vic Viewer',
      userId: viewer.item.userRoles.id,
    });
    expect(linked.status).toBe(201);
    expect(linked.body).toMatchObject({ userId: viewer.item.userRoles.id, userName: 'Vic Viewer' });
  });
});
