import { createFileRoute } from '@tanstack/react-router';
import { guard } from '@/app/guard';
import { validateListSearch } from '@/app/ui/list/listSearch';
import { CustomAllocationsPage } from '@/features/setup/allocations/CustomAllocationsPage';

export const Route = createFileRoute('/_app/customAlloc')({
  beforeLoad: guard('/customAlloc'),
  validateSearch: validateListSearch,
  component: CustomAllocationsPage,
});
