import { createFileRoute } from '@tanstack/react-router';
import { stringSearch } from '@/app/search';
import { CallbackPage } from '@/features/auth/CallbackPage';

export const Route = createFileRoute('/_blank/callback')({
  validateSearch: stringSearch('error', 'error_description'),
  component: CallbackPage,
});
