import { createFileRoute } from '@tanstack/react-router';
import { guard } from '@/app/guard';
import { validateListSearch } from '@/app/ui/list/listSearch';
import { CostCentresPage } from '@/features/setup/catalog/CostCentresPage';

export const Route = createFileRoute('/_app/CostCentre')({
  beforeLoad: guard('/CostCentre'),
  validateSearch: validateListSearch,
  component: CostCentresPage,
});
