import { createFileRoute } from '@tanstack/react-router';
import { guard } from '@/app/guard';
import { validateListSearch } from '@/app/ui/list/listSearch';
import { CustomersPage } from '@/features/commercial/CustomersPage';

export const Route = createFileRoute('/_app/customers')({
  beforeLoad: guard('/customers'),
  validateSearch: validateListSearch,
  component: CustomersPage,
});
