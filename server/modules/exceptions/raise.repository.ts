import { sql } from 'drizzle-orm';
import {
  continuesText,
  foldPeriods,
  periodsOf,
  subjectKey,
  type PeriodEntry,
} from '../../../src/contract/exception-periods';
import type { DbOrTx } from '../../db/client';

/** A repeating detector's kind of exception (ADR 075). */
export interface PeriodicKind {
  code: string;
  severity: 'info' | 'warning' | 'critical';
  /** The timeline's first word: "Leak" continues in November 2026. */
  noun: string;
}

/** One month found for one subject (a tank or a vehicle). */
export interface PeriodicRaise {
  /** The tank or vehicle the exception is about: one unresolved exception per subject and kind. */
  subjectId: string;
  /** What a new exception points at (`tank`, or the first `dispense` of a consumption outlier). */
  entity: string;
  entityId: string | null;
  storeId: string | null;
  tankId?: string | null;
  equipmentId?: string | null;
  entry: PeriodEntry;
}

/** What a call did for one subject: a new exception, or months added to the unresolved one. */
export interface PeriodicOutcome {
  key: string;
  id: string;
  action: 'raised' | 'extended';
  periods: string[];
}

interface Held {
  id: string;
  key: string;
  status: string;
  details: unknown;
}

/**
 * THE rule of the repeating detectors (ADR 075), in one transaction: per subject, the months no
 * exception of it holds yet (open or resolved: a resolved month stays resolved) go into its
 * unresolved exception — details, period, message, one timeline event per month ("Leak continues
 * in November 2026: 1.880 L/h") — or, when it has none, into a new exception. The subject's
 * exceptions are locked first, so two raisers add a month once; a new exception that meets one a
 * concurrent raiser has just inserted (the partial unique index on the dedupe key) is folded into
 * it on the next round.
 */
export async function raiseOrExtend(
  db: DbOrTx,
  accountId: number,
  kind: PeriodicKind,
  rows: readonly PeriodicRaise[],
): Promise<PeriodicOutcome[]> {
  if (!rows.length) return [];
  const bySubject = new Map<string, { first: PeriodicRaise; entries: PeriodEntry[] }>();
  for (const r of rows) {
    const key = subjectKey(kind.code, r.subjectId);
    const g = bySubject.get(key);
    if (g) g.entries.push(r.entry);
    else bySubject.set(key, { first: r, entries: [r.entry] });
  }
  return db.transaction(async (tx) => {
    const out: PeriodicOutcome[] = [];
    let pending = [...bySubject.keys()].sort();
    for (let round = 0; pending.length && round < 3; round++) {
      const held = (
        await tx.execute(sql`
          select id, dedupe_key as key, status, details from exceptions
          where account_id = ${accountId} and dedupe_key = any(${sql.param(pending)}::text[])
          order by id for update`)
      ).rows as unknown as Held[];
      const updates: { id: string; details: unknown; message: string }[] = [];
      const events: { id: string; text: string }[] = [];
      const inserts: (PeriodicRaise & { key: string; details: unknown; message: string; periods: string[] })[] = [];
      for (const key of pending) {
        const { first, entries } = bySubject.get(key)!;
        const mine = held.filter((h) => h.key === key);
        const covered = new Set(mine.flatMap((h) => periodsOf(h.details).map((e) => e.period)));
        const fresh = entries.filter((e) => !covered.has(e.period));
        if (!fresh.length) continue;
        const open = mine.find((h) => h.status !== 'resolved');
        if (open) {
          const before = periodsOf(open.details);
          const fold = foldPeriods(open.details, fresh);
          updates.push({ id: open.id, details: fold.details, message: fold.message });
          let latest = before.length ? before[before.length - 1].period : null;
          for (const e of fold.added) {
            events.push({ id: open.id, text: continuesText(kind.noun, e, latest) });
            if (latest === null || e.period > latest) latest = e.period;
          }
          out.push({ key, id: open.id, action: 'extended', periods: fold.added.map((e) => e.period) });
        } else {
          const fold = foldPeriods(null, fresh);
          inserts.push({
            ...first,
            key,
            details: fold.details,
            message: fold.message,
            periods: fold.added.map((e) => e.period),
          });
        }
      }
      if (updates.length) {
        await tx.execute(sql`
          update exceptions x set details = v.details, message = v.message
          from jsonb_to_recordset(${JSON.stringify(updates)}::jsonb) as v(id uuid, details jsonb, message text)
          where x.account_id = ${accountId} and x.id = v.id`);
      }
      if (events.length) {
        await tx.execute(sql`
          insert into exception_events (account_id, exception_id, user_id, action, text)
          select ${accountId}, v.id, null, 'continued', v.text
          from jsonb_to_recordset(${JSON.stringify(events)}::jsonb) as v(id uuid, text text)`);
      }
      pending = [];
      if (inserts.length) {
        const json = JSON.stringify(
          inserts.map((r) => ({
            key: r.key,
            entity: r.entity,
            entity_id: r.entityId,
            store_id: r.storeId,
            tank_id: r.tankId ?? null,
            equipment_id: r.equipmentId ?? null,
            message: r.message,
            details: r.details,
          })),
        );
        const made = (
          await tx.execute(sql`
            insert into exceptions (account_id, code, severity, entity, entity_id, store_id, tank_id, equipment_id, message, details, dedupe_key)
            select ${accountId}, ${kind.code}, ${kind.severity}, v.entity, v.entity_id, v.store_id, v.tank_id, v.equipment_id, v.message, v.details, v.key
            from jsonb_to_recordset(${json}::jsonb)
              as v(key text, entity text, entity_id uuid, store_id uuid, tank_id uuid, equipment_id uuid, message text, details jsonb)
            on conflict (account_id, dedupe_key) where dedupe_key is not null and status <> 'resolved' do nothing
            returning id, dedupe_key as key`)
        ).rows as unknown as { id: string; key: string }[];
        const madeOf = new Map(made.map((m) => [m.key, m.id]));
        for (const r of inserts) {
          const id = madeOf.get(r.key);
          if (id) out.push({ key: r.key, id, action: 'raised', periods: r.periods });
          // Another raiser inserted this subject's exception meanwhile (committed now): add to it.
          else pending.push(r.key);
        }
      }
    }
    return out;
  });
}
