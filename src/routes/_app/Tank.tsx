import { createFileRoute } from '@tanstack/react-router';
import { guard } from '@/app/guard';
import { validateListSearch } from '@/app/ui/list/listSearch';
import { TanksPage } from '@/features/setup/tanks/TanksPage';

export const Route = createFileRoute('/_app/Tank')({
  beforeLoad: guard('/Tank'),
  validateSearch: validateListSearch,
  component: TanksPage,
});
