/** Business constants and limits (docs/product-rules.md §9). */
export const BREAKPOINTS = { sm: '576px', md: '768px', lg: '992px', xl: '1200px' } as const;
export const MAX_STARRED_VISIBLE = 10;
export const NOTIFICATION_MS = 5_500;
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 10;
export const USERNAME_MIN = 3;
export const DEFAULT_ROLE = 'user';
export const API_ROOT = '/api/v1';
/** The list protocol's largest page (contract/list.ts). */
export const MAX_PAGE_SIZE = 200;
/** Access tokens are short-lived; the refresh cookie renews them. */
export const ACCESS_TOKEN_TTL_S = 15 * 60;
export const REFRESH_TOKEN_TTL_S = 30 * 24 * 3600;
/** Failed sign-ins per login name before the server answers 429. */
export const LOGIN_MAX_FAILURES = 5;
export const LOGIN_LOCK_S = 15 * 60;
export const RESET_LINK_TTL_S = 3600;

/** The four identity headers every authenticated call carries beside its bearer token (ADR 002). */
export const AUTH_HEADERS = ['userId', 'accountId', 'accountKey', 'userKey'] as const;
export type AuthHeader = (typeof AUTH_HEADERS)[number];

/** The identity headers' values; the server compares them with the token's claims (403 otherwise). */
export function identityHeaders(who: {
  userId: number;
  accountId: number;
  accountKey: string;
  userKey: string;
}): Record<AuthHeader, string> {
  return {
    userId: String(who.userId),
    accountId: String(who.accountId),
    accountKey: who.accountKey,
    userKey: who.userKey,
  };
}
/** Longest note on a field record (dispense, transfer, receipt, dip). */
export const FIELD_NOTE_MAX = 500;
