import { z } from 'zod';
import { columnsOf } from './columns';
import { isoDate } from './setup/fields';

/**
 * `/SAP` (ThebigBoss, issue 15, ADR 044): a period's fuel cost as SAP journal postings (flat file,
 * docs/sap-postings.md). FAMS cost centres map to an SAP cost centre and G/L account, products to
 * SAP materials. A dispense is posted once; "re-export" posts a period again on purpose.
 */

const sapField = (label: string, re: RegExp, hint: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .regex(re, `${label}: ${hint}`);
export const companyCode = sapField('Company code', /^[A-Z0-9]{1,4}$/, '1 to 4 letters or digits');
export const glAccount = sapField('G/L account', /^[0-9]{1,10}$/, '1 to 10 digits');
export const sapCostCentre = sapField('SAP cost centre', /^[A-Z0-9]{1,10}$/, '1 to 10 letters or digits');
export const material = sapField('Material', /^[A-Z0-9_-]{1,18}$/, '1 to 18 letters, digits, - or _');

export const SapSettings = z.strictObject({
  companyCode,
  documentType: sapField('Document type', /^[A-Z]{2}$/, '2 letters, e.g. SA'),
  /** Credited by each export with the total (fuel stock or a clearing account). */
  offsetAccount: glAccount,
});
export type SapSettings = z.infer<typeof SapSettings>;

export const SapCostCentreMap = z.object({
  costCentreId: z.uuid(),
  code: z.string(),
  name: z.string(),
  sapCostCentre: z.string().nullable(),
  glAccount: z.string().nullable(),
});
export const SapProductMap = z.object({
  productId: z.uuid(),
  code: z.string(),
  name: z.string(),
  material: z.string().nullable(),
});
export const SapMapping = z.object({
  settings: SapSettings.nullable(),
  costCentres: z.array(SapCostCentreMap),
  products: z.array(SapProductMap),
});
export type SapMapping = z.infer<typeof SapMapping>;

/** The whole mapping at once; a row without values is unmapped. */
export const SapMappingInput = z.strictObject({
  settings: SapSettings,
  costCentres: z
    .array(
      z
        .strictObject({
          costCentreId: z.uuid({ error: 'Not a cost centre' }),
          sapCostCentre: sapCostCentre.nullable(),
          glAccount: glAccount.nullable(),
        })
        .refine((v) => !v.sapCostCentre === !v.glAccount, {
          message: 'Give both the SAP cost centre and the G/L account, or neither',
          path: ['glAccount'],
        }),
    )
    .max(5000),
  products: z
    .array(z.strictObject({ productId: z.uuid({ error: 'Not a product' }), material: material.nullable() }))
    .max(5000),
});
export type SapMappingInput = z.infer<typeof SapMappingInput>;

/** Days are the stores' local days, as in the reports. */
export const MAX_SAP_PERIOD_DAYS = 366;
export const SapPeriod = z
  .strictObject({
    from: isoDate,
    to: isoDate,
    /** Post again dispenses an earlier export already posted. */
    reExport: z.boolean().default(false),
  })
  .refine((v) => v.from <= v.to, { message: 'From is after to', path: ['to'] })
  .refine((v) => (Date.parse(v.to) - Date.parse(v.from)) / 86_400_000 < MAX_SAP_PERIOD_DAYS, {
    message: `At most ${MAX_SAP_PERIOD_DAYS} days`,
    path: ['to'],
  });
export type SapPeriod = z.infer<typeof SapPeriod>;
/** The same as a query string (preview). */
export const SapPeriodQuery = z.object({
  from: isoDate,
  to: isoDate,
  reExport: z.enum(['true', 'false']).default('false'),
});

export const SapLine = z.object({
  costCentre: z.string(),
  sapCostCentre: z.string(),
  glAccount: z.string(),
  product: z.string(),
  material: z.string(),
  dispenses: z.number(),
  litres: z.number(),
  amount: z.number(),
});
export type SapLine = z.infer<typeof SapLine>;

export const SapUnmapped = z.object({
  dispenseId: z.uuid(),
  dispensedAt: z.string(),
  storeCode: z.string(),
  fleetNo: z.string(),
  costCentre: z.string().nullable(),
  product: z.string(),
  litres: z.number(),
  amount: z.number(),
  reason: z.string(),
});
export type SapUnmapped = z.infer<typeof SapUnmapped>;
/** Unmapped dispenses listed in a preview (the count says how many in all). */
export const MAX_UNMAPPED_LISTED = 200;

export const SapPreview = z.object({
  from: z.string(),
  to: z.string(),
  reExport: z.boolean(),
  currency: z.string(),
  lines: z.array(SapLine),
  dispenses: z.number(),
  litres: z.number(),
  total: z.number(),
  /** Dispenses of the period an earlier export posted: left out unless re-exporting. */
  alreadyPosted: z.number(),
  unmappedCount: z.number(),
  /** What is missing, with how much it leaves unposted. */
  unmappedByReason: z.array(
    z.object({ reason: z.string(), dispenses: z.number(), litres: z.number(), amount: z.number() }),
  ),
  unmapped: z.array(SapUnmapped),
});
export type SapPreview = z.infer<typeof SapPreview>;

export const SapExportRow = z.object({
  id: z.uuid(),
  createdAt: z.string(),
  createdByName: z.string().nullable(),
  periodFrom: z.string(),
  periodTo: z.string(),
  reExport: z.boolean(),
  lines: z.number(),
  dispenses: z.number(),
  litres: z.number(),
  total: z.number(),
  fileName: z.string(),
});
export type SapExportRow = z.infer<typeof SapExportRow>;

export const SAP_EXPORT_COLUMNS = columnsOf<SapExportRow>()([
  { key: 'createdAt', title: 'Exported', kind: 'datetime' },
  { key: 'createdByName', title: 'By', kind: 'text' },
  { key: 'periodFrom', title: 'From', kind: 'date' },
  { key: 'periodTo', title: 'To', kind: 'date' },
  { key: 'reExport', title: 'Re-export', kind: 'bool' },
  { key: 'lines', title: 'Lines', kind: 'number' },
  { key: 'dispenses', title: 'Dispenses', kind: 'number' },
  { key: 'litres', title: 'Litres', kind: 'litres' },
  { key: 'total', title: 'Total', kind: 'money' },
]);

export const SAP_EXPORTS_LIST = {
  path: '/sap/exports',
  entity: 'sap_export',
  title: 'SAP exports',
  screen: '/SAP',
  defaultSort: '-createdAt',
  sort: ['createdAt', 'periodFrom', 'total'],
  filters: [],
  search: [],
} as const;
export const SAP_PATH = '/sap';
