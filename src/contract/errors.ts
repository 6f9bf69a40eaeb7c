import * as z from 'zod/mini';

/** Every error body the API sends (DESIGN.md §3). zod/mini: the api client parses it on every page (auth.ts says why). */
export const ErrorBody = z.object({
  title: z.string(),
  message: z.string(),
  code: z.string(),
  fieldErrors: z.optional(z.record(z.string(), z.array(z.string()))),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

/** Status 498: the token is malformed or forged (not merely expired). */
export const TOKEN_INVALID_STATUS = 498;

/** Messages the spec fixes (spec §8). */
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
