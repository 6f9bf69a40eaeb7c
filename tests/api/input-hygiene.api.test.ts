import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { capturedLog, DEMO, session, startServer, type TestServer } from './harness';

/**
 * Issue 10: input PostgreSQL cannot store is a 4xx with a message, never a 500, and nothing of it
 * is written; a refused write logs no secret (PIN hashes used to appear with the SQL parameters).
 */
let srv: TestServer;
const { log, lines: logged } = capturedLog();
beforeAll(async () => {
  srv = await startServer({}, log);
});
afterAll(async () => {
  await srv.close();
});

const admin = () => session(srv.url, ...DEMO.admin);
const stamp = Date.now().toString(36).slice(-6);

describe('input the database cannot store', () => {
  it.each([
    ['a NUL character', `Yard\u0000${stamp}`],
    ['a lone surrogate', `Yard\ud800${stamp}`],
  ])('a store name with %s is refused with a 4xx and nothing is written', async (_what, name) => {
    const a = await admin();
    const code = `H${stamp}${name.length}`;
    const res = await a.send('POST', '/api/v1/stores', { code, name, variant: 'FAMS', timezone: 'UTC' });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(res.body.message).toMatch(/\w/);
    const list = await a.get(`/api/v1/stores?q=${encodeURIComponent(code)}`);
    expect(list.status).toBe(200);
    expect(list.body.rows ?? list.body.items ?? []).toEqual([]);
  });

  it.each([
    '/api/v1/views/calendar?month=0000-01',
    '/api/v1/views/calendar?month=9999-12',
    '/api/v1/views/day?date=0000-01-01',
    '/api/v1/views/series?from=0000-01-01&to=0000-01-31',
    '/api/v1/balancing/monthly?month=0000-01',
    '/api/v1/balancing/daily?from=0000-01-01&to=0000-01-31',
    '/api/v1/records/pivot?rows=store&measure=litres&from=0000-01-01',
    '/api/v1/stores?q=%00',
  ])('GET %s is a 400 with the error body, not a 500', async (path) => {
    const res = await (await admin()).get(path);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      title: expect.any(String),
      message: expect.any(String),
      code: expect.any(String),
    });
  });

  it.each(['toString', 'constructor', 'hasOwnProperty'])(
    'an unknown body key named %s is a field error, not a 500',
    async (key) => {
      const a = await admin();
      const res = await a.send('POST', '/api/v1/cost-centres', { code: `K${stamp}`, name: 'Keys', [key]: 1 });
      expect(res.status).toBe(400);
      expect(Object.keys(res.body.fieldErrors)).toContain(key);
    },
  );

  it('a tank history from the year 0000 is a 400', async () => {
    const a = await admin();
    const tank = (await a.get('/api/v1/reference')).body.tanks[0].id as string;
    const res = await a.get(`/api/v1/tanks/${tank}/readings?from=0000-01-01T00:00:00Z&to=0000-01-02T00:00:00Z`);
    expect(res.status).toBe(400);
    expect(res.body.fieldErrors).toHaveProperty('from');
  });

  it.each([
    ['capacity 0', { capacity: 0 }, 'capacity'],
    ['capacity 5e-324', { capacity: 5e-324 }, 'capacity'],
    ['safe fill 5e-324', { safeFill: 5e-324 }, 'safeFill'],
    [
      'a chart height of 5e-324 mm',
      {
        strappingChart: [
          { heightMm: 0, litres: 0 },
          { heightMm: 5e-324, litres: 10 },
        ],
      },
      'strappingChart.1.heightMm',
    ],
  ])('a tank with %s is refused (400, the field named) and not stored', async (_what, spoil, field) => {
    const a = await admin();
    const ref = (await a.get('/api/v1/reference')).body;
    const code = `Z${stamp}${crypto.randomBytes(3).toString('hex')}`;
    const res = await a.send('POST', '/api/v1/tanks', {
      storeId: ref.stores[0].id,
      productId: ref.products[0].id,
      code,
      name: 'Fuzzed',
      capacity: 1000,
      safeFill: 900,
      lowLevel: 100,
      ...spoil,
    });
    expect(res.status).toBe(400);
    expect(res.body.fieldErrors).toHaveProperty([field]);
    expect((await a.get(`/api/v1/tanks?q=${code}`)).body.items).toEqual([]);
  });

  it('an equipment type consumption and a FAMS24 rule jump of 5e-324 are refused', async () => {
    const a = await admin();
    const type = await a.send('POST', '/api/v1/equipment-types', {
      code: `ET${stamp}`,
      make: 'M',
      model: 'X',
      tankCapacity: 300,
      meterType: 'km',
      expectedConsumption: 5e-324,
    });
    expect(type.status).toBe(400);
    expect(type.body.fieldErrors).toHaveProperty('expectedConsumption');
    const rule = await a.send('POST', '/api/v1/f24-rules', { storeId: null, maxOdometerJumpKm: 5e-324 });
    expect(rule.status).toBe(400);
    expect(rule.body.fieldErrors).toHaveProperty('maxOdometerJumpKm');
  });

  it.each([
    ['temperatureC', 5e-324],
    ['waterHeightMm', 5e-324],
    ['temperatureC', -5e-324],
  ])('a dip with %s = %s is rejected on that field, not a 500', async (field, value) => {
    const a = await admin();
    const tank = (await a.get('/api/v1/reference')).body.tanks[0].id as string;
    const id = crypto.randomUUID();
    const res = await a.send('POST', '/api/v1/dips/batch', {
      records: [
        {
          id,
          tankId: tank,
          productHeightMm: 900,
          dippedAt: new Date(Date.now() - 60_000).toISOString(),
          deviceId: 'hygiene',
          [field]: value,
        },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.results[0]).toMatchObject({ id, status: 'rejected', httpStatus: 400 });
    expect(res.body.results[0].fieldErrors).toHaveProperty([field]);
  });

  it.each([
    ['4 KB of binary', crypto.randomBytes(4096).fill(0, 100, 110), /neither CSV text nor an XLSX workbook/],
    [
      'an old .xls workbook',
      Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(504)]),
      /old Excel workbook/,
    ],
  ])('an upload of %s to /imports is a 415 with a clear message, and no job is kept', async (_what, bytes, message) => {
    const a = await admin();
    const before = (await a.get('/api/v1/imports')).body.total as number;
    for (const type of ['text/csv', 'application/octet-stream']) {
      const res = await fetch(`${srv.url}/api/v1/imports?target=equipment&fileName=fleet.csv`, {
        method: 'POST',
        headers: { ...a.headers, 'content-type': type },
        body: bytes,
      });
      expect(res.status).toBe(415);
      expect((await res.json()).message).toMatch(message);
    }
    expect((await a.get('/api/v1/imports')).body.total).toBe(before);
  });

  it('a refused employee write with a PIN leaves no PIN or hash in the log', async () => {
    const a = await admin();
    logged.length = 0;
    const res = await a.send('POST', '/api/v1/employees', {
      number: `E${stamp}`,
      name: `Pat\u0000${stamp}`,
      pin: '4711',
    });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    const text = logged.join('');
    expect(text).not.toMatch(/scrypt\$/);
    expect(text).not.toContain('4711');
  });
});
