import { z } from 'zod';
import { DATASET_IDS } from './datasets';
import { isCalendarDay } from './pivot';
import { inCalendarRange, storableString } from './safe-input';

/** The BI feed's keys and query (ADR 041). The datasets and their fields: `datasets.ts`. */

/** A key as lists show it: never the key itself, only its last four characters. */
export const FeedKeyRow = z.object({
  id: z.uuid(),
  name: z.string(),
  keyHint: z.string(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type FeedKeyRow = z.infer<typeof FeedKeyRow>;

/** The answer to making a key: the only time the key is shown. */
export const NewFeedKey = FeedKeyRow.extend({ key: z.string() });
export type NewFeedKey = z.infer<typeof NewFeedKey>;

export const FeedKeyInput = z.strictObject({
  name: storableString('Name').trim().min(1, 'Give the key a name').max(80, 'At most 80 characters'),
});

/** The key's text: `fams_<key id without dashes>_<secret>`, so the server finds the row without a scan. */
export const FEED_KEY_PREFIX = 'fams_';

const Day = (label: string) =>
  inCalendarRange(z.string().refine(isCalendarDay, `${label}: use a real date (YYYY-MM-DD)`), label);

/** The most rows one page of the JSON feed answers. */
export const FEED_MAX_TOP = 5000;

/**
 * A feed request. Days are each store's local days (as every figure). `$top` is the page size of
 * the JSON answer; its `@odata.nextLink` carries `$skiptoken`, a keyset cursor (the last row's
 * instant and id), so page 1,000 costs what page 1 costs. The CSV answer streams every row.
 */
export const FeedQuery = z
  .strictObject({
    from: Day('From').optional(),
    to: Day('To').optional(),
    storeId: z.uuid('Not a store').optional(),
    $top: z.coerce
      .number({ error: '$top must be a number' })
      .int('$top must be a whole number')
      .min(1, '$top must be at least 1')
      .max(FEED_MAX_TOP, `$top must be at most ${FEED_MAX_TOP}`)
      .default(1000),
    $skiptoken: z.string().max(200, 'Not a paging token').optional(),
    /** Comma-separated field keys (OData `$select`): only these fields in each row (ADR 050). */
    $select: z.string().max(2000, 'Too many fields').optional(),
    $format: z.enum(['json', 'csv'], { error: 'Use json or csv' }).default('json'),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { path: ['to'], message: 'To must not be before From' });
export type FeedQuery = z.infer<typeof FeedQuery>;

/**
 * The OData system query options the feed answers (ADR 050). Any other (`$filter`, `$orderby`,
 * `$skip`, `$count`, `$expand` …) is a 501, as OData 4.0 asks of a service that does not implement
 * one, rather than a page that silently ignores it; `$metadata` says the same in Capabilities terms.
 */
export const FEED_QUERY_OPTIONS = ['$top', '$skiptoken', '$format', '$select'] as const;

export const FeedParams = z.object({ dataset: z.enum(DATASET_IDS, { error: 'There is no such dataset' }) });
