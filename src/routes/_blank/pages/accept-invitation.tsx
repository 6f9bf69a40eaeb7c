import { createFileRoute } from '@tanstack/react-router';
import { AcceptInvitationPage } from '@/features/auth/AcceptInvitationPage';

/** Public (ADR 073): the e-mailed token is the permission; the page reads it from the URL itself. */
export const Route = createFileRoute('/_blank/pages/accept-invitation')({ component: AcceptInvitationPage });
