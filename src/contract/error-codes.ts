/**
 * The error words and codes without the error body's schema (errors.ts re-exports them): the api
 * client and the sign-in read them on every page, and zod is not part of every page's first
 * download (ADR 017).
 */

/** Status 498: the token is malformed or forged (not merely expired). */
export const TOKEN_INVALID_STATUS = 498;

/** Messages the spec fixes (docs/product-rules.md §8). */
export const MESSAGES = {
  wrongCredentials: 'Wrong Email or Password',
  accountBlocked: 'Account not found or blocked!',
  alreadyLoggedIn: 'You are already logged in!',
  tooManyAttempts: 'Too many failed sign-ins. Try again later.',
  notAuthenticated: 'Please sign in.',
  tokenInvalid: 'Your session is not valid. Please sign in again.',
  forbidden: 'You are not allowed to do this.',
  notFound: 'Not found.',
} as const;
