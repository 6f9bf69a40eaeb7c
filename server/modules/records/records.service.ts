import type { ListQuery } from '../../../src/contract/list';
import type { RecordTotals } from '../../../src/contract/records';
import type { DbOrTx } from '../../db/client';
import { notFound } from '../../lib/errors';
import { iso, type Actor, type ListSpec } from '../../lib/resource';
import { dispenseRow, dispenseSpec, type DispenseRaw } from './dispenses.list';
import { receiptRow, receiptSpec, type ReceiptRaw } from './receipts.list';
import { recordsRepository } from './records.repository';
import { derivedId } from './records.sql';
import { transferRow, transferSpec, type TransferRaw } from './transfers.list';

/** The three record kinds with a list, totals and a detail view. */
export const RECORD_KINDS = {
  dispenses: {
    spec: dispenseSpec,
    entity: 'dispense',
    netOfReversals: true,
    toRow: (r: unknown) => dispenseRow(r as DispenseRaw),
  },
  receipts: {
    spec: receiptSpec,
    entity: 'receipt',
    netOfReversals: false,
    toRow: (r: unknown) => receiptRow(r as ReceiptRaw),
  },
  transfers: {
    spec: transferSpec,
    entity: 'transfer',
    netOfReversals: false,
    toRow: (r: unknown) => transferRow(r as TransferRaw),
  },
} as const;
export type RecordKind = keyof typeof RECORD_KINDS;

const NO_LINKS = { reversalId: null, replacementId: null, reversalOf: null, replaces: null };

export function recordsService(db: DbOrTx) {
  const repo = recordsRepository(db);

  /** Reversal / replacement links of a dispense: derived ids that exist. */
  async function dispenseLinks(
    accountId: number,
    row: { id: string; reversalOf: string | null },
    audit: { action: string; entityId: string | null; after: unknown }[],
  ) {
    const original = row.reversalOf ?? row.id;
    const reversalId = derivedId('reversal', original);
    const replacementId = derivedId('replacement', original);
    const found = await repo.existingDispenses(accountId, [reversalId, replacementId]);
    const correction = audit.find((a) => a.action === 'correct' && a.entityId === row.id)?.after as
      { replaces?: unknown } | undefined;
    return {
      reversalId: row.reversalOf ? null : found.has(reversalId) ? reversalId : null,
      replacementId: found.has(replacementId) ? replacementId : null,
      reversalOf: row.reversalOf,
      replaces: typeof correction?.replaces === 'string' ? correction.replaces : null,
    };
  }

  return {
    totals(kind: RecordKind, actor: Actor, query: ListQuery): Promise<RecordTotals> {
      const k = RECORD_KINDS[kind];
      return repo.totals(k.spec as ListSpec, actor, query, k.netOfReversals);
    },

    async detail(kind: RecordKind, actor: Actor, id: string) {
      const k = RECORD_KINDS[kind];
      const raw = await repo.one(k.spec as ListSpec, actor, id);
      if (!raw) throw notFound(`No such ${k.entity} in this account.`);
      const record = k.toRow(raw) as { id: string; reversalOf?: string | null };
      // A dispense's trail includes its reversal's and replacement's entries.
      const related =
        kind === 'dispenses'
          ? [
              ...new Set(
                [id, record.reversalOf ?? id].flatMap((o) => [
                  o,
                  derivedId('reversal', o),
                  derivedId('replacement', o),
                ]),
              ),
            ]
          : [id];
      const [exceptions, audit] = await Promise.all([
        repo.exceptionsOf(actor.accountId, [id]),
        repo.auditOf(actor.accountId, k.entity, related),
      ]);
      const links =
        kind === 'dispenses'
          ? await dispenseLinks(actor.accountId, { id, reversalOf: record.reversalOf ?? null }, audit)
          : NO_LINKS;
      return {
        record,
        exceptions: exceptions.map((e) => ({ ...e, raisedAt: iso(e.raisedAt) })),
        audit: audit.map((a) => ({ ...a, at: iso(a.at) })),
        links,
      };
    },
  };
}
