import crypto from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  DEFAULT_THRESHOLDS,
  leakLimitsOf,
  ML_MAX_ANOMALIES,
  ML_MAX_BYTES,
  ML_REPORT_TTL_HOURS,
  type MlReport,
  type ScoreQuery,
  type ThresholdsView,
  type TrainingQuery,
} from '../../../src/contract/ml';
import type { Db } from '../../db/client';
import { audit } from '../../lib/audit';
import { AppError, notFound } from '../../lib/errors';
import { iso, type Actor } from '../../lib/resource';
import { balancingRepository } from '../balancing/balancing.repository';
import { balancingService } from '../balancing/balancing.service';
import { exceptionRulesRepository } from '../exceptions/rules.repository';
import { thresholdsRepository } from '../exceptions/thresholds.repository';
import type { ImportFiles } from '../imports/files';
import { readSheet } from '../imports/reader';
import { mlRepository } from './ml.repository';
import { parseDispenses, parseReadings } from './parse';
import { scoreDispenses, scoreReadings } from './score';
import { parseThresholdsFile } from './thresholds-file';

/** The file's kind by content; anything but CSV or XLSX is 415 with what to send instead. */
async function sheetFormat(files: ImportFiles, id: string): Promise<'csv' | 'xlsx'> {
  const kind = await files.sniff(id);
  if (kind === 'csv' || kind === 'xlsx') return kind;
  throw new AppError(
    415,
    'unsupported_file',
    kind === 'xls'
      ? 'Old Excel workbooks (.xls) are not read: save it as .xlsx or CSV.'
      : 'The file is neither a CSV nor an XLSX workbook.',
  );
}

/**
 * `/MLUpload` (ADR 052). Scoring: the file is streamed to a temporary file, read and scored in
 * memory by the detection's own functions under the signed-in account's rules and thresholds, and
 * deleted; only the anomaly report is kept (the sandbox table, `ML_REPORT_TTL_HOURS`). Thresholds:
 * every upload a new version made active, rollback by activating an earlier one; both audited.
 */
export function mlService(db: Db, files: ImportFiles) {
  const repo = mlRepository(db);

  return {
    async score(actor: Actor, q: ScoreQuery, body: Readable): Promise<MlReport> {
      await repo.deleteExpired();
      const id = crypto.randomUUID();
      await files.save(id, body, ML_MAX_BYTES);
      try {
        const format = await sheetFormat(files, id);
        const [rules, thresholds] = await Promise.all([
          exceptionRulesRepository(db).rulesFor(actor.accountId),
          thresholdsRepository(db).activeFor(actor.accountId),
        ]);
        const limits = {
          outlier: {
            z: rules.outlierZ,
            minExcess: rules.outlierMinExcessPct / 100,
            minFills: thresholds.values.baselineMinFills,
          },
          leak: leakLimitsOf(thresholds.values),
        };
        const rows = readSheet(files.upload(id), format).rows;
        const scored =
          q.kind === 'dispenses'
            ? await parseDispenses(rows).then((p) => ({
                p,
                subjects: new Set(p.rows.map((r) => r.equipment)).size,
                anomalies: scoreDispenses(p.rows, limits),
              }))
            : await parseReadings(rows).then((p) => ({
                p,
                subjects: new Set(p.rows.map((r) => r.tank)).size,
                anomalies: scoreReadings(p.rows, limits),
              }));
        const report = {
          kind: q.kind,
          fileName: q.fileName,
          rowsRead: scored.p.read,
          rowsSkipped: scored.p.skipped,
          skipped: scored.p.reasons,
          subjects: scored.subjects,
          anomalies: scored.anomalies.slice(0, ML_MAX_ANOMALIES),
          thresholdsVersion: thresholds.version,
        };
        const saved = await repo.saveReport(id, actor.accountId, actor.userId, report, ML_REPORT_TTL_HOURS);
        return { id, ...report, createdAt: iso(saved.createdAt)!, expiresAt: iso(saved.expiresAt)! };
      } finally {
        await files.remove(id);
      }
    },

    async report(actor: Actor, id: string): Promise<MlReport> {
      const r = await repo.report(actor.accountId, id);
      if (!r) throw notFound('No such report (reports are kept for a day).');
      return { id: r.id, ...r.report, createdAt: iso(r.createdAt)!, expiresAt: iso(r.expiresAt)! };
    },

    /** The training set's rows, columns as `TRAINING_COLUMNS` names them. */
    async training(actor: Actor, q: TrainingQuery, now = new Date()): Promise<Record<string, unknown>[]> {
      if (q.kind === 'equipment') return (await repo.equipmentDays(actor.accountId, q.from, q.to)) as never;
      const tanks = await balancingRepository(db).tanks(actor.accountId, { since: q.from });
      const [days, outcomes] = await Promise.all([
        balancingService(db).compute(actor.accountId, tanks, q.from, q.to, now),
        repo.tankOutcomes(actor.accountId, q.from, q.to),
      ]);
      return days.flatMap(({ tank, days }) =>
        days.map((d) => ({
          tank_id: tank.tankId,
          tank: `${tank.storeCode} ${tank.tankCode}`,
          day: d.day,
          opening: d.opening,
          receipts: d.receipts,
          dispensed: d.dispensed,
          transfers_out: d.transfersOut,
          transfers_in: d.transfersIn,
          book_closing: d.bookClosing,
          measured_closing: d.measuredClosing,
          variance: d.variance,
          ...(outcomes.get(`${tank.tankId}|${d.day}`) ?? { exceptions: 0, codes: '', label: 'none' }),
        })),
      );
    },

    async thresholds(actor: Actor): Promise<ThresholdsView> {
      const t = thresholdsRepository(db);
      const [active, versions] = await Promise.all([t.activeFor(actor.accountId), t.versions(actor.accountId)]);
      return {
        active: active.version,
        defaults: DEFAULT_THRESHOLDS,
        versions: [
          ...versions.map((v) => ({
            version: v.version,
            values: { ...DEFAULT_THRESHOLDS, ...v.values },
            note: v.note,
            active: v.active,
            createdAt: iso(v.createdAt),
            createdBy: v.createdBy,
          })),
          {
            version: 0,
            values: DEFAULT_THRESHOLDS,
            note: 'The standard constants',
            active: active.version === 0,
            createdAt: null,
            createdBy: null,
          },
        ],
      };
    },

    /** A thresholds file (JSON or CSV, name → value) as a new active version; 422 naming bad ones, nothing stored. */
    async uploadThresholds(actor: Actor, q: { note?: string }, body: Readable): Promise<ThresholdsView> {
      const id = crypto.randomUUID();
      await files.save(id, body, 64 * 1024);
      let values;
      try {
        if ((await files.sniff(id)) !== 'csv')
          throw new AppError(415, 'unsupported_file', 'Send the thresholds as a JSON or CSV text file.');
        values = await parseThresholdsFile(files.upload(id));
      } finally {
        await files.remove(id);
      }
      await db.transaction(async (tx) => {
        const t = thresholdsRepository(tx);
        await t.lock(actor.accountId);
        const before = await t.activeFor(actor.accountId);
        const version = await t.add(actor.accountId, values, q.note?.trim() || null, actor.userId);
        await audit(tx, {
          accountId: actor.accountId,
          userId: actor.userId,
          action: 'create',
          entity: 'detection_thresholds',
          entityId: String(version),
          before,
          after: { version, values },
        });
      });
      return this.thresholds(actor);
    },

    /** Rollback (or forward): makes an existing version the active one; 0 = the constants. */
    async activate(actor: Actor, version: number): Promise<ThresholdsView> {
      await db.transaction(async (tx) => {
        const t = thresholdsRepository(tx);
        await t.lock(actor.accountId);
        if (version > 0 && !(await t.exists(actor.accountId, version))) throw notFound('No such thresholds version.');
        const before = await t.activeFor(actor.accountId);
        await t.activate(actor.accountId, version);
        await audit(tx, {
          accountId: actor.accountId,
          userId: actor.userId,
          action: 'activate',
          entity: 'detection_thresholds',
          entityId: String(version),
          before: { version: before.version },
          after: { version },
        });
      });
      return this.thresholds(actor);
    },
  };
}
