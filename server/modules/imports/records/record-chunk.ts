import type { IngestResult } from '../../../../src/contract/dispensing';
import { IMPORT_TARGET_INFO } from '../../../../src/contract/imports';
import type { Db } from '../../../db/client';
import type { Actor } from '../../../lib/resource';
import type { AccessClaims } from '../../auth/tokens';
import { ingestBatch } from '../../dispensing/ingest.service';
import { importsRepository } from '../imports.repository';
import type { SheetRow } from '../reader';
import type { RefKind, Resolver } from '../targets';
import type { CellError, RowOutcome } from '../upsert';
import { dryRun } from './dry-run';
import { recordTime } from './record-time';
import { recordId } from './record-id';
import { recordsRepository } from './records.repository';
import type { FieldProblem, RecordTargetDef } from './targets';

/** Everything a chunk of history records needs that stays the same for the whole job. */
export interface RecordContext {
  actor: Actor;
  target: RecordTargetDef;
  /** field → column header (mapped fields only). */
  mapping: Record<string, string>;
  /** column header → position in a row. */
  columnIndex: Map<string, number>;
  db: Db;
}

const low = (s: string) => s.toLowerCase();
const uniq = (xs: string[]) => [...new Set(xs.filter(Boolean))];

/** The ingest reads only the account, the user and the roles of its claims. */
const claimsOf = (a: Actor): AccessClaims => ({
  accountId: a.accountId,
  userId: a.userId,
  roles: [...a.roles],
  userKey: '',
  accountKey: '',
});

/** Codes of the chunk → ids: stores (with zone and variant), tanks per store, and the target's other codes. */
async function resolve(ctx: RecordContext, values: Record<string, string>[]) {
  const { actor, db, target } = ctx;
  const stores = await recordsRepository(db).storesByCode(actor, uniq(values.map((v) => low(v.storeCode ?? ''))));
  const tanks = await recordsRepository(db).tanksByCode(
    actor,
    [...stores.values()].map((s) => s.id),
    uniq(values.map((v) => low(v.tankCode ?? ''))),
  );
  const ids = new Map<RefKind, Map<string, string>>();
  for (const { field, kind } of target.codes) {
    if (!ctx.mapping[field]) continue;
    const codes = uniq(values.map((v) => low(v[field] ?? '')));
    ids.set(kind, await importsRepository(db).idsByCode(actor, kind, codes));
  }
  const resolver: Resolver = { id: (kind, code) => ids.get(kind)?.get(low(code)) };
  return { stores, tanks, resolver };
}

/** A row's cells → the record the ingest takes, or the problems of its cells. */
function recordOf(
  ctx: RecordContext,
  v: Record<string, string>,
  found: Awaited<ReturnType<typeof resolve>>,
): { record?: Record<string, unknown>; problems: FieldProblem[] } {
  const problems: FieldProblem[] = [];
  const store = found.stores.get(low(v.storeCode ?? ''));
  if (!v.storeCode) problems.push({ field: 'storeCode', message: 'Store code is required' });
  else if (!store) problems.push({ field: 'storeCode', message: `No store with code ${v.storeCode}` });
  const tankId = store && found.tanks.get(`${store.id}|${low(v.tankCode ?? '')}`);
  if (!v.tankCode) problems.push({ field: 'tankCode', message: 'Tank code is required' });
  else if (store && !tankId)
    problems.push({ field: 'tankCode', message: `No tank with code ${v.tankCode} at store ${v.storeCode}` });
  // Without a store there is no zone: the cell is still checked for its form (in UTC).
  const at = recordTime(v.time ?? '', store?.timezone ?? 'UTC');
  if (at.error) problems.push({ field: 'time', message: at.error });
  const placed = {
    store: store ?? { id: '', variant: 'FAMS' as const, timezone: 'UTC' },
    storeId: store?.id ?? '',
    tankId: tankId ?? '',
    at: at.value ?? '',
  };
  const record = ctx.target.build(v, placed, found.resolver, problems);
  if (problems.length) return { problems };
  const id = recordId(ctx.actor.accountId, ctx.target.name, v.reference ?? '', record);
  return { record: { id, ...record }, problems };
}

/** The column an import field's problem is reported on: its mapped column, else the field's label. */
function columnOf(ctx: RecordContext, field: string): string {
  if (ctx.mapping[field]) return ctx.mapping[field];
  return IMPORT_TARGET_INFO[ctx.target.name].fields.find((f) => f.name === field)?.label ?? field;
}

/** An ingest refusal in the file's words: each field error on its column; the clash on the reference. */
function refusal(ctx: RecordContext, r: IngestResult): CellError[] {
  const fields = Object.entries(r.fieldErrors ?? {});
  if (!fields.length) return [{ column: '', message: r.reason ?? 'The record was refused.' }];
  return fields.flatMap(([key, messages]) => {
    const field = ctx.target.inputs[key.split('.')[0]];
    const column = field ? columnOf(ctx, field) : '';
    if (key === 'id') return [{ column, message: r.reason ?? messages.join('; ') }];
    return messages.map((message) => ({ column, message }));
  });
}

/**
 * Imports (`run`) or tries (`preview`) one chunk of history records. Run: the good rows go to the
 * kind's ingest in ONE `ingestBatch` (its own transaction), exactly as a device's batch would, so
 * stock movements, book stock, history checks and exceptions are the ingest's own. Preview: the
 * same conversion, references and contract validation with no writes (dry-run.ts).
 */
export async function importRecordChunk(
  ctx: RecordContext,
  rows: SheetRow[],
  mode: 'run' | 'preview',
): Promise<RowOutcome[]> {
  const fields = Object.keys(ctx.mapping);
  const items = rows.map((r) => ({
    row: r.row,
    values: Object.fromEntries(fields.map((f) => [f, (r.cells[ctx.columnIndex.get(ctx.mapping[f])!] ?? '').trim()])),
  }));
  const found = await resolve(
    ctx,
    items.map((i) => i.values),
  );
  const built = items.map((it) => recordOf(ctx, it.values, found));
  const records = built.filter((b) => b.record).map((b) => b.record!);
  const claims = claimsOf(ctx.actor);
  const results =
    mode === 'run'
      ? records.length
        ? await ingestBatch({ db: ctx.db }, ctx.target.handler, claims, records)
        : []
      : await dryRun(ctx.db, ctx.target.handler, claims, records);
  let next = 0;
  return items.map((it, i): RowOutcome => {
    const key =
      it.values.reference || `${it.values.storeCode ?? ''}/${it.values.tankCode ?? ''} ${it.values.time ?? ''}`;
    const base = { row: it.row, key, values: it.values };
    const { problems } = built[i];
    if (problems.length)
      return {
        ...base,
        status: 'failed',
        errors: problems.map((p) => ({ column: columnOf(ctx, p.field), message: p.message })),
      };
    const r = results[next++];
    if (r.status === 'created') return { ...base, status: 'created', errors: [] };
    if (r.status === 'duplicate') return { ...base, status: 'unchanged', errors: [] };
    return { ...base, status: 'failed', errors: refusal(ctx, r) };
  });
}
