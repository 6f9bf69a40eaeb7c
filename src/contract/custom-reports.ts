import { z } from 'zod';
import { DATASET_IDS, DATASETS, NUMERIC_KINDS, type DatasetId } from './datasets';
import { satisfies } from './access';
import { roleName } from './role-names';
import type { ColumnSpec } from './columns';
import type { ReportDeclaration } from './report-catalog';
import { ReportParams } from './reports';
import { CUSTOM_PREFIX, type CustomReportKey } from './report-keys';
import { storableString } from './safe-input';
import { inputSchemas, rowMeta } from './setup/fields';

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

const declarationShape = {
  title: storableString('Title').trim().min(1, 'Give the report a title').max(120, 'At most 120 characters'),
  description: storableString('Description').max(500, 'At most 500 characters').default(''),
  dataset: z.enum(DATASET_IDS, { error: 'Choose a dataset' }),
  columns: z.array(Column).min(1, 'Choose at least one column').max(30, 'At most 30 columns'),
  filters: z.array(Filter).max(20, 'At most 20 filters').default([]),
  groupBy: z.array(z.string().max(60)).max(5, 'At most 5 grouping fields').default([]),
  sort: z.array(Sort).max(5, 'At most 5 sort fields').default([]),
};
type DeclarationOut = z.output<z.ZodObject<typeof declarationShape>>;

/** Fields of the dataset only; aggregates that fit the field; grouped reports show groups and aggregates only. */
function checkDeclaration(d: DeclarationOut, ctx: z.RefinementCtx) {
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
  const keys = d.columns.map(columnKey);
  keys.forEach((k, i) => {
    if (keys.indexOf(k) !== i)
      ctx.addIssue({ code: 'custom', path: ['columns', i, 'field'], message: `${k} is chosen twice` });
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
}

export const CustomReportDeclaration = z.strictObject(declarationShape).superRefine(checkDeclaration);
export type CustomReportDeclaration = z.output<typeof CustomReportDeclaration>;

/** The output key of a column: the field, or `<aggregate>_<field>`. */
export const columnKey = (c: { field: string; aggregate?: string }) =>
  c.aggregate ? `${c.aggregate}_${c.field}` : c.field;

/**
 * Saved custom reports (ADR 045): a declaration saved in one account by a `/CustomReport` user, its
 * owner; private (its owner and the builders see it) or published to roles of the account, whose
 * users find it in `/ReportList`'s "Custom" group. Master data: versions, audit, soft delete.
 */
export const CUSTOM_REPORTS_PATH = '/custom-reports';
/** The roles a report can be published to: the levels that open `/ReportList`. */
export const PUBLISH_ROLES = ['userM', 'user', 'editor', 'userL', 'manager', 'admin'] as const;
export type PublishRole = (typeof PUBLISH_ROLES)[number];
/** The most accounts one report is published to besides its own (ADR 064). */
export const MAX_PUBLISH_ACCOUNTS = 500;
/** The roles by name (the one map, `role-names.ts`). */
export const PUBLISH_ROLE_LABELS = Object.fromEntries(PUBLISH_ROLES.map((r) => [r, roleName(r)])) as Record<
  PublishRole,
  string
>;

export const CustomReportFields = z.strictObject({
  ...declarationShape,
  published: z.boolean().default(false),
  roles: z
    .array(z.enum(PUBLISH_ROLES, { error: 'Choose roles of this account' }))
    .max(PUBLISH_ROLES.length)
    .default([]),
  /** Other accounts it is published to (ADR 064), by id; the roles apply in each. */
  accounts: z
    .array(z.number({ error: 'Choose accounts' }).int().positive())
    .max(MAX_PUBLISH_ACCOUNTS, `At most ${MAX_PUBLISH_ACCOUNTS} accounts`)
    .default([]),
});
export const { create: CustomReportCreate, update: CustomReportUpdate } = inputSchemas(CustomReportFields, (v, ctx) => {
  checkDeclaration(v, ctx as z.RefinementCtx);
  if (v.published && !v.roles.length)
    ctx.addIssue({ code: 'custom', path: ['roles'], message: 'Choose the roles to publish it to' });
  if (!v.published && v.accounts.length)
    ctx.addIssue({ code: 'custom', path: ['accounts'], message: 'Publish the report to choose accounts' });
});
export type CustomReportCreate = z.input<typeof CustomReportCreate>;

export const CustomReportRow = z.object({
  ...rowMeta,
  title: z.string(),
  description: z.string(),
  dataset: z.enum(DATASET_IDS),
  columns: z.array(
    z.object({ field: z.string(), aggregate: z.enum(AGGREGATES).optional(), title: z.string().optional() }),
  ),
  filters: z.array(z.object({ field: z.string(), op: z.enum(FILTER_OPS), value: z.string() })),
  groupBy: z.array(z.string()),
  sort: z.array(z.object({ field: z.string(), desc: z.boolean() })),
  published: z.boolean(),
  roles: z.array(z.enum(PUBLISH_ROLES)),
  /** The other accounts it is published to (ADR 064) and their names, in the same order. */
  accounts: z.array(z.number()),
  accountNames: z.array(z.string()),
  ownerId: z.number().nullable(),
  ownerName: z.string().nullable(),
});
export type CustomReportRow = z.infer<typeof CustomReportRow>;

export const CUSTOM_REPORT_LIST = {
  path: CUSTOM_REPORTS_PATH,
  entity: 'custom_report',
  title: 'Custom reports',
  screen: '/CustomReport',
  defaultSort: 'title',
  sort: ['title', 'dataset', 'createdAt', 'updatedAt'],
  filters: ['dataset', 'published'],
  search: ['title', 'description'],
} as const;

export const CUSTOM_REPORT_COLUMNS: readonly ColumnSpec<keyof CustomReportRow & string>[] = [
  { key: 'title', title: 'Title', kind: 'text' },
  {
    key: 'dataset',
    title: 'Dataset',
    kind: 'enum',
    labels: Object.fromEntries(DATASET_IDS.map((d) => [d, DATASETS[d].title])),
  },
  { key: 'published', title: 'Published', kind: 'bool' },
  { key: 'roles', title: 'Roles', kind: 'list', labels: PUBLISH_ROLE_LABELS },
  { key: 'accountNames', title: 'Other accounts', kind: 'list' },
  { key: 'ownerName', title: 'Owner', kind: 'text' },
  { key: 'updatedAt', title: 'Changed', kind: 'datetime' },
];

/** The builder's live preview: a draft declaration and a period → the engine's preview (first rows, total). */
export const PREVIEW_PATH = `${CUSTOM_REPORTS_PATH}/preview`;
export const CustomPreviewRequest = z.strictObject({
  declaration: CustomReportDeclaration,
  params: ReportParams.default({ range: 'lastMonth', days: 30 }),
});
export type CustomPreviewRequest = z.input<typeof CustomPreviewRequest>;
/** The key a draft's preview runs under (a saved report's is `custom:<its id>`). */
export const DRAFT_ID = '00000000-0000-0000-0000-000000000000';

const AGGREGATE_TITLES: Record<(typeof AGGREGATES)[number], string> = {
  sum: 'total',
  count: 'count',
  min: 'lowest',
  max: 'highest',
  avg: 'average',
};

/** A column of a custom report as the lists' ColumnSpec: the field's title and kind, adjusted for its aggregate. */
export function customColumn(dataset: DatasetId, c: { field: string; aggregate?: string; title?: string }): ColumnSpec {
  const f = DATASETS[dataset].fields.find((x) => x.key === c.field);
  const base: ColumnSpec = f
    ? { key: f.key, title: f.title, kind: f.kind, decimals: f.decimals }
    : { key: c.field, title: c.field, kind: 'text' };
  const agg = c.aggregate as (typeof AGGREGATES)[number] | undefined;
  // A code's name is another field: the report shows it only when that field is chosen too.
  const spec: ColumnSpec = { key: columnKey(c), title: base.title, kind: base.kind === 'code' ? 'text' : base.kind };
  if (base.decimals !== undefined) spec.decimals = base.decimals;
  if (agg === 'count') Object.assign(spec, { kind: 'number', decimals: 0 });
  if (agg === 'avg' && NUMERIC_KINDS.has(base.kind)) spec.decimals = 3;
  if (agg) spec.title = `${base.title} (${AGGREGATE_TITLES[agg]})`;
  if (c.title) spec.title = c.title;
  return spec;
}

/**
 * The subtotal levels of a custom report (ADR 050): every grouping field but the last, outermost
 * first, as long as each is shown as a column (a subtotal line names its group by that column) —
 * grouped by store, product and fleet no. gives store and store → product subtotals.
 */
export function customSubtotalLevels(d: Pick<CustomReportDeclaration, 'columns' | 'groupBy'>): string[] {
  const shown = new Set(d.columns.filter((c) => !c.aggregate).map((c) => c.field));
  const outer = d.groupBy.slice(0, -1);
  const stop = outer.findIndex((g) => !shown.has(g));
  return stop < 0 ? outer : outer.slice(0, stop);
}

/**
 * A saved custom report as a report declaration of the one engine (ADR 031/045/050): its columns, a
 * date range and the run-time filters its dataset offers (its own saved filters always apply
 * besides), subtotals on its outer grouping levels, the sums and counts — and, without grouping,
 * plain litres and money — added up in the subtotals and the total line.
 */
export function customReportDeclaration(
  id: string,
  d: Pick<CustomReportDeclaration, 'title' | 'description' | 'dataset' | 'columns' | 'groupBy'>,
): ReportDeclaration & { id: CustomReportKey } {
  const grouped = d.groupBy.length > 0 || d.columns.some((c) => c.aggregate);
  const columns = d.columns.map((c) => customColumn(d.dataset, c));
  const sums = d.columns
    .filter((c, i) => {
      if (c.aggregate === 'sum' || c.aggregate === 'count') return true;
      return !grouped && !c.aggregate && ['litres', 'money'].includes(columns[i].kind);
    })
    .map(columnKey);
  return {
    id: `${CUSTOM_PREFIX}${id}`,
    title: d.title,
    description: d.description || `Custom report on ${DATASETS[d.dataset].title.toLowerCase()}.`,
    group: 'Custom',
    period: 'range',
    filters: DATASETS[d.dataset].filters,
    columns,
    subtotalBy: customSubtotalLevels(d),
    sums,
  };
}

/**
 * Who may run a saved custom report in the account it was found in — its own, or one it is published to
 * (ADR 064; the look-up only finds a published report there): its builders (`/CustomReport`'s rule), its owner,
 * and, once published, users holding one of its roles. Everyone else gets the 404 of a report that
 * does not exist.
 */
export function mayRunCustom(
  r: { ownerId: number | null; published: boolean; roles: readonly string[] },
  user: { userId: number; roles: readonly string[] },
): boolean {
  if (satisfies(user.roles, 'thebigBoss') || r.ownerId === user.userId) return true;
  return r.published && r.roles.some((role) => user.roles.includes(role));
}
