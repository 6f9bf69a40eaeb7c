import crypto from 'node:crypto';
import { FEED_KEY_PREFIX, type FeedKeyRow, type NewFeedKey } from '../../../src/contract/bi';
import type { Db } from '../../db/client';
import { audit } from '../../lib/audit';
import { AppError, notFound } from '../../lib/errors';
import type { Actor } from '../../lib/resource';
import { keyMatches, newDeviceKey } from '../gauges/keys';
import { feedKeysRepository } from './feed-keys.repository';

/**
 * Same answer for every way a key can be wrong (missing, malformed, unknown, revoked, blocked account). The
 * challenge makes Excel and Power BI ask for credentials (ADR 061).
 */
const refused = () =>
  new AppError(401, 'feed_key_invalid', 'The feed key is missing, revoked or not valid.', undefined, undefined, {
    'www-authenticate': 'Basic realm="FAMS feed", charset="UTF-8"',
  });

const KEY_TEXT = new RegExp(`^${FEED_KEY_PREFIX}([0-9a-f]{32})_([A-Za-z0-9_-]{43})$`);
const BASIC_MAX = 512;

/**
 * The key from `Authorization: Bearer <key>`, or from `Basic` credentials whose password is the key (any user
 * name): Power BI's and Excel's OData connectors send a key only as Basic credentials or in the URL, and a key
 * in a URL ends up in logs and histories (ADR 061).
 */
function presentedKey(header: string | undefined): string | undefined {
  const h = header?.trim() ?? '';
  const bearer = /^Bearer\s+(\S+)$/i.exec(h);
  if (bearer) return bearer[1];
  const basic = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(h);
  if (!basic || basic[1].length > BASIC_MAX) return undefined;
  const pair = Buffer.from(basic[1], 'base64').toString('utf8');
  const colon = pair.indexOf(':');
  return colon < 0 ? undefined : pair.slice(colon + 1).trim();
}
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

    /** The account a feed request's key opens (`Bearer fams_…`, or Basic with the key as password), or 401. */
    async authenticate(header: string | undefined): Promise<{ accountId: number; keyId: string }> {
      const m = KEY_TEXT.exec(presentedKey(header) ?? '');
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
