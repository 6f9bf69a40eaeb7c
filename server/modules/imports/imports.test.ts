import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { fileKind, importFiles } from './files';
import { MASTER_IMPORT_TARGETS, IMPORT_TARGET_INFO } from '../../../src/contract/imports';
import { checkMapping, suggestMapping } from './mapping';
import { cellText } from './reader';
import { bool, parseNumber, time, weekdays } from './targets/convert';
import { TARGETS } from './targets';

const none = { id: () => undefined };

describe('import targets', () => {
  it('declare exactly the fields the contract lists', () => {
    for (const t of MASTER_IMPORT_TARGETS)
      expect(TARGETS[t].fields.map((f) => f.field)).toEqual(IMPORT_TARGET_INFO[t].fields.map((f) => f.name));
  });
});

describe('cell conversion', () => {
  it('reads numbers written the usual ways', () => {
    expect([
      parseNumber('1234.5'),
      parseNumber('1 234,5'),
      parseNumber('1,234.5'),
      parseNumber(''),
      parseNumber('12a'),
    ]).toEqual([1234.5, 1234.5, 1234.5, null, NaN]);
  });
  it('reads yes/no, weekdays and times', () => {
    expect([bool('Yes', none).value, bool('0', none).value, bool('', none).value, bool('maybe', none).error]).toEqual([
      true,
      false,
      undefined,
      'Use yes or no (not “maybe”)',
    ]);
    expect(weekdays('Fri; mon, 3', none).value).toEqual([1, 3, 5]);
    expect(weekdays('', none).value).toBeNull();
    expect(time('7:05', none).value).toBe('07:05');
    expect(time('1899-12-30T18:30:00.000Z', none).value).toBe('18:30');
  });
  it('turns spreadsheet cells into text', () => {
    expect(cellText(new Date(Date.UTC(2027, 0, 2)))).toBe('2027-01-02');
    // A date-time cell is wall-clock text (no zone): history records read it as the store's time.
    expect(cellText(new Date(Date.UTC(2027, 0, 2, 14, 30)))).toBe('2027-01-02T14:30:00');
    expect(cellText({ richText: [{ text: 'a' }, { text: 'b' }] })).toBe('ab');
    expect(cellText({ formula: 'A1*2', result: 4 })).toBe('4');
    expect(cellText(null)).toBe('');
  });
});

describe('mapping', () => {
  it('suggests columns by name, label or alias, each column once', () => {
    const m = suggestMapping('equipment', ['Fleet No.', 'REG', 'Type', 'Home store', 'unknown']);
    expect(m).toMatchObject({
      fleetNo: 'Fleet No.',
      registration: 'REG',
      typeCode: 'Type',
      homeStoreCode: 'Home store',
      description: null,
    });
  });
  it('names every problem', () => {
    expect(() => checkMapping('allocations', ['p'], { productCode: 'p' })).toThrow(/not complete/);
    expect(checkMapping('allocations', ['p', 'f'], { productCode: 'p', equipmentFleetNo: 'f', note: null })).toEqual({
      productCode: 'p',
      equipmentFleetNo: 'f',
    });
  });
});

describe('file kind by content', () => {
  it('tells XLSX, old XLS, CSV text in any 8-bit encoding, and binary apart', () => {
    expect(fileKind(Buffer.from('PK\x03\x04rest'))).toBe('xlsx');
    expect(fileKind(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0]))).toBe('xls');
    expect(fileKind(Buffer.from('\ufeffFleet no.;Name\r\n"A\t1";Caf\u00e9\r\n'))).toBe('csv');
    expect(fileKind(Buffer.from([0x46, 0x6c, 0x65, 0x65, 0x74, 0x2c, 0xe9, 0x0d, 0x0a]))).toBe('csv'); // Windows-1252 é
    expect(fileKind(Buffer.from('Fleet,Name\n\u0000'))).toBe('binary');
    expect(fileKind(Buffer.from([0xff, 0xfe, 0x46, 0x00]))).toBe('binary'); // UTF-16
    expect(fileKind(Buffer.from([0x1f, 0x8b, 0x08]))).toBe('binary'); // gzip
    expect(fileKind(Buffer.alloc(0))).toBe('csv');
  });
});

describe('upload storage', () => {
  it('streams to disk, refuses more than the limit (413) and leaves no file behind', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fams-files-'));
    const files = importFiles(dir);
    expect(await files.save('a', Readable.from([Buffer.from('PK\x03\x04rest')]), 100)).toBe(8);
    expect(await files.sniff('a')).toBe('xlsx');
    await expect(files.save('b', Readable.from([Buffer.alloc(60), Buffer.alloc(60)]), 100)).rejects.toMatchObject({
      statusCode: 413,
    });
    expect(fs.existsSync(files.upload('b'))).toBe(false);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
