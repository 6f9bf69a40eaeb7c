import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, session, startServer, type TestServer } from '../../../tests/api/harness';
import { resourceSuite, type Session } from '../../../tests/api/resource-suite';

let srv: TestServer;
const s: Record<string, Session> = {};
let ref: any;

beforeAll(async () => {
  srv = await startServer();
  for (const name of ['admin', 'manager', 'editor', 'driver', 'attendant'] as const)
    s[name] = await session(srv.url, DEMO[name][0], DEMO[name][1]);
  s.stranger = await session(srv.url, ...DEMO.boss, 'North Haulage');
  ref = (await s.driver.get('/api/v1/reference')).body;
});
afterAll(async () => {
  await srv?.close();
});

const editorRoles = {
  writer: () => s.editor,
  refused: () => s.driver,
  auditor: () => s.admin,
  stranger: () => s.stranger,
};
const managerRoles = {
  writer: () => s.manager,
  refused: () => s.editor,
  auditor: () => s.admin,
  stranger: () => s.stranger,
};

describe('cost centres', () => {
  resourceSuite({
    ...editorRoles,
    path: '/cost-centres',
    entity: 'cost_centre',
    uniqueField: 'code',
    create: (n) => ({ code: `C${n}`, name: `Centre ${n}`, description: 'test' }),
    change: { name: 'Renamed centre' },
    invalid: { body: { code: ' ', name: 'x'.repeat(200) }, fields: ['code', 'name'] },
    search: (n) => `C${n}`,
  });
});

describe('equipment types', () => {
  resourceSuite({
    ...editorRoles,
    path: '/equipment-types',
    entity: 'equipment_type',
    uniqueField: 'code',
    create: (n) => ({
      code: `ET${n}`,
      make: 'Volvo',
      model: `FH${n}`,
      tankCapacity: 600,
      meterType: 'km',
      expectedConsumption: 35.5,
    }),
    change: { meterType: 'hours', expectedConsumption: 12 },
    invalid: {
      body: { code: 'E', make: 'M', model: 'M', tankCapacity: -1, meterType: 'miles' },
      fields: ['tankCapacity', 'meterType'],
    },
    search: (n) => `FH${n}`,
  });
});

describe('equipment extras', () => {
  resourceSuite({
    ...editorRoles,
    path: '/equipment-extras',
    entity: 'equipment_extra',
    uniqueField: 'key',
    create: (n) => ({ key: `attr${n}`, label: `Attribute ${n}`, type: 'text' }),
    // Not `required: true`: that would make every equipment below invalid (which is the point of it).
    change: { label: 'Changed', type: 'number' },
    invalid: { body: { key: '9bad key', label: '', type: 'colour' }, fields: ['key', 'label', 'type'] },
    search: (n) => `attr${n}`,
  });
});

describe('equipment', () => {
  const base = () => ({
    typeId: ref.equipmentTypes[0].id,
    costCentreId: ref.costCentres[0].id,
    extras: { ownership: 'Owned' },
  });
  resourceSuite({
    ...managerRoles,
    path: '/equipment',
    entity: 'equipment',
    uniqueField: 'fleetNo',
    create: (n) => ({ ...base(), fleetNo: `EQ-${n}`, registration: `REG ${n}`, tags: [`TAG-${n}`] }),
    change: { currentMeter: 12345.6, tags: [], active: false },
    invalid: {
      body: { fleetNo: '', tags: ['A', 'a'], currentMeter: 1.25, extras: {} },
      fields: ['fleetNo', 'tags.1', 'currentMeter'],
    },
    search: (n) => `REG ${n}`,
  });

  it('gives the effective meter type and tank capacity from the type unless set', async () => {
    const type = ref.equipmentTypes[0];
    const r = await s.manager.send('POST', '/api/v1/equipment', { ...base(), fleetNo: 'EFF-1' });
    expect(r.body).toMatchObject({
      meterType: null,
      tankCapacity: null,
      effectiveMeterType: type.meterType,
      effectiveTankCapacity: type.tankCapacity,
      typeName: `${type.make} ${type.model}`,
    });
    const own = await s.manager.send('PUT', `/api/v1/equipment/${r.body.id}`, {
      ...base(),
      fleetNo: 'EFF-1',
      meterType: 'hours',
      tankCapacity: 999,
      version: 1,
    });
    expect(own.body).toMatchObject({ effectiveMeterType: 'hours', effectiveTankCapacity: 999 });
  });

  it('checks extras against the definitions', async () => {
    const r = await s.manager.send('POST', '/api/v1/equipment', {
      ...base(),
      fleetNo: 'EXT-1',
      extras: { ownership: 5, gpsTracker: 'yes', insuranceExpiry: '2026-13-01', colour: 'red' },
    });
    expect(r.status).toBe(422);
    expect(Object.keys(r.body.fieldErrors).sort()).toEqual([
      'extras.colour',
      'extras.gpsTracker',
      'extras.insuranceExpiry',
      'extras.ownership',
    ]);
    const ok = await s.manager.send('POST', '/api/v1/equipment', {
      ...base(),
      fleetNo: 'EXT-2',
      extras: { ownership: 'Leased', gpsTracker: true, insuranceExpiry: '2026-12-01' },
    });
    expect(ok.status).toBe(201);
  });

  it('keeps tags unique across equipment and employees, and frees them on delete', async () => {
    const a = await s.manager.send('POST', '/api/v1/equipment', { ...base(), fleetNo: 'TAG-A', tags: ['SHARED-1'] });
    expect(a.status).toBe(201);
    const b = await s.manager.send('POST', '/api/v1/equipment', {
      ...base(),
      fleetNo: 'TAG-B',
      tags: ['x', 'shared-1'],
    });
    expect(b.status).toBe(422);
    expect(b.body.fieldErrors['tags.1'][0]).toMatch(/TAG-A/);
    const e = await s.manager.send('POST', '/api/v1/employees', {
      number: 'TAGE',
      name: 'Tag Person',
      tag: 'SHARED-1',
    });
    expect(e.status).toBe(422);
    expect(e.body.fieldErrors.tag[0]).toMatch(/equipment TAG-A/);
    await s.manager.send('DELETE', `/api/v1/equipment/${a.body.id}`, { version: 1 });
    expect(
      (await s.manager.send('POST', '/api/v1/employees', { number: 'TAGE', name: 'Tag Person', tag: 'SHARED-1' }))
        .status,
    ).toBe(201);
    const back = await s.manager.send('POST', `/api/v1/equipment/${a.body.id}/restore`, {});
    expect(back.status).toBe(422);
    expect(back.body.fieldErrors).toHaveProperty('tags');
  });

  it("refuses another account's cost centre and a deleted type", async () => {
    const nhCc = (await s.stranger.get('/api/v1/cost-centres')).body.items[0].id;
    const r = await s.manager.send('POST', '/api/v1/equipment', { ...base(), fleetNo: 'REF-1', costCentreId: nhCc });
    expect(r.body).toMatchObject({ code: 'invalid_reference', fieldErrors: { costCentreId: [expect.any(String)] } });
    const t = await s.editor.send('POST', '/api/v1/equipment-types', {
      code: 'GONE',
      make: 'A',
      model: 'B',
      tankCapacity: 10,
      meterType: 'km',
    });
    await s.editor.send('DELETE', `/api/v1/equipment-types/${t.body.id}`, { version: 1 });
    const r2 = await s.manager.send('POST', '/api/v1/equipment', { ...base(), fleetNo: 'REF-2', typeId: t.body.id });
    expect(r2.body.fieldErrors).toHaveProperty('typeId');
  });

  it('/EquipmentFAMS24 reads equipment and changes only the FAMS24 flags', async () => {
    const row = (await s.manager.get('/api/v1/equipment-fams24?sort=fleetNo&pageSize=1')).body.items[0];
    const r = await s.manager.send('PUT', `/api/v1/equipment-fams24/${row.id}`, {
      version: row.version,
      fams24Enabled: true,
      pinRequired: true,
      odometerRequired: false,
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      ...row,
      fams24Enabled: true,
      pinRequired: true,
      odometerRequired: false,
      version: row.version + 1,
      updatedAt: expect.any(String),
    });
    expect(
      (
        await s.manager.send('PUT', `/api/v1/equipment-fams24/${row.id}`, {
          version: row.version,
          fams24Enabled: false,
          pinRequired: false,
          odometerRequired: false,
        })
      ).status,
    ).toBe(409);
    expect(
      (
        await s.manager.send('PUT', `/api/v1/equipment-fams24/${row.id}`, {
          version: r.body.version,
          fams24Enabled: true,
          pinRequired: true,
          odometerRequired: true,
          fleetNo: 'X',
        })
      ).status,
    ).toBe(400);
    expect((await s.editor.get('/api/v1/equipment-fams24')).status).toBe(403);
    expect((await s.attendant.get('/api/v1/equipment-fams24')).status).toBe(403);
  });
});

describe('employees', () => {
  resourceSuite({
    ...managerRoles,
    path: '/employees',
    entity: 'employee',
    uniqueField: 'number',
    create: (n) => ({
      number: `EMP${n}`,
      name: `Person ${n}`,
      pin: '2468',
      licenceExpiry: '2027-01-31',
      storeIds: [ref.stores[0].id],
    }),
    change: { name: 'Renamed person', fams24Enabled: true },
    invalid: {
      body: { number: 'E', name: 'N', pin: '12', licenceExpiry: '31/01/2027', storeIds: ['x'] },
      fields: ['pin', 'licenceExpiry', 'storeIds.0'],
    },
    search: (n) => `EMP${n}`,
  });

  it('stores the PIN hashed, never returns it, and verifies it on the server', async () => {
    const r = await s.manager.send('POST', '/api/v1/employees', { number: 'PIN1', name: 'Pin Person', pin: '1357' });
    expect(r.body.hasPin).toBe(true);
    expect(JSON.stringify(r.body)).not.toMatch(/1357|scrypt|pinHash/);
    const [row] = (await srv.database.pool.query('select pin_hash from employees where id = $1', [r.body.id])).rows;
    expect(row.pin_hash).toMatch(/^scrypt\$/);
    const verify = (pin: string, who = s.driver) =>
      who.send('POST', '/api/v1/employees/verify-pin', { employeeId: r.body.id, pin });
    expect((await verify('1357')).body).toEqual({ ok: true });
    expect((await verify('0000')).body).toEqual({ ok: false });
    // Omitted PIN keeps it; null removes it.
    const kept = await s.manager.send('PUT', `/api/v1/employees/${r.body.id}`, {
      number: 'PIN1',
      name: 'Renamed',
      version: 1,
    });
    expect(kept.body.hasPin).toBe(true);
    expect((await verify('1357')).body.ok).toBe(true);
    const cleared = await s.manager.send('PUT', `/api/v1/employees/${r.body.id}`, {
      number: 'PIN1',
      name: 'Renamed',
      pin: null,
      version: 2,
    });
    expect(cleared.body.hasPin).toBe(false);
    expect((await verify('1357')).body.ok).toBe(false);
    // The audit trail never holds the PIN or its hash.
    const log = await s.admin.get(`/api/v1/audit-logs?f.entityId=${r.body.id}`);
    expect(JSON.stringify(log.body)).not.toMatch(/1357|scrypt/);
  });

  it('locks a PIN after five wrong tries; another account cannot check it', async () => {
    const r = await s.manager.send('POST', '/api/v1/employees', { number: 'PIN2', name: 'Locked', pin: '8642' });
    const verify = (pin: string) =>
      s.attendant.send('POST', '/api/v1/employees/verify-pin', { employeeId: r.body.id, pin });
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await verify('1111')).status);
    expect(statuses).toEqual([200, 200, 200, 200, 429]);
    const locked = await verify('8642');
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(60);
    const nh = await s.stranger.send('POST', '/api/v1/employees/verify-pin', { employeeId: r.body.id, pin: '8642' });
    expect(nh.status).toBe(404);
  });

  it('/EmployeeFAMS24 changes the flag, tag and PIN only', async () => {
    const r = await s.manager.send('POST', '/api/v1/employees', { number: 'F24', name: 'Night Shift' });
    const upd = await s.manager.send('PUT', `/api/v1/employees-fams24/${r.body.id}`, {
      version: 1,
      fams24Enabled: true,
      tag: 'F24-TAG',
      pin: '9753',
    });
    expect(upd.status).toBe(200);
    expect(upd.body).toMatchObject({
      fams24Enabled: true,
      tag: 'F24-TAG',
      hasPin: true,
      name: 'Night Shift',
      version: 2,
    });
    const list = await s.manager.get('/api/v1/employees-fams24?f.tag=f24-tag');
    expect(list.body.items.map((x: any) => x.id)).toEqual([r.body.id]);
    expect(
      (
        await s.editor.send('PUT', `/api/v1/employees-fams24/${r.body.id}`, {
          version: 2,
          fams24Enabled: false,
          tag: null,
        })
      ).status,
    ).toBe(403);
  });
});
