import { describe, expect, it } from 'vitest';
import { AuthenticateBody } from './auth';
import { signInProblems, SignInForm } from './sign-in';

/** First issue per field of the contract's schema, as the form helper shows them. */
function zodProblems(v: unknown) {
  const out: Record<string, string> = {};
  const r = AuthenticateBody.safeParse(v);
  if (!r.success)
    for (const i of r.error.issues)
      if (i.path[0] !== undefined && !out[String(i.path[0])]) out[String(i.path[0])] = i.message;
  return out;
}

describe('sign-in check without zod', () => {
  const names = [
    undefined,
    null,
    42,
    '',
    ' ',
    '  ab ',
    'ab',
    'abc',
    ' abc ',
    'a'.repeat(254),
    'a'.repeat(255),
    ` ${'a'.repeat(254)} `,
  ];
  const passwords = [undefined, null, 7, '', ' ', '12345', '123456', '1234567890', '12345678901', '      '];
  it('answers what AuthenticateBody answers, in the same words, for every field', () => {
    for (const Username of names) {
      for (const Password of passwords) {
        expect(signInProblems({ Username, Password }), JSON.stringify({ Username, Password })).toEqual(
          zodProblems({ Username, Password }),
        );
      }
    }
    expect(signInProblems(null)).toEqual(zodProblems({}));
  });

  it('is a Standard Schema: issues with a path, or the value', () => {
    expect(SignInForm['~standard'].validate({ Username: 'driver', Password: 'driver1' })).toEqual({
      value: { Username: 'driver', Password: 'driver1' },
    });
    expect(SignInForm['~standard'].validate({ Username: '', Password: 'driver1' })).toEqual({
      issues: [{ message: 'E-mail or username is required', path: ['Username'] }],
    });
  });
});
