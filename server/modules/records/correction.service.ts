import crypto from 'node:crypto';
import { DispenseInput, type Dispense } from '../../../src/contract/dispensing';
import { type DispenseRecordRow } from '../../../src/contract/records';
import {
  CORRECTION_ERRORS,
  changedFields,
  type CorrectionInput,
  type CorrectionResult,
} from '../../../src/contract/record-corrections';
import type { Database, Tx } from '../../db/client';
import { audit, type AuditEntry } from '../../lib/audit';
import { AppError, badRequest, fieldErrorsOf, notFound, unprocessable } from '../../lib/errors';
import type { AccessClaims } from '../auth/tokens';
import { resolveForRecords } from '../exceptions/exceptions.service';
import { dispenseHandler } from '../dispensing/dispense.handler';
import { fieldRepository } from '../dispensing/field.repository';
import { RecordError, type IngestContext } from '../dispensing/ingest.types';
import { correctionRepository, type StoredDispense } from './correction.repository';
import { dispenseRow, dispenseSpec, type DispenseRaw } from './dispenses.list';
import { recordsRepository } from './records.repository';
import { derivedId } from './records.sql';

/**
 * Correction by reversal (docs/design.md §5: field records are never edited in place). In one
 * transaction: the original is locked, a reversal is inserted (derived id, negated litres, stock
 * movement `reversal`), the corrected dispense is stored as a new record through the ingest's own
 * dispense handler (same checks, stock movement and exceptions as a dispense from a device), and
 * an audit entry for each carries the reason. Any failure rolls all of it back.
 */
type Parsed = Omit<CorrectionInput, 'employeeId' | 'costCentreId' | 'meter' | 'note'> & {
  employeeId: string | null;
  costCentreId: string | null;
  meter: number | null;
  note: string;
};

const conflict = (code: string, message: string) => new AppError(409, code, message);

const isoOf = (d: Date) => d.toISOString();

/** The fields of the stored dispense the form edits, in the correction's terms. */
function editable(o: StoredDispense) {
  return {
    storeId: o.storeId,
    tankId: o.tankId,
    equipmentId: o.equipmentId,
    employeeId: o.employeeId,
    costCentreId: o.costCentreId,
    litres: Number(o.litres),
    meter: o.meter === null ? null : Number(o.meter),
    dispensedAt: isoOf(o.dispensedAt),
    note: o.note,
  };
}

/** What the audit keeps of a dispense: its facts, readable (fleet no. names it in the audit list). */
const snapshot = (row: DispenseRecordRow) => ({
  id: row.id,
  dispensedAt: row.dispensedAt,
  storeCode: row.storeCode,
  tankCode: row.tankCode,
  productCode: row.productCode,
  fleetNo: row.fleetNo,
  employeeName: row.employeeName,
  costCentreCode: row.costCentreCode,
  litres: row.litres,
  meter: row.meter,
  note: row.note,
  reversalOf: row.reversalOf,
});

export function correctionService(database: Database) {
  const read = async (tx: Tx, auth: AccessClaims, id: string) => {
    const raw = await recordsRepository(tx).one<DispenseRaw>(dispenseSpec, auth, id);
    return raw && dispenseRow(raw);
  };

  /** Steps shared by reverse and correct: the original, checked, and its reversal stored. */
  async function reverseIn(tx: Tx, auth: AccessClaims, id: string, reason: string) {
    const repo = correctionRepository(tx, auth.accountId);
    const original = await repo.lockDispense(id);
    if (!original) throw notFound('No such dispense in this account.');
    if (original.reversalOf)
      throw conflict(
        CORRECTION_ERRORS.isReversal,
        'This record is a reversal; it cannot be corrected or reversed. Correct the dispense it reverses instead.',
      );
    const reversalId = derivedId('reversal', id);
    if (!(await repo.insertReversal(original, reversalId, auth.userId, reason))) {
      throw conflict(CORRECTION_ERRORS.alreadyReversed, 'This dispense has already been reversed.');
    }
    await fieldRepository(tx, auth.accountId).move(
      original.tankId,
      original.dispensedAt,
      Number(original.litres),
      'reversal',
      reversalId,
    );
    const before = (await read(tx, auth, id))!;
    const reversal = (await read(tx, auth, reversalId))!;
    return { original, before, reversal };
  }

  /** The corrected dispense as a device record, checked by the ingest schema. */
  function replacementOf(original: StoredDispense, input: Parsed, id: string): Dispense {
    const parsed = DispenseInput.safeParse({
      id,
      variant: original.variant,
      storeId: input.storeId,
      tankId: input.tankId,
      equipmentId: input.equipmentId,
      employeeId: input.employeeId,
      costCentreId: input.costCentreId,
      litres: input.litres,
      meter: input.meter,
      dispensedAt: input.dispensedAt,
      note: input.note,
      deviceId: original.deviceId,
      employeeBy: original.employeeBy,
      gps:
        original.gpsLat !== null && original.gpsLng !== null
          ? { lat: original.gpsLat, lng: original.gpsLng, accuracyM: original.gpsAccuracyM }
          : null,
      acceptedWarnings: [],
    });
    if (!parsed.success) {
      const fields = fieldErrorsOf(parsed.error.issues);
      throw badRequest('The corrected dispense has invalid fields.', fields);
    }
    return parsed.data;
  }

  async function storeReplacement(tx: Tx, auth: AccessClaims, record: Dispense): Promise<string[]> {
    const ctx: IngestContext = { tx, auth, now: new Date(), cache: new Map() };
    try {
      const refs = await dispenseHandler.prepare(ctx, record);
      const hash = crypto.createHash('sha256').update(JSON.stringify(record)).digest('base64url');
      if (!(await dispenseHandler.insert(ctx, record, refs, hash)))
        throw conflict(CORRECTION_ERRORS.alreadyReversed, 'This dispense has already been corrected.');
      return await dispenseHandler.effects(ctx, record, refs);
    } catch (e) {
      if (e instanceof RecordError) throw unprocessable('invalid_reference', e.message, e.fieldErrors);
      throw e;
    }
  }

  return {
    /** Reverse without a replacement. */
    async reverse(auth: AccessClaims, id: string, reason: string): Promise<CorrectionResult> {
      return database.db.transaction(async (tx) => {
        const { before, reversal } = await reverseIn(tx, auth, id, reason);
        await audit(tx, {
          accountId: auth.accountId,
          userId: auth.userId,
          action: 'reverse',
          entity: 'dispense',
          entityId: reversal.id,
          before: snapshot(before),
          after: { ...snapshot(reversal), reason },
        });
        await resolveForRecords(tx, auth, 'dispense', [id], `reversed (${reason})`);
        return { reversal, replacement: null, exceptions: [] };
      });
    },

    /** Reverse and store the dispense as it should have been. */
    async correct(auth: AccessClaims, id: string, input: Parsed): Promise<CorrectionResult> {
      return database.db.transaction(async (tx) => {
        // Refuse a no-op before writing anything: a correction that changes nothing is a mistake.
        const current = await correctionRepository(tx, auth.accountId).lockDispense(id);
        if (current && !current.reversalOf) {
          const changed = changedFields(editable(current), input);
          if (!changed.length)
            throw unprocessable(
              CORRECTION_ERRORS.unchanged,
              'Nothing was changed. Change a field, or use Reverse to cancel the dispense.',
            );
        }
        const { original, before, reversal } = await reverseIn(tx, auth, id, input.reason);
        const changed = changedFields(editable(original), input);
        const replacementId = derivedId('replacement', id);
        const record = replacementOf(original, input, replacementId);
        const exceptions = await storeReplacement(tx, auth, record);
        const replacement = (await read(tx, auth, replacementId))!;
        const entries: AuditEntry[] = [
          {
            accountId: auth.accountId,
            userId: auth.userId,
            action: 'reverse',
            entity: 'dispense',
            entityId: reversal.id,
            before: snapshot(before),
            after: { ...snapshot(reversal), reason: input.reason, replacedBy: replacementId },
          },
          {
            accountId: auth.accountId,
            userId: auth.userId,
            action: 'correct',
            entity: 'dispense',
            entityId: replacementId,
            before: snapshot(before),
            after: { ...snapshot(replacement), reason: input.reason, replaces: id, changed },
          },
        ];
        for (const e of entries) await audit(tx, e);
        // The original's exceptions are settled by the correction; the replacement raised its own.
        await resolveForRecords(tx, auth, 'dispense', [id], `replaced by a corrected dispense (${input.reason})`);
        return { reversal, replacement, exceptions };
      });
    },
  };
}
export type CorrectionService = ReturnType<typeof correctionService>;
