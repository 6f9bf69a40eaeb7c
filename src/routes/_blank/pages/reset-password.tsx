import { createFileRoute } from '@tanstack/react-router';
import { stringSearch } from '@/app/search';
import { ResetPasswordPage } from '@/features/auth/ResetPasswordPage';

export const Route = createFileRoute('/_blank/pages/reset-password')({
  validateSearch: stringSearch('token', 'invite'),
  component: ResetPasswordPage,
});
