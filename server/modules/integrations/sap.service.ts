import type { SapExportRow, SapMappingInput, SapPeriod, SapPreview } from '../../../src/contract/sap';
import type { Db } from '../../db/client';
import { audit } from '../../lib/audit';
import { badRequest, notFound, unprocessable } from '../../lib/errors';
import type { Actor } from '../../lib/resource';
import { balanceLines, sapFile } from './sap.file';
import { sapRepository } from './sap.repository';

const cents = (v: number) => Math.round(v * 100);
/** Why a dispense is not posted. */
const reasonOf = (u: { hasCc: boolean; ccMapped: boolean; costCentre: string | null; product: string }) =>
  !u.hasCc
    ? 'No cost centre'
    : !u.ccMapped
      ? `Cost centre ${u.costCentre} has no SAP cost centre`
      : `Product ${u.product} has no SAP material`;

/** `/SAP` (ADR 044): mapping, preview, export (posted once unless re-exported), re-download. */
export function sapService(db: Db) {
  async function preview(accountId: number, p: SapPeriod, repo = sapRepository(db)): Promise<SapPreview> {
    const lines = balanceLines(await repo.lines(accountId, p));
    const counts = await repo.counts(accountId, p);
    const unmapped = (await repo.unmapped(accountId, p)).map((u) => ({
      dispenseId: u.dispenseId,
      dispensedAt: new Date(u.dispensedAt).toISOString(),
      storeCode: u.storeCode,
      fleetNo: u.fleetNo,
      costCentre: u.costCentre,
      product: u.product,
      litres: u.litres,
      amount: u.amount,
      reason: reasonOf(u),
    }));
    // One row per reason (a cost centre missing on several products is one reason).
    const groups = new Map<string, { reason: string; dispenses: number; litres: number; amount: number }>();
    for (const g of await repo.unmappedGroups(accountId, p)) {
      const reason = reasonOf(g);
      const x = groups.get(reason) ?? { reason, dispenses: 0, litres: 0, amount: 0 };
      groups.set(reason, {
        reason,
        dispenses: x.dispenses + g.dispenses,
        litres: Math.round((x.litres + g.litres) * 1000) / 1000,
        amount: (cents(x.amount) + cents(g.amount)) / 100,
      });
    }
    return {
      from: p.from,
      to: p.to,
      reExport: p.reExport,
      currency: await repo.currency(accountId),
      lines,
      dispenses: lines.reduce((s, l) => s + l.dispenses, 0),
      litres: Math.round(lines.reduce((s, l) => s + l.litres, 0) * 1000) / 1000,
      total: lines.reduce((s, l) => s + cents(l.amount), 0) / 100,
      alreadyPosted: counts.alreadyPosted,
      unmappedCount: counts.unmappedCount,
      unmappedByReason: [...groups.values()],
      unmapped,
    };
  }

  return {
    mapping: (accountId: number) => sapRepository(db).mapping(accountId),

    async saveMapping(actor: Actor, input: SapMappingInput) {
      const repo = sapRepository(db);
      const known = await repo.mapping(actor.accountId);
      const cc = new Set(known.costCentres.map((c) => c.costCentreId));
      const pr = new Set(known.products.map((p) => p.productId));
      const badCc = input.costCentres.findIndex((c) => !cc.has(c.costCentreId));
      const badPr = input.products.findIndex((p) => !pr.has(p.productId));
      if (badCc >= 0)
        throw badRequest('Not a cost centre of this account.', {
          [`costCentres.${badCc}.costCentreId`]: ['No such cost centre'],
        });
      if (badPr >= 0)
        throw badRequest('Not a product of this account.', { [`products.${badPr}.productId`]: ['No such product'] });
      await db.transaction(async (tx) => {
        await sapRepository(tx).saveMapping(actor.accountId, input, actor.userId);
        await audit(tx, {
          accountId: actor.accountId,
          userId: actor.userId,
          action: 'update',
          entity: 'sap_mapping',
          entityId: String(actor.accountId),
          before: known,
          after: input,
        });
      });
      return repo.mapping(actor.accountId);
    },

    preview,

    /**
     * Posts the period: under the account's export lock, the lines, the file, the export row and
     * the posted marks are one transaction, so a dispense is in one export only (unless re-exported).
     */
    async export(actor: Actor, p: SapPeriod): Promise<SapExportRow> {
      return db.transaction(async (tx) => {
        const repo = sapRepository(tx);
        await repo.lock(actor.accountId);
        const { settings } = await repo.mapping(actor.accountId);
        if (!settings)
          throw unprocessable('sap_settings_missing', 'Set the company code, document type and offset account first.');
        const pv = await preview(actor.accountId, p, repo);
        if (!pv.lines.length)
          throw unprocessable(
            'nothing_to_post',
            pv.alreadyPosted
              ? `Nothing new to post: ${pv.alreadyPosted} dispenses of this period are already posted. Choose re-export to post them again.`
              : pv.unmappedCount
                ? `Nothing to post: the ${pv.unmappedCount} dispenses of this period are not mapped.`
                : 'No dispenses in this period.',
          );
        const today = new Date().toISOString().slice(0, 10);
        const fileName = `fams-sap-${p.from}-${p.to}${p.reExport ? '-re' : ''}.csv`;
        const row = await repo.addExport({
          accountId: actor.accountId,
          periodFrom: p.from,
          periodTo: p.to,
          reExport: p.reExport,
          lines: pv.lines.length,
          dispenses: pv.dispenses,
          litres: pv.litres,
          total: pv.total,
          fileName,
          createdBy: actor.userId,
        });
        const content = sapFile(
          {
            settings,
            currency: pv.currency,
            documentDate: today,
            from: p.from,
            to: p.to,
            reference: `FAMS${row.id.slice(0, 8).toUpperCase()}`,
          },
          pv.lines,
        );
        await repo.setExportFile(row.id, content);
        const posted = await repo.markPosted(actor.accountId, p, row.id);
        if (posted !== pv.dispenses) throw new Error(`SAP export: ${posted} marked, ${pv.dispenses} in the lines`);
        await audit(tx, {
          accountId: actor.accountId,
          userId: actor.userId,
          action: 'export',
          entity: 'sap_export',
          entityId: row.id,
          after: { from: p.from, to: p.to, reExport: p.reExport, lines: pv.lines.length, total: pv.total },
        });
        return {
          id: row.id,
          createdAt: row.createdAt.toISOString(),
          createdByName: null,
          periodFrom: p.from,
          periodTo: p.to,
          reExport: p.reExport,
          lines: pv.lines.length,
          dispenses: pv.dispenses,
          litres: pv.litres,
          total: pv.total,
          fileName,
        };
      });
    },

    async file(accountId: number, id: string) {
      const row = await sapRepository(db).exportFile(accountId, id);
      if (!row) throw notFound('No such export.');
      return row;
    },
  };
}
