import * as z from 'zod/mini';

export { MESSAGES, TOKEN_INVALID_STATUS } from './error-codes';

/** Every error body the API sends (docs/design.md §3). zod/mini, like auth.ts (which says why). */
export const ErrorBody = z.object({
  title: z.string(),
  message: z.string(),
  code: z.string(),
  fieldErrors: z.optional(z.record(z.string(), z.array(z.string()))),
});
export type ErrorBody = z.infer<typeof ErrorBody>;
