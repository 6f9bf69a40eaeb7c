import crypto from 'node:crypto';
import {
  ENROLMENT_ALPHABET,
  ENROLMENT_CODE_LENGTH,
  ENROLMENT_TTL_MIN,
  normaliseEnrolmentCode,
  type EnrolmentCode,
  type EnrolmentQr,
  type HandheldPrinter,
  type OpenEnrolmentCode,
  type PrinterSettings,
} from '../../../src/contract/handhelds';
import type { z } from 'zod';
import type { EnrolBody } from '../../../src/contract/handhelds';
import type { Db } from '../../db/client';
import { audit } from '../../lib/audit';
import { AppError, notFound, unprocessable } from '../../lib/errors';
import type { Actor } from '../../lib/resource';
import { newDeviceKey } from '../gauges/keys';
import { fieldDevicesRepository } from './field-devices.repository';
import { handheldsRepository } from './handhelds.repository';

/** A random code from the alphabet (32 symbols: each byte's low 5 bits, no bias), shown in groups of 4. */
function newCode(): string {
  const bytes = crypto.randomBytes(ENROLMENT_CODE_LENGTH);
  const raw = [...bytes].map((b) => ENROLMENT_ALPHABET[b & 31]).join('');
  return raw.match(/.{1,4}/g)!.join('-');
}
const hashCode = (code: string) => crypto.createHash('sha256').update(normaliseEnrolmentCode(code)).digest('base64url');

const codeClosed = (code: string, message: string) => new AppError(409, code, message);

/** One answer for an unknown, used, expired, other-account or altered code. */
const codeRefused = () =>
  new AppError(401, 'enrolment_code_invalid', 'The enrolment code is not valid: it may be used or expired.');

/** `/SumniConfig` (ADR 044): enrolment codes, enrolment, revoke, printer settings. */
export function handheldsService(db: Db) {
  async function handheldPrinter(accountId: number, deviceId: string): Promise<HandheldPrinter> {
    const repo = handheldsRepository(db);
    if (!(await repo.handheld(accountId, deviceId))) throw notFound('No such handheld.');
    const [own, account] = await Promise.all([repo.ownPrinter(accountId, deviceId), repo.printer(accountId)]);
    return { own, account, effective: own ?? account };
  }
  return {
    /** A new one-time code; only its hash is stored, the code is in this answer only. */
    async createCode(actor: Actor, server: string): Promise<EnrolmentCode> {
      const code = newCode();
      const expiresAt = new Date(Date.now() + ENROLMENT_TTL_MIN * 60_000);
      const id = await db.transaction(async (tx) => {
        const codeId = await handheldsRepository(tx).addCode(actor.accountId, hashCode(code), expiresAt, actor.userId);
        await audit(tx, {
          accountId: actor.accountId,
          userId: actor.userId,
          action: 'create_enrolment_code',
          entity: 'handheld_enrolment',
          entityId: codeId,
          after: { expiresAt: expiresAt.toISOString() },
        });
        return codeId;
      });
      const qr: EnrolmentQr = { fams: 'enrol', v: 1, server, account: actor.accountId, code };
      return { id, code, expiresAt: expiresAt.toISOString(), qr: JSON.stringify(qr) };
    },

    /**
     * A handheld enrols: the code is used up and the handheld gets a key (shown once). A handheld
     * whose serial is already enrolled gets a new key on the same row (a reset device, or one
     * revoked and allowed back with a new code); any other device with that serial is a 409, and
     * the code stays unused (the transaction rolls back).
     */
    async enrol(body: z.infer<typeof EnrolBody>) {
      return db.transaction(async (tx) => {
        const repo = handheldsRepository(tx);
        const code = await repo.takeCode(body.account, hashCode(body.code));
        if (!code) throw codeRefused();
        const { key, hash, hint } = newDeviceKey();
        const existing = await repo.bySerial(body.account, body.serial);
        if (existing && existing.kind !== 'handheld')
          throw new AppError(409, 'serial_taken', 'Another kind of device has this serial number.');
        const name = existing?.name ?? `${body.model} ${body.serial}`;
        const v = { model: body.model, appVersion: body.appVersion, keyHash: hash, keyHint: hint };
        const deviceId = existing
          ? (await repo.reEnrol(body.account, existing.id, v), existing.id)
          : await repo.insertHandheld(body.account, { ...v, serial: body.serial, name }, code.createdBy);
        await repo.linkCode(code.id, deviceId);
        await audit(tx, {
          accountId: body.account,
          userId: code.createdBy,
          action: 'enrol',
          entity: 'field_device',
          entityId: deviceId,
          after: { serial: body.serial, model: body.model, keyHint: hint, reEnrolment: !!existing },
        });
        return { deviceId, key, accountId: body.account, name };
      });
    },

    /** Revoke: the key is dropped in the same statement as the retirement, so it stops working at once. */
    async revoke(actor: Actor, id: string) {
      await db.transaction(async (tx) => {
        const h = await handheldsRepository(tx).handheld(actor.accountId, id);
        if (!h) throw notFound('No such handheld.');
        if (!(await fieldDevicesRepository(tx).retire(actor.accountId, id, actor.userId)))
          throw unprocessable('already_revoked', 'The handheld is already revoked.');
        await audit(tx, {
          accountId: actor.accountId,
          userId: actor.userId,
          action: 'revoke',
          entity: 'field_device',
          entityId: id,
          before: { retiredAt: null },
          after: { retiredAt: 'now' },
        });
      });
    },

    /** The codes that can still enrol a handheld (ADR 051): a depot sees what is out and cancels the rest. */
    async openCodes(accountId: number): Promise<OpenEnrolmentCode[]> {
      const rows = await handheldsRepository(db).openCodes(accountId);
      return rows.map((r) => ({
        id: r.id,
        createdAt: r.createdAt.toISOString(),
        expiresAt: r.expiresAt.toISOString(),
        createdBy: r.createdBy,
      }));
    },

    /** Cancels an open code: it no longer enrols anything. A used, expired or cancelled one is a 409. */
    async cancelCode(actor: Actor, id: string) {
      await db.transaction(async (tx) => {
        const before = await handheldsRepository(tx).cancelCode(actor.accountId, id);
        if (!before) throw notFound('No such enrolment code.');
        if (before.usedAt)
          throw codeClosed('code_used', 'The code has already enrolled a handheld: revoke the handheld instead.');
        if (before.cancelledAt) throw codeClosed('code_cancelled', 'The code is already cancelled.');
        if (before.expired)
          throw codeClosed('code_expired', 'The code has expired: it cannot enrol anything any more.');
        await audit(tx, {
          accountId: actor.accountId,
          userId: actor.userId,
          action: 'cancel',
          entity: 'handheld_enrolment',
          entityId: id,
          before: { cancelledAt: null },
          after: { cancelledAt: 'now' },
        });
      });
    },

    printer: (accountId: number) => handheldsRepository(db).printer(accountId),

    /** What a handheld prints with: its own settings, else the account's. */
    async effectivePrinter(accountId: number, deviceId: string): Promise<PrinterSettings> {
      const repo = handheldsRepository(db);
      return (await repo.ownPrinter(accountId, deviceId)) ?? (await repo.printer(accountId));
    },

    handheldPrinter,

    /** A handheld's own printer settings (`p`), or back to the account's (`null`); audited. */
    async saveHandheldPrinter(actor: Actor, deviceId: string, p: PrinterSettings | null) {
      await db.transaction(async (tx) => {
        const repo = handheldsRepository(tx);
        if (!(await repo.handheld(actor.accountId, deviceId))) throw notFound('No such handheld.');
        const before = await repo.ownPrinter(actor.accountId, deviceId);
        if (p) await repo.saveOwnPrinter(actor.accountId, deviceId, p, actor.userId);
        else await repo.dropOwnPrinter(actor.accountId, deviceId);
        await audit(tx, {
          accountId: actor.accountId,
          userId: actor.userId,
          action: p ? 'update' : 'reset',
          entity: 'handheld_printer',
          entityId: deviceId,
          before,
          after: p,
        });
      });
      return handheldPrinter(actor.accountId, deviceId);
    },

    async savePrinter(actor: Actor, p: PrinterSettings) {
      await db.transaction(async (tx) => {
        const repo = handheldsRepository(tx);
        const before = await repo.printer(actor.accountId);
        await repo.savePrinter(actor.accountId, p, actor.userId);
        await audit(tx, {
          accountId: actor.accountId,
          userId: actor.userId,
          action: 'update',
          entity: 'handheld_settings',
          entityId: String(actor.accountId),
          before,
          after: p,
        });
      });
      return p;
    },
  };
}
