/**
 * What other modules may use of administration: an invitation answered through the password link
 * it was mailed with (ADR 073), which the sign-in module's password reset completes.
 */
export { answerThroughPasswordLink } from './invitations.service';
