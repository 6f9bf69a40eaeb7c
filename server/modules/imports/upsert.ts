import type { z } from 'zod';
import type { Tx } from '../../db/client';
import { AppError } from '../../lib/errors';
import { IMPORT_TARGET_INFO } from '../../../src/contract/imports';
import { importsRepository } from './imports.repository';
import { bulkCreate, type Candidate } from './bulk';
import type { ImportContext } from './context';
import type { SheetRow } from './reader';

export type Outcome = 'created' | 'updated' | 'unchanged' | 'failed';
export interface CellError {
  column: string;
  message: string;
}
export interface RowOutcome {
  row: number;
  status: Outcome;
  key: string;
  values: Record<string, string>;
  errors: CellError[];
}

/** JSON with sorted keys: two inputs are the same record when these match. */
export function stable(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(stable).join(',')}]`;
  if (v && typeof v === 'object') {
    return `{${Object.keys(v)
      .sort()
      .filter((k) => (v as Record<string, unknown>)[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${stable((v as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(v ?? null);
}

/** The column (or, when unmapped, the field label) an input field's error belongs to. */
function columnOf(ctx: ImportContext, inputKey: string): string {
  const base = inputKey.split('.')[0];
  const spec = ctx.target.fields.find((f) => f.input === base);
  if (spec && ctx.mapping[spec.field]) return ctx.mapping[spec.field];
  const label = spec && IMPORT_TARGET_INFO[ctx.target.name].fields.find((f) => f.name === spec.field)?.label;
  return label ?? (base === '_' ? '' : base);
}

function zodErrors(ctx: ImportContext, error: z.ZodError): CellError[] {
  return error.issues.map((i) => ({ column: columnOf(ctx, String(i.path[0] ?? '_')), message: i.message }));
}

/** A write refused by the resource (422 duplicate, invalid reference, 409 changed meanwhile …). */
function appErrors(ctx: ImportContext, e: AppError): CellError[] {
  const fields = Object.entries(e.fieldErrors ?? {});
  // `tags` and `tags.1` often say the same thing; keep the whole-field message.
  const kept = fields.filter(([k]) => !k.includes('.') || !fields.some(([o]) => o === k.split('.')[0]));
  if (!kept.length) return [{ column: '', message: e.message }];
  return kept.flatMap(([k, msgs]) => msgs.map((message) => ({ column: columnOf(ctx, k), message })));
}

/**
 * Imports one chunk of rows inside the caller's transaction: converts the cells, resolves codes,
 * finds existing records by natural key (one query), creates the new ones in bulk where it can
 * (bulk.ts), then creates the rest, updates or leaves each row through the setup resource
 * service, every write in its own savepoint so a bad row rolls back alone and never leaves half a
 * record. A key repeated later in the file updates what the earlier row wrote.
 */
export async function importChunk(ctx: ImportContext, tx: Tx, rows: SheetRow[]): Promise<RowOutcome[]> {
  const { target, svc, actor } = ctx;
  const repo = importsRepository(tx);
  const specs = target.fields.filter((f) => ctx.mapping[f.field]);
  const items = rows.map((r) => {
    const values = Object.fromEntries(
      specs.map((f) => [f.field, (r.cells[ctx.columnIndex.get(ctx.mapping[f.field])!] ?? '').trim()]),
    );
    return {
      row: r.row,
      values,
      input: {} as Record<string, unknown>,
      errors: [] as CellError[],
      key: null as string | null,
    };
  });
  const resolver = await ctx.lookups.prepare(
    repo,
    specs,
    items.map((i) => i.values),
  );
  for (const it of items) {
    for (const spec of specs) {
      const res = spec.convert(it.values[spec.field], resolver);
      if (res.error) it.errors.push({ column: ctx.mapping[spec.field], message: res.error });
      else if (res.value !== undefined) it.input[spec.input] = res.value;
    }
    if (!it.errors.length) it.key = target.keyOf(it.input);
  }
  const keys = [...new Set(items.map((i) => i.key).filter((k): k is string => k !== null))];
  const existing = await repo.rowsByKey(actor, svc, target.table, target.keySql, keys);
  const schema = svc.def.schemas.create;

  // New records whose key appears once in the chunk may take the bulk path (bulk.ts).
  const seen = new Map<string, number>();
  for (const it of items) if (it.key !== null) seen.set(it.key, (seen.get(it.key) ?? 0) + 1);
  const candidates: Candidate[] = [];
  const parsedNew = new Map<number, z.ZodSafeParseResult<unknown>>();
  items.forEach((it, index) => {
    if (it.errors.length || it.key === null || existing.has(it.key) || seen.get(it.key) !== 1) return;
    const parsed = schema.safeParse(it.input);
    parsedNew.set(index, parsed);
    if (parsed.success) candidates.push({ index, key: it.key, input: parsed.data as Record<string, unknown> });
  });
  const fast = await bulkCreate(ctx, tx, candidates);

  const out: RowOutcome[] = [];
  for (const [index, it] of items.entries()) {
    const done = (status: Outcome, errors: CellError[] = []) =>
      out.push({ row: it.row, status, key: target.label(it.values), values: it.values, errors });
    if (it.errors.length) {
      done('failed', it.errors);
      continue;
    }
    if (fast.has(index)) {
      done('created');
      continue;
    }
    const current = it.key === null ? undefined : existing.get(it.key);
    try {
      if (current) {
        const before = target.fromRow(current);
        const next = schema.safeParse({ ...before, ...it.input });
        if (!next.success) {
          done('failed', zodErrors(ctx, next.error));
          continue;
        }
        const was = schema.safeParse(before);
        if (was.success && stable(was.data) === stable(next.data)) {
          done('unchanged');
          continue;
        }
        const row = await svc.update(
          actor,
          String(current.id),
          { ...(next.data as object), version: current.version } as never,
          { tx },
        );
        existing.set(it.key!, row as unknown as Record<string, unknown>);
        done('updated');
      } else {
        const parsed = parsedNew.get(index) ?? schema.safeParse(it.input);
        if (!parsed.success) {
          done('failed', zodErrors(ctx, parsed.error));
          continue;
        }
        const row = await svc.create(actor, parsed.data as never, { tx });
        if (it.key !== null) existing.set(it.key, row as unknown as Record<string, unknown>);
        done('created');
      }
    } catch (e) {
      if (e instanceof AppError) {
        done('failed', appErrors(ctx, e));
        continue;
      }
      ctx.log(e, it.row);
      done('failed', [{ column: '', message: 'The server could not write this row.' }]);
    }
  }
  return out;
}
