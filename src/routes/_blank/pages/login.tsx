import { createFileRoute } from '@tanstack/react-router';
import { stringSearch } from '@/app/search';
import { LoginPage } from '@/features/auth/LoginPage';

export const Route = createFileRoute('/_blank/pages/login')({
  staticData: { plainCss: true },
  validateSearch: stringSearch('to'),
  component: LoginPage,
});
