import { createFileRoute } from '@tanstack/react-router';
import { guard } from '@/app/guard';
import { validateListSearch } from '@/app/ui/list/listSearch';
import { AccountsPage } from '@/features/admin/AccountsPage';

export const Route = createFileRoute('/_app/accounts')({
  beforeLoad: guard('/accounts'),
  validateSearch: validateListSearch,
  component: AccountsPage,
});
