import type { ErrorBody } from '../../src/contract/errors';

/** An error with a status and a body the client can show (docs/design.md §3). */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly title = defaultTitle(statusCode),
    readonly fieldErrors?: Record<string, string[]>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }

  body(): ErrorBody {
    return {
      title: this.title,
      message: this.message,
      code: this.code,
      ...(this.fieldErrors ? { fieldErrors: this.fieldErrors } : {}),
    };
  }
}

export function defaultTitle(status: number): string {
  if (status === 400 || status === 422) return 'Invalid input';
  if (status === 401 || status === 498) return 'Not signed in';
  if (status === 403) return 'Not allowed';
  if (status === 404) return 'Not found';
  if (status === 405) return 'Method not allowed';
  if (status === 409) return 'Conflict';
  if (status === 413) return 'Too large';
  if (status === 429) return 'Too many requests';
  return 'Error';
}

/** zod issues as an error body's `fieldErrors`: dotted path → messages ('_' for the whole input). */
export function fieldErrorsOf(issues: readonly { path: readonly PropertyKey[]; message: string }[]) {
  const out: Record<string, string[]> = {};
  for (const i of issues) (out[i.path.map(String).join('.') || '_'] ??= []).push(i.message);
  return out;
}

export const badRequest = (message: string, fieldErrors?: Record<string, string[]>) =>
  new AppError(400, 'validation', message, undefined, fieldErrors);
export const unprocessable = (code: string, message: string, fieldErrors?: Record<string, string[]>) =>
  new AppError(422, code, message, undefined, fieldErrors);
export const notFound = (message = 'Not found.') => new AppError(404, 'not_found', message);
export const forbidden = (message: string) => new AppError(403, 'forbidden', message);
