import { createFileRoute } from '@tanstack/react-router';
import { guard } from '@/app/guard';
import { stringSearch } from '@/app/search';
import { validateListSearch } from '@/app/ui/list/listSearch';
import { AccountsPage } from '@/features/admin/AccountsPage';

/** `/Account?id=<n>`: an account's form over the accounts list; without an id, a new account. */
export const Route = createFileRoute('/_app/Account')({
  beforeLoad: guard('/Account'),
  validateSearch: (s: Record<string, unknown>) => ({ ...validateListSearch(s), ...stringSearch('id')(s) }),
  component: function AccountRoute() {
    const { id } = Route.useSearch();
    return <AccountsPage open={id && /^\d+$/.test(id) ? Number(id) : 'new'} />;
  },
});
