import { createFileRoute } from '@tanstack/react-router';
import { guard } from '@/app/guard';
import { validateListSearch } from '@/app/ui/list/listSearch';
import { UsersAdminPage } from '@/features/admin/UsersAdminPage';

export const Route = createFileRoute('/_app/UsersAdmin')({
  beforeLoad: guard('/UsersAdmin'),
  validateSearch: validateListSearch,
  component: UsersAdminPage,
});
