import { createFileRoute } from '@tanstack/react-router';
import { guard } from '@/app/guard';
import { validateListSearch } from '@/app/ui/list/listSearch';
import { F24RulesPage } from '@/features/setup/allocations/F24RulesPage';

export const Route = createFileRoute('/_app/F24BusinessRules')({
  beforeLoad: guard('/F24BusinessRules'),
  validateSearch: validateListSearch,
  component: F24RulesPage,
});
