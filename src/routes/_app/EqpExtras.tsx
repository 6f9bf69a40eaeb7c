import { createFileRoute } from '@tanstack/react-router';
import { guard } from '@/app/guard';
import { validateListSearch } from '@/app/ui/list/listSearch';
import { EquipmentExtrasPage } from '@/features/setup/catalog/EquipmentExtrasPage';

export const Route = createFileRoute('/_app/EqpExtras')({
  beforeLoad: guard('/EqpExtras'),
  validateSearch: validateListSearch,
  component: EquipmentExtrasPage,
});
