import { createFileRoute } from '@tanstack/react-router';
import { requireIdentity } from '@/app/guard';
import { stringSearch } from '@/app/search';
import { SelectAccountPage } from '@/features/auth/SelectAccountPage';

export const Route = createFileRoute('/_blank/selectaccount')({
  validateSearch: stringSearch('to'),
  beforeLoad: requireIdentity,
  component: SelectAccountPage,
});
