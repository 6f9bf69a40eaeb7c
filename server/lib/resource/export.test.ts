import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { columnsOf } from '../../../src/contract/columns';
import { csvStream, exportColumns, fromSpec, xlsxStream } from './export';

/** The export writer (ADR 023): titles, names beside codes, fixed decimals, local times, XLSX date cells. */
type Row = {
  at: string;
  storeCode: string;
  storeName: string;
  litres: number;
  status: string;
  gps: boolean;
  zone: string;
  day: string;
  n: string;
};
const SPECS = columnsOf<Row>()([
  { key: 'at', title: 'When', kind: 'datetime' },
  { key: 'storeCode', title: 'Store', kind: 'code', name: 'storeName' },
  { key: 'litres', title: 'Litres', kind: 'litres' },
  { key: 'status', title: 'Status', kind: 'enum', labels: { active: 'Normal' } },
  { key: 'gps', title: 'GPS', kind: 'bool' },
  { key: 'day', title: 'Day', kind: 'date' },
  { key: 'n', title: 'Note', kind: 'text' },
]);
const ROW: Row = {
  at: '2026-10-01T23:30:00.000Z',
  storeCode: 'JHB01',
  storeName: 'Johannesburg depot',
  litres: 1234.5,
  status: 'active',
  gps: true,
  zone: 'UTC',
  day: '2026-10-02',
  n: '=HYPERLINK("x")',
};
const chunks = async function* () {
  yield [ROW as unknown as Record<string, unknown>];
};

async function text(stream: NodeJS.ReadableStream) {
  let s = '';
  for await (const c of stream) s += String(c);
  return s
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');
}

describe('export columns', () => {
  it('writes titles, a name column beside each code, and keeps the requested order', () => {
    expect(exportColumns(SPECS, Object.keys(ROW), [], undefined).map((c) => c.header)).toEqual([
      'When',
      'Store',
      'Store name',
      'Litres',
      'Status',
      'GPS',
      'Day',
      'Note',
    ]);
    expect(exportColumns(SPECS, Object.keys(ROW), [], 'litres,storeCode').map((c) => c.header)).toEqual([
      'Litres',
      'Store',
      'Store name',
    ]);
    // A row field no list declares still gets a readable title.
    expect(exportColumns(SPECS, Object.keys(ROW), [], 'zone').map((c) => c.header)).toEqual(['Zone']);
    expect(() => exportColumns(SPECS, Object.keys(ROW), [], 'nope')).toThrow(/Unknown columns: nope/);
  });
});

describe('CSV', () => {
  it('writes local times of the zone, fixed litres, labels, Yes/No and guards formulas', async () => {
    const lines = await text(csvStream(SPECS.flatMap(fromSpec), chunks(), 'Africa/Johannesburg'));
    expect(lines[0]).toBe('When,Store,Store name,Litres,Status,GPS,Day,Note');
    expect(lines[1]).toBe(
      `2026-10-02 01:30:00,JHB01,Johannesburg depot,1234.500,Normal,Yes,2026-10-02,"'=HYPERLINK(""x"")"`,
    );
    const utc = await text(csvStream(SPECS.flatMap(fromSpec), chunks(), 'UTC'));
    expect(utc[1].startsWith('2026-10-01 23:30:00,')).toBe(true);
  });

  it("reads a row's own zone where the column says so (store-local screens)", async () => {
    const specs = columnsOf<Row>()([{ key: 'at', title: 'Time', kind: 'datetime', zone: 'zone' }]);
    const row = { ...ROW, zone: 'Asia/Tokyo' };
    const lines = await text(
      csvStream(
        specs.flatMap(fromSpec),
        (async function* () {
          yield [row];
        })(),
        'Africa/Johannesburg',
      ),
    );
    expect(lines[1]).toBe('2026-10-02 08:30:00');
  });
});

describe('XLSX', () => {
  it('writes date-times as date cells with a date format and litres as numbers with 3 decimals', async () => {
    const stream = xlsxStream('Test', SPECS.flatMap(fromSpec), chunks(), 'Africa/Johannesburg');
    const parts: Buffer[] = [];
    for await (const c of stream) parts.push(c as Buffer);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.concat(parts) as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    expect((ws.getRow(1).values as unknown[]).slice(1)).toEqual([
      'When',
      'Store',
      'Store name',
      'Litres',
      'Status',
      'GPS',
      'Day',
      'Note',
    ]);
    const when = ws.getCell('A2');
    expect(when.value).toBeInstanceOf(Date);
    // The wall-clock time in Johannesburg, as a spreadsheet shows it.
    expect((when.value as Date).toISOString()).toBe('2026-10-02T01:30:00.000Z');
    expect(when.numFmt).toBe('yyyy-mm-dd hh:mm:ss');
    expect(ws.getCell('D2').value).toBe(1234.5);
    expect(ws.getCell('D2').numFmt).toBe('#,##0.000');
    expect(ws.getCell('G2').value).toBeInstanceOf(Date);
    expect(ws.getCell('G2').numFmt).toBe('yyyy-mm-dd');
    expect(ws.getCell('E2').value).toBe('Normal');
  });
});
