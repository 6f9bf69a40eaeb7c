import { and, eq, sql } from 'drizzle-orm';
import { MAX_BATCH, type Dispense } from '../../src/contract/dispensing';
import { RESOLUTION_LABELS, type ResolutionReason } from '../../src/contract/exceptions';
import type { Db, Tx } from '../db/client';
import { auditLog, exceptionEvents, memberships } from '../db/schema';
import { dispenseHandler } from '../modules/dispensing/dispense.handler';
import { ingestBatch } from '../modules/dispensing/ingest.service';
import type { DispenseRow } from './demo-history-dispenses';
import { COMMENTS, EXPLANATIONS, FALLBACK } from './demo-explanations';
import { prng, type Prng } from './prng';

/**
 * The share of the demo year that comes in through the real ingest (ADR 068): about this many of
 * the year's fills a day, so they are judged by the account's rules and raise the exceptions those
 * rules raise. The rest is written in bulk and judged by nothing (ADR 013).
 */
export const JUDGED_PER_DAY = 2.5;

/** The fills to send through the ingest: a seeded sample, spread over the year. */
export function pickJudged(r: Prng, dispenses: readonly DispenseRow[], days: number): DispenseRow[] {
  const p = Math.min(1, (JUDGED_PER_DAY * days) / Math.max(1, dispenses.length));
  return dispenses.filter(() => r.chance(p));
}

/** A planned fill as the device would have sent it. */
const asRecord = (d: DispenseRow): Dispense => ({
  id: d.id,
  variant: d.variant,
  storeId: d.storeId,
  tankId: d.tankId,
  equipmentId: d.equipmentId,
  employeeId: d.employeeId,
  costCentreId: d.costCentreId,
  litres: d.litres,
  meter: d.meter,
  dispensedAt: new Date(d.at).toISOString(),
  note: '',
  gps: d.gpsLat !== null && d.gpsLng !== null ? { lat: d.gpsLat, lng: d.gpsLng, accuracyM: d.gpsAccuracyM } : null,
  deviceId: 'demo-history',
  employeeBy: d.employeeBy,
  acceptedWarnings: [],
});

/**
 * Sends the judged fills through the ingest in the seed's transaction (a savepoint per batch), as
 * the system user, oldest first; then dates what the ingest stamped "now" (the row's arrival, its
 * audit entry, its exceptions) at the fill's own arrival, as if each had synced minutes after the
 * pump. Answers the exceptions raised, oldest first.
 */
async function ingestJudged(tx: Tx, accountId: number, rows: readonly DispenseRow[]) {
  const auth = { userId: 1, userKey: 'system', accountId, accountKey: '', roles: ['admin', 'FAMS', 'FAMS24'] };
  const database = { db: tx as unknown as Db, beside: () => null };
  const sorted = [...rows].sort((a, b) => a.at - b.at);
  // The demo's master meters are today's, above the whole year (ADR 013); a fill of last March is
  // judged against the meters recorded before it, as it was then, so they are set aside meanwhile.
  const { rows: meters } = await tx.execute(sql`update equipment e set current_meter = null
    from (select id, current_meter from equipment where account_id = ${accountId} and current_meter is not null) m
    where e.account_id = ${accountId} and e.id = m.id returning m.id, m.current_meter`);
  for (let i = 0; i < sorted.length; i += MAX_BATCH) {
    const results = await ingestBatch(database, dispenseHandler, auth, sorted.slice(i, i + MAX_BATCH).map(asRecord));
    const refused = results.find((x) => x.status !== 'created');
    if (refused) throw new Error(`demo history: a judged fill was not stored: ${JSON.stringify(refused)}`);
  }
  const kept = meters as { id: string; current_meter: string }[];
  await tx.execute(sql`update equipment e set current_meter = m.meter
    from unnest(${sql.param(kept.map((m) => m.id))}::uuid[], ${sql.param(kept.map((m) => m.current_meter))}::numeric[]) as m(id, meter)
    where e.account_id = ${accountId} and e.id = m.id`);
  const ids = sorted.map((d) => d.id);
  const arrived = sorted.map((d) => new Date(d.receivedAt).toISOString());
  const arrivals = sql`unnest(${sql.param(ids)}::uuid[], ${sql.param(arrived)}::timestamptz[]) as a(id, at)`;
  await tx.execute(sql`update dispenses d set received_at = a.at from ${arrivals}
    where d.account_id = ${accountId} and d.id = a.id`);
  await tx.execute(sql`update audit_log l set at = a.at from ${arrivals}
    where l.account_id = ${accountId} and l.entity = 'dispense' and l.entity_id = a.id::text`);
  const { rows: raised } = await tx.execute(sql`update exceptions x set raised_at = a.at from ${arrivals}
    where x.account_id = ${accountId} and x.entity = 'dispense' and x.entity_id = a.id
    returning x.id, x.code, x.raised_at`);
  return (raised as { id: string; code: string; raised_at: string | Date }[])
    .map((x) => ({ id: x.id, code: x.code, raisedAt: new Date(x.raised_at).getTime() }))
    .sort((a, b) => a.raisedAt - b.raisedAt || a.id.localeCompare(b.id));
}

/** An exception the judged fills raised, as `ingestJudged` answers it. */
export interface Raised {
  id: string;
  code: string;
  raisedAt: number;
}

/** What the office did with one exception: its state now and the workflow steps that led there. */
export interface Handled {
  id: string;
  status: 'open' | 'acknowledged' | 'resolved';
  acknowledgedAt: number | null;
  resolvedAt: number | null;
  reason: ResolutionReason | null;
  text: string | null;
  steps: { at: number; action: 'acknowledged' | 'commented' | 'resolved'; text: string }[];
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * The office's handling of the raised exceptions up to `now` (pure, seeded): an exception is
 * acknowledged within a working day or so and resolved within about three days with the words
 * its kind is usually explained by; the older it is, the likelier it is resolved, so the working
 * list holds the last days' exceptions and a few that slipped.
 */
export function planHandling(r: Prng, raised: readonly Raised[], now: number): Handled[] {
  return raised.map(({ id, code, raisedAt }) => {
    const age = now - raisedAt;
    const [ack, res] = age > 14 * DAY ? [0.99, 0.975] : age > 4 * DAY ? [0.85, 0.6] : [0.4, 0.1];
    const out: Handled = {
      id,
      status: 'open',
      acknowledgedAt: null,
      resolvedAt: null,
      reason: null,
      text: null,
      steps: [],
    };
    const before = (at: number) => Math.min(at, now - 5 * 60_000);
    if (!r.chance(ack)) return out;
    const acknowledgedAt = before(raisedAt + r.int(1, 26) * HOUR + r.int(0, 3599) * 1000);
    out.status = 'acknowledged';
    out.acknowledgedAt = acknowledgedAt;
    out.steps.push({ at: acknowledgedAt, action: 'acknowledged', text: '' });
    if (r.chance(0.25))
      out.steps.push({
        at: before(acknowledgedAt + r.int(5, 240) * 60_000),
        action: 'commented',
        text: r.pick(COMMENTS),
      });
    if (!r.chance(res)) return out;
    const resolvedAt = before(acknowledgedAt + r.int(2, 72) * HOUR + r.int(0, 3599) * 1000);
    const [reason, text] = r.pick(EXPLANATIONS[code] ?? FALLBACK);
    Object.assign(out, { status: 'resolved', resolvedAt, reason, text });
    out.steps.push({
      at: Math.max(resolvedAt, out.steps[out.steps.length - 1].at),
      action: 'resolved',
      text: `${RESOLUTION_LABELS[reason]}: ${text}`,
    });
    return out;
  });
}

/**
 * Writes the handling as the workflow would have (exceptions.service.ts): the exception's state,
 * one timeline event and one audit entry per step, each at its own time, by `userId`.
 */
export async function writeHandling(tx: Tx, accountId: number, userId: number, handled: readonly Handled[]) {
  const changed = handled.filter((h) => h.status !== 'open');
  if (!changed.length) return;
  const col = <T>(f: (h: Handled) => T) => sql.param(changed.map(f));
  const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
  await tx.execute(sql`update exceptions x set status = h.status, acknowledged_at = h.ack_at, acknowledged_by = ${userId},
      resolved_at = h.res_at, resolved_by = case when h.res_at is null then null else ${userId}::bigint end,
      resolution_reason = h.reason, resolution = h.text
    from unnest(${col((h) => h.id)}::uuid[], ${col((h) => h.status)}::text[], ${col((h) => iso(h.acknowledgedAt))}::timestamptz[],
      ${col((h) => iso(h.resolvedAt))}::timestamptz[], ${col((h) => h.reason)}::text[], ${col((h) => h.text)}::text[])
      as h(id, status, ack_at, res_at, reason, text)
    where x.account_id = ${accountId} and x.id = h.id`);
  const steps = changed.flatMap((h) =>
    h.steps.map((s) => ({ ...s, exceptionId: h.id, reason: h.reason, resolution: h.text })),
  );
  await tx.insert(exceptionEvents).values(
    steps.map((s) => ({
      accountId,
      exceptionId: s.exceptionId,
      at: new Date(s.at),
      userId,
      action: s.action,
      text: s.text,
    })),
  );
  const audit = {
    acknowledged: () => ({ action: 'acknowledge', before: { status: 'open' }, after: { status: 'acknowledged' } }),
    commented: (s: (typeof steps)[number]) => ({ action: 'comment', before: null, after: { text: s.text } }),
    resolved: (s: (typeof steps)[number]) => ({
      action: 'resolve',
      before: { status: 'acknowledged' },
      after: { status: 'resolved', reason: s.reason, text: s.resolution },
    }),
  };
  await tx.insert(auditLog).values(
    steps.map((s) => ({
      accountId,
      userId,
      at: new Date(s.at),
      entity: 'exception',
      entityId: s.exceptionId,
      ...audit[s.action](s),
    })),
  );
}

/**
 * The judged fills through the ingest, then the office's handling of what they raised by the
 * account's first admin (the one who works `/Exceptions`). Answers the number of exceptions.
 */
export async function seedJudged(
  tx: Tx,
  accountId: number,
  admin: number | null,
  rows: readonly DispenseRow[],
  now: number,
  seed: number,
) {
  const raised = await ingestJudged(tx, accountId, rows);
  if (admin) await writeHandling(tx, accountId, admin, planHandling(prng(seed), raised, now));
  return raised.length;
}

/** The account's first admin (by user id): who works `/Exceptions` and logs incidents in the demo. */
export async function accountAdmin(tx: Tx, accountId: number): Promise<number | null> {
  const [admin] = await tx
    .select({ id: memberships.userId })
    .from(memberships)
    .where(and(eq(memberships.accountId, accountId), sql`'admin' = any(${memberships.roles})`))
    .orderBy(memberships.userId)
    .limit(1);
  return admin?.id ?? null;
}
