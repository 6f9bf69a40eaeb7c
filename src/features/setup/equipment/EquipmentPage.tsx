import { specColumns, type ListColumn } from '@/app/ui/list/columns';
import { ResourceScreen } from '@/app/ui/ResourceScreen';
import { METER_TYPES, SETUP_RESOURCES, type Equipment, SETUP_COLUMNS } from '@/contract/setup';
import { HAS_METER_OPTIONS, METER_LABELS } from '../catalog/EquipmentTypesPage';
import { clients } from '../clients';
import { enumOptions, referenceFilters } from '@/lib/reference/labels';
import { useReference } from '@/lib/reference/query';
import { EquipmentForm, equipmentLabel } from './EquipmentForm';

export const equipmentColumns: ListColumn<Equipment>[] = specColumns(SETUP_COLUMNS.equipment);

/** The equipment filters of the contract with their options. */
export function useEquipmentFilters() {
  const { data: ref } = useReference();
  const f = referenceFilters(ref);
  return [
    f.typeId,
    f.costCentreId,
    f.homeStoreId,
    { field: 'meterType', label: 'Meter', options: enumOptions(METER_TYPES, METER_LABELS) },
    { field: 'hasMeter', label: 'Meter fitted', options: HAS_METER_OPTIONS },
    f.active,
    f.fams24Enabled,
    { field: 'tag', label: 'Tag', kind: 'text' as const },
  ];
}

/** `/Equipment`: the fleet. */
export function EquipmentPage() {
  return (
    <ResourceScreen
      client={clients.equipment}
      info={SETUP_RESOURCES.equipment}
      noun="equipment"
      plural="equipment"
      columns={equipmentColumns}
      filters={useEquipmentFilters()}
      rowLabel={equipmentLabel}
      Form={EquipmentForm}
      formSize="lg"
    />
  );
}
