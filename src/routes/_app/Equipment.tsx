import { createFileRoute } from '@tanstack/react-router';
import { guard } from '@/app/guard';
import { validateListSearch } from '@/app/ui/list/listSearch';
import { EquipmentPage } from '@/features/setup/equipment/EquipmentPage';

export const Route = createFileRoute('/_app/Equipment')({
  beforeLoad: guard('/Equipment'),
  validateSearch: validateListSearch,
  component: EquipmentPage,
});
