import { z } from 'zod';
import { LEVELS, type RoleCode } from './access';
import { ROLE_INFO } from './role-names';

/**
 * Invitations ask (ADR 073): inviting an e-mail makes an invitation, never a membership. The
 * invitee answers it — a FAMS user on `/pages/accept-invitation` (Accept or Decline), a new user by
 * choosing a password through their invitation link — and only then joins the account.
 */

/** The public page an existing user's invitation links to (`?token=…`). */
export const ACCEPT_INVITATION_PAGE = '/pages/accept-invitation';
/** The public answers, under the API root: read, accept, decline (the token in the body, never the URL). */
export const INVITATION_PATH = '/auth/invitation';
/** The account's open invitations on `/User` (admin), and withdrawing one. */
export const INVITATIONS_PATH = '/admin/invitations';

export const InvitationTokenBody = z.strictObject({
  token: z.string().min(20, 'The invitation link is not valid.').max(200),
});

/** What the accept page shows before the invitee answers. */
export const InvitationView = z.object({
  accountName: z.string(),
  roles: z.array(z.string()),
  /** The e-mail the invitation went to. */
  email: z.string(),
  expiresAt: z.string(),
});
export type InvitationView = z.infer<typeof InvitationView>;

/** An open invitation as `/User` lists it: the name, e-mail and username the admin typed. */
export const PendingInvitation = z.object({
  id: z.uuid(),
  displayName: z.string(),
  email: z.string(),
  username: z.string(),
  roles: z.array(z.string()),
  createdAt: z.string(),
  expiresAt: z.string(),
  /** Past its 72 h: the link no longer answers; withdraw it or invite again. */
  expired: z.boolean(),
});
export type PendingInvitation = z.infer<typeof PendingInvitation>;
export const InvitationIdParams = z.object({ id: z.uuid() });

/** Status words of an open invitation on `/User`. */
export const INVITATION_WAITING = 'Invited, waiting for an answer';
export const INVITATION_EXPIRED = 'Invitation expired, not answered';

/** "a driver", "an office user": a level's name (`role-names.ts`, ADR 078) with its article. */
const withArticle = (name: string) => `${/^[aeiou]/i.test(name) ? 'an' : 'a'} ${name.toLowerCase()}`;
const LEVEL_WORDS: Record<string, string> = Object.fromEntries(
  Object.entries(ROLE_INFO)
    .filter(([, info]) => info.group === 'level')
    .map(([code, info]) => [code, withArticle(info.name)]),
);
const EXTRA_WORDS: Partial<Record<RoleCode, string>> = {
  ATG: 'tank monitoring',
  TheBoss: 'read-only reports',
};
const ALONE_WORDS: Partial<Record<RoleCode, string>> = {
  TheBoss: 'a viewer of the reports',
  ATG: 'a tank-monitoring user',
};

const list = (xs: string[]) => (xs.length < 2 ? xs.join('') : `${xs.slice(0, -1).join(', ')} and ${xs.at(-1)}`);

/**
 * A role set in words, for the invitee: "an administrator in FAMS and FAMS24, with tank monitoring";
 * "a viewer of the reports" for a stand-alone role.
 */
export function rolesInWords(roles: readonly string[]): string {
  const level = roles.find((r) => r === 'editor' || (LEVELS as readonly string[]).includes(r));
  const variants = roles.filter((r) => r === 'FAMS' || r === 'FAMS24');
  if (!level) {
    const alone = roles.flatMap((r) => ALONE_WORDS[r as RoleCode] ?? []);
    return alone.length ? list(alone) : 'a member';
  }
  const extras = roles.flatMap((r) => EXTRA_WORDS[r as RoleCode] ?? []);
  const base = `${LEVEL_WORDS[level]}${variants.length ? ` in ${list(variants)}` : ''}`;
  return extras.length ? `${base}, with ${list(extras)}` : base;
}
