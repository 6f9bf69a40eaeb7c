import { createFileRoute } from '@tanstack/react-router';
import { guard } from '@/app/guard';
import { validateListSearch } from '@/app/ui/list/listSearch';
import { AssetAllocationsPage } from '@/features/setup/assets/AssetAllocationsPage';

export const Route = createFileRoute('/_app/AllocationAssets')({
  beforeLoad: guard('/AllocationAssets'),
  validateSearch: validateListSearch,
  component: AssetAllocationsPage,
});
