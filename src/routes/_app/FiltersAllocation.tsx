import { createFileRoute } from '@tanstack/react-router';
import { guard } from '@/app/guard';
import { validateListSearch } from '@/app/ui/list/listSearch';
import { AllocationUsagePage } from '@/features/records/AllocationUsagePage';

export const Route = createFileRoute('/_app/FiltersAllocation')({
  beforeLoad: guard('/FiltersAllocation'),
  validateSearch: validateListSearch,
  component: AllocationUsagePage,
});
