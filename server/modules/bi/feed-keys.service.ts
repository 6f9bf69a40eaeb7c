import crypto from 'node:crypto';
import { FEED_KEY_PREFIX, type FeedKeyRow, type NewFeedKey } from '../../../src/contract/bi';
import type { Db } from '../../db/client';
import { audit } from '../../lib/audit';
import { AppError, notFound } from '../../lib/errors';
import type { Actor } from '../../lib/resource';
import { keyMatches, newDeviceKey } from '../gauges/keys';
import { feedKeysRepository } from './feed-keys.repository';

/** Same answer for every way a key can be wrong (missing, malformed, unknown, revoked, blocked account). */
const refused = () => new AppError(401, 'feed_key_invalid', 'The feed key is missing, revoked or not valid.');

const KEY_TEXT = new RegExp(`^Bearer\\s+${FEED_KEY_PREFIX}([0-9a-f]{32})_([A-Za-z0-9_-]{43})$`);
const uuidOf = (hex: string) =>
  `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;

/**
 * The BI feed's keys (ADR 041): made by an account's admin, shown once, stored as a SHA-256 hash
 * (the gauges' device-key helper: a 256-bit random secret needs no slow hash), revocable; each
 * make and revoke audited. The key's text carries its row id so a request costs one primary-key read.
 */
export function feedKeysService(db: Db) {
  return {
    list: (accountId: number): Promise<FeedKeyRow[]> => feedKeysRepository(db).list(accountId),

    create: (actor: Actor, name: string): Promise<NewFeedKey> =>
      db.transaction(async (tx) => {
        const id = crypto.randomUUID();
        const { key: secret, hash, hint } = newDeviceKey();
        const row = await feedKeysRepository(tx).insert({
          id,
          accountId: actor.accountId,
          name,
          keyHash: hash,
          keyHint: hint,
          userId: actor.userId,
        });
        await audit(tx, {
          accountId: actor.accountId,
          userId: actor.userId,
          action: 'create',
          entity: 'bi_feed_key',
          entityId: id,
          after: { name, keyHint: hint },
        });
        return {
          id,
          name,
          keyHint: hint,
          createdAt: row.createdAt.toISOString(),
          createdBy: null,
          lastUsedAt: null,
          revokedAt: null,
          key: `${FEED_KEY_PREFIX}${id.replace(/-/g, '')}_${secret}`,
        };
      }),

    revoke: (actor: Actor, id: string) =>
      db.transaction(async (tx) => {
        const row = await feedKeysRepository(tx).revoke(actor.accountId, id, actor.userId);
        if (!row) throw notFound('There is no such live key.');
        await audit(tx, {
          accountId: actor.accountId,
          userId: actor.userId,
          action: 'revoke',
          entity: 'bi_feed_key',
          entityId: id,
          before: { name: row.name, keyHint: row.keyHint, revokedAt: null },
          after: { revokedAt: row.revokedAt?.toISOString() },
        });
      }),

    /** The account a feed request's `Authorization: Bearer fams_…` key opens, or 401. */
    async authenticate(header: string | undefined): Promise<{ accountId: number; keyId: string }> {
      const m = KEY_TEXT.exec(header?.trim() ?? '');
      if (!m) throw refused();
      const id = uuidOf(m[1]);
      const row = await feedKeysRepository(db).byId(id);
      // Hash the presented key even for an unknown id, so timing does not tell them apart.
      const ok = keyMatches(m[2], row?.keyHash ?? 'x'.repeat(43));
      if (!row || !ok || row.revokedAt || row.blocked) throw refused();
      await feedKeysRepository(db).touch(id);
      return { accountId: row.accountId, keyId: id };
    },
  };
}
