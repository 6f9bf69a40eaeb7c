import { createFileRoute } from '@tanstack/react-router';
import { guard } from '@/app/guard';
import { validateListSearch } from '@/app/ui/list/listSearch';
import { UsersPage } from '@/features/admin/UsersPage';

export const Route = createFileRoute('/_app/User')({
  beforeLoad: guard('/User'),
  validateSearch: validateListSearch,
  component: UsersPage,
});
