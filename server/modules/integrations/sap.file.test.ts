import { describe, expect, it } from 'vitest';
import { balanceLines, sapFile } from './sap.file';
import type { RawLine } from './sap.repository';

const raw = (over: Partial<RawLine>): RawLine => ({
  costCentre: 'CC1',
  sapCostCentre: 'K100',
  glAccount: '610000',
  product: 'D50',
  material: 'FUEL-D',
  dispenses: 1,
  litres: 1,
  amount: 0,
  costCentreTotal: 0,
  ...over,
});

describe('SAP postings file', () => {
  it("puts the rounding cent on the cost centre's largest line so lines add up to the report's figure", () => {
    // 0.333 + 0.333 + 0.334… rounded per line: 0.33 + 0.33 + 0.33 = 0.99, the cost centre's 1.00.
    const lines = balanceLines([
      raw({ product: 'A', amount: 0.33, costCentreTotal: 1 }),
      raw({ product: 'B', amount: 0.33, costCentreTotal: 1 }),
      raw({ product: 'C', amount: 0.33, costCentreTotal: 1 }),
      raw({ costCentre: 'CC2', product: 'A', amount: 5.5, costCentreTotal: 5.5 }),
    ]);
    expect(lines.map((l) => l.amount)).toEqual([0.34, 0.33, 0.33, 5.5]);
  });

  it('writes debit lines per cost centre and product and one balancing credit line', () => {
    const text = sapFile(
      {
        settings: { companyCode: '1000', documentType: 'SA', offsetAccount: '139000' },
        currency: 'ZAR',
        documentDate: '2026-11-25',
        from: '2026-10-01',
        to: '2026-10-31',
        reference: 'FAMSABCD1234',
      },
      [
        { ...raw({ litres: 100.5, dispenses: 2 }), amount: 150.75 },
        { ...raw({ costCentre: 'CC2', sapCostCentre: 'K200', litres: -10, dispenses: 1 }), amount: -15 },
      ],
    );
    expect(text.split('\r\n')).toEqual([
      'BUKRS,BLDAT,BUDAT,BLART,XBLNR,BKTXT,BUZEI,BSCHL,HKONT,KOSTL,MATNR,MENGE,MEINS,WRBTR,WAERS,SGTXT',
      '1000,20261125,20261031,SA,FAMSABCD1234,FAMS fuel 20261001-20261031,1,40,610000,K100,FUEL-D,100.500,L,150.75,ZAR,CC1 D50',
      '1000,20261125,20261031,SA,FAMSABCD1234,FAMS fuel 20261001-20261031,2,50,610000,K200,FUEL-D,-10.000,L,15.00,ZAR,CC2 D50',
      '1000,20261125,20261031,SA,FAMSABCD1234,FAMS fuel 20261001-20261031,3,50,139000,,,,,135.75,ZAR,FAMS fuel 20261001-20261031',
      '',
    ]);
  });
});
