import { createFileRoute } from '@tanstack/react-router';
import { guard } from '@/app/guard';
import { EquipmentCopyPage } from '@/features/equipment-copy/EquipmentCopyPage';

export const Route = createFileRoute('/_app/Equipmentcopy')({
  beforeLoad: guard('/Equipmentcopy'),
  component: EquipmentCopyPage,
});
