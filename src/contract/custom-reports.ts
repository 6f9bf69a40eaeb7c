import { z } from 'zod';
import { DATASET_IDS, DATASETS, NUMERIC_KINDS, type DatasetId } from './datasets';
import { storableString } from './safe-input';

/**
 * A custom report as ThebigBoss builds it on `/CustomReport` (ADR 041): a dataset, its columns (each
 * a whitelisted field, optionally aggregated), filters, grouping and sort. Only field keys of the
 * dataset's declaration (`datasets.ts`) are accepted; the server turns each into its own SQL
 * expression, so no text of the declaration ever becomes SQL.
 */
export const AGGREGATES = ['sum', 'count', 'min', 'max', 'avg'] as const;
export const FILTER_OPS = ['eq', 'ne', 'contains', 'gte', 'lte'] as const;

const Column = z.strictObject({
  field: z.string().max(60),
  aggregate: z.enum(AGGREGATES, { error: 'Choose sum, count, min, max or avg' }).optional(),
  title: storableString('Title').max(80, 'At most 80 characters').optional(),
});
const Filter = z.strictObject({
  field: z.string().max(60),
  op: z.enum(FILTER_OPS, { error: 'Choose a comparison' }),
  value: storableString('Value').max(200, 'At most 200 characters'),
});
const Sort = z.strictObject({ field: z.string().max(60), desc: z.boolean().default(false) });

export const CustomReportDeclaration = z
  .strictObject({
    title: storableString('Title').trim().min(1, 'Give the report a title').max(120, 'At most 120 characters'),
    description: storableString('Description').max(500, 'At most 500 characters').default(''),
    dataset: z.enum(DATASET_IDS, { error: 'Choose a dataset' }),
    columns: z.array(Column).min(1, 'Choose at least one column').max(30, 'At most 30 columns'),
    filters: z.array(Filter).max(20, 'At most 20 filters').default([]),
    groupBy: z.array(z.string().max(60)).max(5, 'At most 5 grouping fields').default([]),
    sort: z.array(Sort).max(5, 'At most 5 sort fields').default([]),
  })
  .superRefine((d, ctx) => {
    const fields = new Map(DATASETS[d.dataset as DatasetId].fields.map((f) => [f.key, f]));
    const known = (path: (string | number)[], key: string) => {
      if (fields.has(key)) return true;
      ctx.addIssue({ code: 'custom', path, message: `"${key}" is not a field of ${d.dataset}` });
      return false;
    };
    d.columns.forEach((c, i) => {
      if (!known(['columns', i, 'field'], c.field)) return;
      const numeric = NUMERIC_KINDS.has(fields.get(c.field)!.kind);
      if (c.aggregate && c.aggregate !== 'count' && !numeric && !['min', 'max'].includes(c.aggregate))
        ctx.addIssue({ code: 'custom', path: ['columns', i, 'aggregate'], message: `${c.field} is not a number` });
    });
    d.filters.forEach((f, i) => known(['filters', i, 'field'], f.field));
    d.groupBy.forEach((g, i) => known(['groupBy', i], g));
    d.sort.forEach((s, i) => known(['sort', i, 'field'], s.field));
    const grouped = d.groupBy.length > 0 || d.columns.some((c) => c.aggregate);
    if (grouped)
      d.columns.forEach((c, i) => {
        if (!c.aggregate && !d.groupBy.includes(c.field))
          ctx.addIssue({
            code: 'custom',
            path: ['columns', i, 'field'],
            message: `${c.field}: group by it or aggregate it`,
          });
      });
    if (grouped)
      d.sort.forEach((s, i) => {
        if (!d.groupBy.includes(s.field) && !d.columns.some((c) => c.field === s.field && c.aggregate))
          ctx.addIssue({
            code: 'custom',
            path: ['sort', i, 'field'],
            message: `${s.field} is not a column of the groups`,
          });
      });
  });
export type CustomReportDeclaration = z.output<typeof CustomReportDeclaration>;

/** The output key of a column: the field, or `<aggregate>_<field>`. */
export const columnKey = (c: { field: string; aggregate?: string }) =>
  c.aggregate ? `${c.aggregate}_${c.field}` : c.field;
