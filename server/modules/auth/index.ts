/**
 * What other modules may use of sign-in (docs/architecture.md, "Sign-in and sessions"): the user
 * and membership reads, password hashing and one-time tokens, password links, the session gate's
 * type and the sign-in lock (ADR 072). Everything else in this folder is the module's own.
 */
export { authRepository, type AuthRepository } from './auth.repository';
export { issuePasswordLink } from './password-links';
export { hashPassword, randomToken, sha256 } from './passwords';
export type { SessionGate } from './sessions';
export { liftSignInLocks } from './throttle';
export { signInLockOf } from './throttle.sql';
