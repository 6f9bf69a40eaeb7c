import { createFileRoute } from '@tanstack/react-router';
import { guard } from '@/app/guard';
import { validateListSearch } from '@/app/ui/list/listSearch';
import { AllocationsPage } from '@/features/setup/allocations/AllocationsPage';

export const Route = createFileRoute('/_app/Allocation')({
  beforeLoad: guard('/Allocation'),
  validateSearch: validateListSearch,
  component: AllocationsPage,
});
