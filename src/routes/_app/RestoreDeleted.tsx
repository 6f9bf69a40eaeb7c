import { createFileRoute } from '@tanstack/react-router';
import { guard } from '@/app/guard';
import { validateListSearch } from '@/app/ui/list/listSearch';
import { RestoreDeletedPage } from '@/features/setup/admin/RestoreDeletedPage';

export const Route = createFileRoute('/_app/RestoreDeleted')({
  beforeLoad: guard('/RestoreDeleted'),
  validateSearch: validateListSearch,
  component: RestoreDeletedPage,
});
