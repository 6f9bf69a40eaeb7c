import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, session, startServer, type TestServer } from '../../../tests/api/harness';
import type { Session } from '../../../tests/api/resource-suite';
import { csv, importFile, xlsx } from './testing';

/** Every import target once: create, re-run unchanged, the target's own rules. */
let srv: TestServer;
let admin: Session;

beforeAll(async () => {
  srv = await startServer();
  admin = await session(srv.url, ...DEMO.admin);
});
afterAll(async () => {
  await srv?.close();
});

const again = async (target: string, name: string, file: string | Buffer) => {
  const first = await importFile(srv.url, admin, target, name, file);
  const second = await importFile(srv.url, admin, target, name, file);
  expect(second).toMatchObject({ created: 0, updated: 0, unchanged: first.created + first.updated + first.unchanged });
  return first;
};

describe('import targets', () => {
  it('stores: code, variant in any case, coordinates; a bad time zone is reported', async () => {
    const done = await again(
      'stores',
      'stores.csv',
      csv([
        ['Code', 'Name', 'Variant', 'Address', 'Latitude', 'Longitude', 'Time zone'],
        ['IMPS1', 'Imported one', 'fams', '1 Road', '-26,5', '28.1', 'Africa/Johannesburg'],
        ['IMPS2', 'Imported two', 'FAMS24', '', '', '', 'Africa/Johannesburg'],
        ['IMPS3', 'Bad zone', 'FAMS', '', '', '', 'Mars/Olympus'],
        ['IMPS4', 'Half a location', 'FAMS', '', '-26', '', 'Africa/Johannesburg'],
      ]),
    );
    expect(done).toMatchObject({ created: 2, failed: 2 });
    expect(done.errors.map((e: any) => [e.row, e.column])).toEqual([
      [4, 'Time zone'],
      [5, 'Longitude'],
    ]);
    const s1 = (await admin.get('/api/v1/stores?q=IMPS1')).body.items[0];
    expect(s1).toMatchObject({ variant: 'FAMS', latitude: -26.5, longitude: 28.1 });
  });

  it('tanks: by store code and product code, the levels checked', async () => {
    const done = await again(
      'tanks',
      'tanks.csv',
      csv([
        ['Store code', 'Tank code', 'Product code', 'Name', 'Capacity (L)', 'Safe fill (L)', 'Low level (L)'],
        ['JHB01', 'T9', 'DSL50', 'New diesel tank', '10000', '9500', '1000'],
        ['PTA01', 'T9', 'ULP95', 'Same code, other store', '5000', '4800', '500'],
        ['JHB01', 'T8', 'DSL50', 'Over full', '10000', '12000', '1000'],
        ['NOPE', 'T1', 'DSL50', 'Unknown store', '1', '1', '0'],
      ]),
    );
    expect(done).toMatchObject({ created: 2, failed: 2 });
    expect(done.errors).toEqual([
      { row: 4, column: 'Safe fill (L)', message: 'Safe fill must not exceed the capacity (10000 L)' },
      { row: 5, column: 'Store code', message: 'No store with code NOPE' },
    ]);
    // Changing one tank updates it in place (store + code is the key).
    const upd = await importFile(
      srv.url,
      admin,
      'tanks',
      't.csv',
      csv([
        ['storeCode', 'code', 'productCode', 'name', 'capacity', 'safeFill', 'lowLevel'],
        ['jhb01', 't9', 'DSL50', 'Renamed', '10000', '9500', '1000'],
      ]),
    );
    expect(upd).toMatchObject({ created: 0, updated: 1 });
  });

  it('cost centres from XLSX', async () => {
    const done = await again(
      'costCentres',
      'cc.xlsx',
      await xlsx([
        ['Code', 'Name', 'Description'],
        ['IMPCC', 'Imported', 'From a workbook'],
        [42, 'Numeric code', ''],
      ]),
    );
    expect(done).toMatchObject({ created: 2, failed: 0 });
    expect((await admin.get('/api/v1/cost-centres?q=42')).body.items[0]).toMatchObject({
      code: '42',
      name: 'Numeric code',
    });
  });

  it('allocations: subject by fleet no., employee number or cost centre; weekdays and hours', async () => {
    const eq = (await admin.get('/api/v1/equipment?pageSize=1&sort=fleetNo')).body.items[0];
    const emp = (await admin.get('/api/v1/employees?pageSize=1&sort=number')).body.items[0];
    const done = await again(
      'allocations',
      'alloc.csv',
      csv([
        [
          'Product',
          'Store',
          'Fleet no',
          'Employee no',
          'Cost centre',
          'Daily limit',
          'Monthly limit',
          'Weekdays',
          'From',
          'To',
          'Note',
        ],
        ['ADBLUE', 'JHB01', eq.fleetNo, '', '', '50', '1000', 'Mon;Tue;Fri', '6:00', '18:00', 'imported'],
        ['LUBE', '', '', emp.number, '', '5', '', '', '', '', ''],
        ['LUBE', 'PTA01', '', '', 'CC03', '20', '10', '', '', '', ''],
        ['LUBE', 'PTA01', eq.fleetNo, emp.number, '', '', '', '', '', '', ''],
        ['LUBE', 'PTA01', '', '', '', '', '', 'Funday', '', '', ''],
      ]),
    );
    expect(done).toMatchObject({ created: 2, failed: 3 });
    expect(done.errors.map((e: any) => [e.row, e.column])).toEqual([
      [4, 'Monthly limit'],
      [5, 'Fleet no'],
      [5, 'Employee no'],
      [6, 'Weekdays'],
    ]);
    const list = await admin.get(`/api/v1/allocations?f.equipmentId=${eq.id}&q=imported`);
    expect(list.body.items[0]).toMatchObject({
      weekdays: [1, 2, 5],
      hoursFrom: '06:00',
      hoursTo: '18:00',
      dailyLimit: 50,
      storeName: 'Johannesburg Depot',
    });
  });
});
