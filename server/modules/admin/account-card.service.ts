import sharp from 'sharp';
import {
  EMPTY_BANK,
  LOGO_MAX_BYTES,
  tidyLines,
  type AccountCard,
  type AccountCardFields,
} from '../../../src/contract/account-card';
import { sniffImage } from '../../../src/contract/incidents';
import type { Db } from '../../db/client';
import { audit } from '../../lib/audit';
import { AppError, notFound } from '../../lib/errors';
import type { FileStore } from '../../lib/files';
import type { Actor } from '../../lib/resource';
import { accountCardRepository } from './account-card.repository';

const LOGO_KEY = 'account/logo.png';
/** Logos are stored as PNG inside this box (reports print them small). */
const LOGO_BOX = { width: 600, height: 300 };

const EMPTY_ADDRESS = { street: '', city: '', postalCode: '', country: '' };
const EMPTY: AccountCardFields = {
  companyName: '',
  legalName: '',
  registrationNumber: '',
  vatNumber: '',
  phone: '',
  email: '',
  website: '',
  postalAddress: '',
  billingAddress: EMPTY_ADDRESS,
  siteAddress: EMPTY_ADDRESS,
  bank: EMPTY_BANK,
  contacts: [],
};

export const logoTooLarge = () =>
  new AppError(413, 'too_large', `The logo is larger than ${LOGO_MAX_BYTES / 1024 / 1024} MB.`, 'Too large');

/**
 * Checks a logo by its content (PNG, JPEG or WebP by its first bytes, not the declared type), its
 * size, and that it decodes; stores a PNG no larger than LOGO_BOX. 413, 415, 422 otherwise.
 */
async function processLogo(input: Buffer): Promise<Buffer> {
  if (input.length > LOGO_MAX_BYTES) throw logoTooLarge();
  if (!sniffImage(input)) throw new AppError(415, 'logo', 'The logo must be a PNG, JPEG or WebP image.');
  try {
    return await sharp(input, { failOn: 'error', limitInputPixels: 50_000_000 })
      .rotate()
      .resize(LOGO_BOX.width, LOGO_BOX.height, { fit: 'inside', withoutEnlargement: true })
      .png()
      .toBuffer();
  } catch {
    throw new AppError(422, 'logo', 'The image cannot be read: it is damaged or not what its first bytes say.');
  }
}

/** `/AccountCard` (admin): the account's own card and logo; always the token's account. */
export function accountCardService(db: Db, files: FileStore) {
  const repo = accountCardRepository(db);
  async function get(accountId: number): Promise<AccountCard> {
    const row = await repo.get(accountId);
    if (!row) throw notFound('No such account.');
    const card = { ...EMPTY, ...row.card, bank: { ...EMPTY_BANK, ...row.card.bank } };
    return { ...card, accountName: row.name, hasLogo: !!row.logoFile };
  }
  async function audited(actor: Actor, action: string, after: unknown, change: (r: typeof repo) => Promise<void>) {
    await db.transaction(async (tx) => {
      await change(accountCardRepository(tx));
      await audit(tx, {
        accountId: actor.accountId,
        userId: actor.userId,
        action,
        entity: 'account_card',
        entityId: String(actor.accountId),
        after,
      });
    });
    return get(actor.accountId);
  }
  return {
    get,
    save: (actor: Actor, input: AccountCardFields) => {
      const card = {
        ...input,
        postalAddress: tidyLines(input.postalAddress),
        bank: { ...input.bank, other: tidyLines(input.bank.other) },
      };
      return audited(actor, 'update', card, (r) => r.setCard(actor.accountId, card));
    },
    async setLogo(actor: Actor, body: Buffer) {
      const png = await processLogo(body);
      await files.put(actor.accountId, LOGO_KEY, png);
      return audited(actor, 'logo', { bytes: png.length }, (r) => r.setLogo(actor.accountId, LOGO_KEY));
    },
    async removeLogo(actor: Actor) {
      const card = await audited(actor, 'logo_removed', null, (r) => r.setLogo(actor.accountId, null));
      await files.remove(actor.accountId, LOGO_KEY);
      return card;
    },
    /** The stored logo (PNG) or null; reports put it on their PDFs. */
    async logo(accountId: number) {
      const row = await repo.get(accountId);
      if (!row?.logoFile) return null;
      return files.get(accountId, row.logoFile);
    },
  };
}
