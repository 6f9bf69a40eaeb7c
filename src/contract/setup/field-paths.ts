/**
 * API paths the field screens call, in a module of their own: resources.ts (which re-exports them)
 * has no zod itself, but the bundler puts it in one chunk with the setup schemas that import it, so
 * importing it from a field screen brought zod into the phone's first download (ADR 017).
 */

/** One call with everything a field device caches (`GET /api/v1/reference`, rule `everybody`). */
export const REFERENCE_PATH = '/reference';
/** Server-side PIN check (rule `allFamsBasic`), throttled per employee. */
export const VERIFY_PIN_PATH = '/employees/verify-pin';
