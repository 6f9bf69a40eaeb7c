import { createFileRoute } from '@tanstack/react-router';
import { guard } from '@/app/guard';
import { validateListSearch } from '@/app/ui/list/listSearch';
import { EquipmentFams24Page } from '@/features/setup/equipment/EquipmentFams24Page';

export const Route = createFileRoute('/_app/EquipmentFAMS24')({
  beforeLoad: guard('/EquipmentFAMS24'),
  validateSearch: validateListSearch,
  component: EquipmentFams24Page,
});
