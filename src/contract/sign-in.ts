import { PASSWORD_MAX, PASSWORD_MIN, USERNAME_MIN } from './constants';

/**
 * The sign-in form's check without zod: the login page is the first page a phone loads, and zod
 * would be a tenth of it (ADR 017). The words are the ones auth.ts's `AuthenticateBody` uses, and
 * `sign-in.test.ts` holds the two to the same answers.
 */

export const LOGIN_NAME_MAX = 254;

export const SIGN_IN_WORDS = {
  loginNameRequired: 'E-mail or username is required',
  loginNameShort: `At least ${USERNAME_MIN} characters`,
  loginNameLong: `At most ${LOGIN_NAME_MAX} characters`,
  passwordRequired: 'Password is required',
  passwordShort: `At least ${PASSWORD_MIN} characters`,
  passwordLong: `At most ${PASSWORD_MAX} characters`,
} as const;

export type SignInProblems = Partial<Record<'Username' | 'Password', string>>;

/** The first problem of each field, as `AuthenticateBody`'s first issue for it. */
export function signInProblems(value: unknown): SignInProblems {
  const v = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  const out: SignInProblems = {};
  const name = typeof v.Username === 'string' ? v.Username.trim() : null;
  if (name === null || name.length < 1) out.Username = SIGN_IN_WORDS.loginNameRequired;
  else if (name.length < USERNAME_MIN) out.Username = SIGN_IN_WORDS.loginNameShort;
  else if (name.length > LOGIN_NAME_MAX) out.Username = SIGN_IN_WORDS.loginNameLong;
  const pass = typeof v.Password === 'string' ? v.Password : null;
  if (pass === null || pass.length < 1) out.Password = SIGN_IN_WORDS.passwordRequired;
  else if (pass.length < PASSWORD_MIN) out.Password = SIGN_IN_WORDS.passwordShort;
  else if (pass.length > PASSWORD_MAX) out.Password = SIGN_IN_WORDS.passwordLong;
  return out;
}

/** The same check as a Standard Schema, for the form helper (`lib/form.ts`). */
export const SignInForm = {
  '~standard': {
    version: 1,
    vendor: 'fams',
    validate(value: unknown) {
      const issues = Object.entries(signInProblems(value)).map(([field, message]) => ({ message, path: [field] }));
      return issues.length ? { issues } : { value };
    },
  },
} as const;
