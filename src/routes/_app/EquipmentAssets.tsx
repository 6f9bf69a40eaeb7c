import { createFileRoute } from '@tanstack/react-router';
import { guard } from '@/app/guard';
import { validateListSearch } from '@/app/ui/list/listSearch';
import { AssetsPage } from '@/features/setup/assets/AssetsPage';

export const Route = createFileRoute('/_app/EquipmentAssets')({
  beforeLoad: guard('/EquipmentAssets'),
  validateSearch: validateListSearch,
  component: AssetsPage,
});
