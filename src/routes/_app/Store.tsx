import { createFileRoute } from '@tanstack/react-router';
import { guard } from '@/app/guard';
import { validateListSearch } from '@/app/ui/list/listSearch';
import { StoresPage } from '@/features/setup/stores/StoresPage';

export const Route = createFileRoute('/_app/Store')({
  beforeLoad: guard('/Store'),
  validateSearch: validateListSearch,
  component: StoresPage,
});
