import {
  BULK_RESOLVE_MAX,
  EXCEPTION_ERRORS,
  RESOLUTION_LABELS,
  exceptionLabel,
  type Evidence,
  type ExceptionDetail,
  type ExceptionRow,
  type ExceptionStatus,
  type ResolutionReason,
} from '../../../src/contract/exceptions';
import { isMonth, monthBounds } from '../../../src/contract/calendar';
import { monthTitle, periodsOf } from '../../../src/contract/exception-periods';
import { INCIDENT_STATUS_LABELS, type IncidentStatus } from '../../../src/contract/incidents';
import { RECORD_LISTS } from '../../../src/contract/records';
import type { Database, Tx } from '../../db/client';
import { auditMany, type AuditEntry } from '../../lib/audit';
import { AppError, notFound, unprocessable } from '../../lib/errors';
import { listConditions, type Actor } from '../../lib/resource';
import type { ListQuery } from '../../../src/contract/list';
import { EXCEPTION_SPECS } from './exceptions.list';
import { aboutRecords, byIds, exceptionsRepository, type EventRow, type Resolution } from './exceptions.repository';

const STATE_WORDS: Record<ExceptionStatus, string> = {
  open: 'open',
  acknowledged: 'acknowledged',
  resolved: 'resolved',
};
const refused = (status: ExceptionStatus, step: string) =>
  new AppError(
    409,
    EXCEPTION_ERRORS.state,
    `This exception is ${STATE_WORDS[status]}; it cannot be ${step}. Reload to see its current state.`,
  );

/**
 * Where to see what raised an exception: the record on its query screen, the tank on the tank
 * screens. Screens and search keys are the client's routes (src/contract/screens.ts). An exception
 * of a repeating detector (ADR 075) links each month it holds to that month: the tank's balancing
 * of the month, the vehicle's dispenses of the month.
 */
export function evidenceOf(
  r: Pick<ExceptionRow, 'entity' | 'entityId' | 'tankId' | 'tankCode' | 'equipmentId' | 'fleetNo' | 'raisedAt'>,
  details: unknown,
): Evidence[] {
  const out: Evidence[] = [];
  const periods = periodsOf(details).filter((p) => isMonth(p.period));
  // A variance names its month (balancing); anything else is looked at in the month it was raised.
  const month = (details as { month?: unknown } | null)?.month;
  const day = typeof month === 'string' && /^\d{4}-\d{2}$/.test(month) ? `${month}-01` : r.raisedAt.slice(0, 10);
  const months = periods.length ? periods.map((p) => p.period) : [day.slice(0, 7)];
  const about = (p: string) => {
    const summary = periods.find((x) => x.period === p)?.summary;
    return `${monthTitle(p)}${summary ? ` (${summary})` : ''}`;
  };
  if (r.entity === 'dispense' && r.entityId)
    out.push({ label: 'The dispense', screen: RECORD_LISTS.dispenses.screen, search: { view: r.entityId } });
  if (r.entity === 'transfer' && r.entityId)
    out.push({ label: 'The transfer', screen: RECORD_LISTS.transfers.screen, search: { view: r.entityId } });
  if (r.entity === 'receipt' && r.entityId)
    out.push({ label: 'The receipt', screen: RECORD_LISTS.receipts.screen, search: { view: r.entityId } });
  if (r.equipmentId) {
    const fleet = r.fleetNo ?? 'the equipment';
    out.push({
      label: `Dispenses of ${fleet}`,
      screen: RECORD_LISTS.dispenses.screen,
      search: { 'f.equipmentId': r.equipmentId },
    });
    for (const p of periods.map((x) => x.period)) {
      const { from, to } = monthBounds(p);
      out.push({
        label: `Dispenses of ${fleet} in ${about(p)}`,
        screen: RECORD_LISTS.dispenses.screen,
        search: { 'f.equipmentId': r.equipmentId, 'f.from': from, 'f.to': to },
      });
    }
  }
  if (r.tankId) {
    const tank = r.tankCode ?? '';
    out.push({
      label: `Tank ${tank} levels`.replace('  ', ' '),
      screen: '/TankLevels',
      search: { tank: r.tankId },
    });
    for (const p of months) {
      out.push({
        label: `Balancing of tank ${tank} in ${periods.length ? about(p) : p}`.replace('  ', ' '),
        screen: '/QuickBalancing',
        search: { month: p, tank: r.tankId },
      });
    }
  }
  return out;
}

/**
 * The exceptions workflow (src/contract/exceptions.ts): each step checks the state it starts from
 * under a row lock, writes the change, one timeline event and one audit entry in one transaction.
 */
export function exceptionsService(database: Database) {
  const { db } = database;

  async function step<T>(
    actor: Actor,
    id: string,
    run: (
      tx: Tx,
      repo: ReturnType<typeof exceptionsRepository>,
      current: { status: ExceptionStatus; assignedTo: number | null },
    ) => Promise<{
      event: EventRow;
      audit: Omit<AuditEntry, 'accountId' | 'userId' | 'entity' | 'entityId'>;
      result?: T;
    }>,
  ) {
    return db.transaction(async (tx) => {
      const repo = exceptionsRepository(tx, actor.accountId);
      const current = await repo.lockState(id);
      if (!current) throw notFound('No such exception in this account.');
      const out = await run(tx, repo, current);
      await repo.addEvents([out.event]);
      await auditMany(tx, [
        { accountId: actor.accountId, userId: actor.userId, entity: 'exception', entityId: id, ...out.audit },
      ]);
      return (await repo.row(id))!;
    });
  }

  const resolution = (actor: Actor, reason: ResolutionReason, text: string): Resolution => ({
    reason,
    text,
    userId: actor.userId,
  });
  const resolvedWords = (reason: ResolutionReason, text: string) =>
    text ? `${RESOLUTION_LABELS[reason]}: ${text}` : RESOLUTION_LABELS[reason];

  return {
    async detail(actor: Actor, id: string): Promise<ExceptionDetail> {
      const repo = exceptionsRepository(db, actor.accountId);
      const row = await repo.row(id);
      if (!row) throw notFound('No such exception in this account.');
      const events = (await repo.events(id)).map((e) => ({ ...e, at: new Date(e.at).toISOString() }));
      const [details, incidents] = await Promise.all([repo.details(id), repo.incidents(id)]);
      // An exception that gathers months was raised with its first month's message (ADR 075).
      const first = periodsOf(details)[0];
      const raised = {
        at: row.raisedAt,
        action: 'raised' as const,
        userName: null,
        text: `${exceptionLabel(row.code)}: ${first?.message || row.message}`,
      };
      return {
        ...row,
        details,
        events: [raised, ...events],
        evidence: evidenceOf(row, details),
        incidents: incidents.map((i) => ({
          label: `${i.kind === 'callout' ? 'Call-out' : 'Incident'}: ${i.title} (${INCIDENT_STATUS_LABELS[i.status as IncidentStatus] ?? i.status})`,
          screen: '/IncidentReport',
          search: { edit: i.id },
        })),
      };
    },

    acknowledge: (actor: Actor, id: string) =>
      step(actor, id, async (_tx, repo, cur) => {
        if (cur.status !== 'open') throw refused(cur.status, 'acknowledged');
        await repo.change(id, { status: 'acknowledged', acknowledgedAt: new Date(), acknowledgedBy: actor.userId });
        return {
          event: { exceptionId: id, userId: actor.userId, action: 'acknowledged', text: '' },
          audit: { action: 'acknowledge', before: { status: cur.status }, after: { status: 'acknowledged' } },
        };
      }),

    assign: (actor: Actor, id: string, userId: number | null) =>
      step(actor, id, async (_tx, repo, cur) => {
        if (cur.status === 'resolved') throw refused(cur.status, 'assigned');
        let name = '';
        if (userId !== null) {
          const [member] = await repo.members(userId);
          if (!member)
            throw unprocessable(EXCEPTION_ERRORS.assignee, 'Assign it to a user of this account.', {
              userId: ['Not a user of this account'],
            });
          name = member.name;
        }
        await repo.change(id, { assignedTo: userId });
        return {
          event: { exceptionId: id, userId: actor.userId, action: 'assigned', text: userId === null ? 'Nobody' : name },
          audit: { action: 'assign', before: { assignedTo: cur.assignedTo }, after: { assignedTo: userId } },
        };
      }),

    comment: (actor: Actor, id: string, text: string) =>
      step(actor, id, async () => ({
        event: { exceptionId: id, userId: actor.userId, action: 'commented', text },
        audit: { action: 'comment', after: { text } },
      })),

    resolve: (actor: Actor, id: string, reason: ResolutionReason, text: string) =>
      step(actor, id, async (_tx, repo, cur) => {
        if (cur.status === 'resolved') throw refused(cur.status, 'resolved again');
        await repo.change(id, repo.resolveChange(resolution(actor, reason, text)));
        return {
          event: { exceptionId: id, userId: actor.userId, action: 'resolved', text: resolvedWords(reason, text) },
          audit: { action: 'resolve', before: { status: cur.status }, after: { status: 'resolved', reason, text } },
        };
      }),

    reopen: (actor: Actor, id: string, text: string) =>
      step(actor, id, async (_tx, repo, cur) => {
        if (cur.status !== 'resolved') throw refused(cur.status, 'reopened');
        await repo.change(id, {
          status: 'open',
          resolvedAt: null,
          resolvedBy: null,
          resolutionReason: null,
          resolution: null,
          acknowledgedAt: null,
          acknowledgedBy: null,
        });
        return {
          event: { exceptionId: id, userId: actor.userId, action: 'reopened', text },
          audit: { action: 'reopen', before: { status: 'resolved' }, after: { status: 'open', text } },
        };
      }).catch((e: unknown) => {
        // A condition that persists (dedupe key) may have been raised again while this one was resolved.
        if ((e as { code?: string }).code === '23505' || (e as { cause?: { code?: string } }).cause?.code === '23505') {
          throw new AppError(
            409,
            EXCEPTION_ERRORS.state,
            'The same condition has been raised again since; work the open one instead.',
          );
        }
        throw e;
      }),

    /** Resolves the listed ids, or every unresolved exception the working list's query matches. */
    async bulkResolve(
      actor: Actor,
      input: { ids?: string[]; query?: Record<string, string>; reason: ResolutionReason; text: string },
    ) {
      const where = input.ids
        ? byIds(input.ids)
        : listConditions(EXCEPTION_SPECS.open, actor, stripPaging(input.query ?? {}));
      return db.transaction(async (tx) => {
        const repo = exceptionsRepository(tx, actor.accountId);
        const matched = await repo.countWhere(where);
        if (matched > BULK_RESOLVE_MAX) {
          throw unprocessable(
            EXCEPTION_ERRORS.tooMany,
            `${matched} exceptions match; narrow the filters to at most ${BULK_RESOLVE_MAX} and resolve again.`,
          );
        }
        const done = await repo.resolveWhere(where, resolution(actor, input.reason, input.text), BULK_RESOLVE_MAX);
        await repo.addEvents(
          done.map((d) => ({
            exceptionId: d.id,
            userId: actor.userId,
            action: 'resolved' as const,
            text: resolvedWords(input.reason, input.text),
          })),
        );
        await auditMany(
          tx,
          done.map((d) => ({
            accountId: actor.accountId,
            userId: actor.userId,
            action: 'resolve',
            entity: 'exception',
            entityId: d.id,
            before: { status: d.status },
            after: { status: 'resolved', reason: input.reason, text: input.text, bulk: true },
          })),
        );
        return { resolved: done.length, matched };
      });
    },

    assignees: (actor: Actor) => exceptionsRepository(db, actor.accountId).members(),
    count: (actor: Actor) => exceptionsRepository(db, actor.accountId).counts(),
  };
}
export type ExceptionsService = ReturnType<typeof exceptionsService>;

/** A bulk resolve's query is the working list's, without its paging and sort. */
function stripPaging(q: Record<string, string>): ListQuery {
  const { page: _p, pageSize: _s, sort: _o, after: _a, ...rest } = q;
  return rest as unknown as ListQuery;
}

/**
 * Resolves the unresolved exceptions of records that were corrected or reversed (inside the
 * correction's transaction): the record they were about is no longer in force; a replacement
 * raises its own.
 */
export async function resolveForRecords(tx: Tx, actor: Actor, entity: string, ids: string[], text: string) {
  if (!ids.length) return 0;
  const repo = exceptionsRepository(tx, actor.accountId);
  const where = aboutRecords(entity, ids);
  const done = await repo.resolveWhere(where, { reason: 'corrected', text, userId: actor.userId }, BULK_RESOLVE_MAX);
  await repo.addEvents(
    done.map((d) => ({
      exceptionId: d.id,
      userId: actor.userId,
      action: 'resolved' as const,
      text: `Corrected: ${text}`,
    })),
  );
  await auditMany(
    tx,
    done.map((d) => ({
      accountId: actor.accountId,
      userId: actor.userId,
      action: 'resolve',
      entity: 'exception',
      entityId: d.id,
      before: { status: d.status },
      after: { status: 'resolved', reason: 'corrected', text },
    })),
  );
  return done.length;
}
