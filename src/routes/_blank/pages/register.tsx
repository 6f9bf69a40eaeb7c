import { createFileRoute } from '@tanstack/react-router';
import { stringSearch } from '@/app/search';
import { RegisterPage } from '@/features/auth/RegisterPage';

export const Route = createFileRoute('/_blank/pages/register')({
  validateSearch: stringSearch('join'),
  component: RegisterPage,
});
