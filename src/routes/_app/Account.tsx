import { createFileRoute } from '@tanstack/react-router';
import { guard } from '@/app/guard';
import { stringSearch } from '@/app/search';
import { AccountsPage } from '@/features/admin/AccountsPage';

/** `/Account?id=<n>`: an account's form over the accounts list; without an id, a new account. */
export const Route = createFileRoute('/_app/Account')({
  beforeLoad: guard('/Account'),
  validateSearch: stringSearch('id'),
  component: function AccountRoute() {
    const { id } = Route.useSearch();
    return <AccountsPage open={id && /^\d+$/.test(id) ? Number(id) : 'new'} />;
  },
});
