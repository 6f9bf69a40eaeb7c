import { createFileRoute } from '@tanstack/react-router';
import { guard } from '@/app/guard';
import { validateListSearch } from '@/app/ui/list/listSearch';
import { EquipmentTypesPage } from '@/features/setup/catalog/EquipmentTypesPage';

export const Route = createFileRoute('/_app/MasterEquipment')({
  beforeLoad: guard('/MasterEquipment'),
  validateSearch: validateListSearch,
  component: EquipmentTypesPage,
});
