import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API_ROOT } from '../../../src/contract/constants';
import { VerifyPinBody, VerifyPinResponse } from '../../../src/contract/setup/employees';
import { VERIFY_PIN_PATH } from '../../../src/contract/setup/resources';
import type { Db } from '../../db/client';
import { audit } from '../../lib/audit';
import { AppError, notFound } from '../../lib/errors';
import { actorOf } from '../../lib/resource';
import { authRepository } from '../auth/auth.repository';
import { verifyPassword } from '../auth/passwords';
import { withinAllowance, type Allowance } from '../auth/throttle';
import { pinRepository } from './pin.repository';

/** Wrong PINs per employee before the PIN is locked, and for how long. */
const PIN_ALLOWANCE: Allowance = { max: 5, windowS: 15 * 60 };

/**
 * `POST /api/v1/employees/verify-pin` — checks an employee's PIN on the server (see ADR 006: a
 * 4–8 digit PIN cannot be protected by a verifier held on a device). Five wrong PINs lock that
 * employee's PIN for 15 minutes (429), across instances (the sign-in throttle table); each check
 * is claimed before the PIN is compared, so parallel checks cannot pass the count (ADR 019).
 */
export function pinRoutes(app: FastifyInstance, db: Db) {
  const throttle = authRepository(db);
  const pins = pinRepository(db);
  app.withTypeProvider<ZodTypeProvider>().post(
    `${API_ROOT}${VERIFY_PIN_PATH}`,
    {
      config: { access: 'allFamsBasic', rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: { body: VerifyPinBody, response: { 200: VerifyPinResponse } },
    },
    async (req) => {
      const actor = actorOf(req);
      const employee = await pins.pinHash(actor.accountId, req.body.employeeId);
      if (!employee) throw notFound('No such employee.');
      const key = `pin:${actor.accountId}:${req.body.employeeId}`;
      const judged = await withinAllowance(
        throttle,
        key,
        PIN_ALLOWANCE,
        async () => employee.pinHash !== null && (await verifyPassword(req.body.pin, employee.pinHash)),
      );
      if (judged.ok) return { ok: true };
      if (judged.checked)
        await audit(db, {
          accountId: actor.accountId,
          userId: actor.userId,
          action: 'pin_failed',
          entity: 'employee',
          entityId: req.body.employeeId,
        });
      if (judged.lockedUntil) throw pinLocked(judged.lockedUntil);
      return { ok: false };
    },
  );
}

function pinLocked(until: Date) {
  const seconds = Math.max(1, Math.ceil((until.getTime() - Date.now()) / 1000));
  return new AppError(
    429,
    'pin_locked',
    'Too many wrong PINs for this employee. Try again later.',
    'Too many attempts',
    undefined,
    { 'retry-after': String(seconds) },
  );
}
