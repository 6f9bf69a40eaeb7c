import { Text } from '@chakra-ui/react';
import { FormShell } from '@/app/ui/form/FormShell';
import { SwitchField } from '@/app/ui/form/fields';
import { useRecordForm, type RecordFormProps } from '@/app/ui/form/useRecordForm';
import { specColumns, type ListColumn } from '@/app/ui/list/columns';
import { ResourceScreen } from '@/app/ui/ResourceScreen';
import { EquipmentFams24Update, SETUP_LISTS, type Equipment, SETUP_COLUMNS } from '@/contract/setup';
import { clients } from '../clients';
import { equipmentLabel } from './EquipmentForm';
import { useEquipmentFilters } from './EquipmentPage';

const draft = (e: Equipment | null) => ({
  fams24Enabled: e?.fams24Enabled ?? false,
  pinRequired: e?.pinRequired ?? false,
  odometerRequired: e?.odometerRequired ?? false,
});

/** Only the FAMS24 authorisation flags; everything else is edited on `/Equipment`. */
function Fams24FlagsForm({ row, close }: RecordFormProps<Equipment>) {
  const form = useRecordForm({
    row,
    close,
    client: clients.equipmentFams24,
    noun: 'equipment',
    label: equipmentLabel,
    draft,
    toBody: (d) => d,
    create: EquipmentFams24Update,
    update: EquipmentFams24Update,
  });
  return (
    <FormShell form={form} title={`FAMS24 flags of ${row ? equipmentLabel(row) : ''}`} onClose={() => close()}>
      {row && (
        <Text color="fg.muted">{[row.registration, row.description, row.typeName].filter(Boolean).join(' · ')}</Text>
      )}
      <SwitchField
        label="FAMS24 enabled"
        helper="May draw fuel at unattended FAMS24 sites"
        {...form.flag('fams24Enabled')}
      />
      <SwitchField label="PIN required" helper="The driver enters a PIN at the site" {...form.flag('pinRequired')} />
      <SwitchField
        label="Odometer required"
        helper="The meter reading must be entered"
        {...form.flag('odometerRequired')}
      />
    </FormShell>
  );
}

const columns: ListColumn<Equipment>[] = specColumns(SETUP_COLUMNS.equipmentFams24);

/** `/EquipmentFAMS24`: the same equipment, editing the FAMS24 flags only. */
export function EquipmentFams24Page() {
  return (
    <ResourceScreen
      client={clients.equipmentFams24}
      info={SETUP_LISTS.equipmentFams24}
      noun="equipment"
      plural="equipment"
      columns={columns}
      filters={useEquipmentFilters()}
      rowLabel={equipmentLabel}
      Form={Fams24FlagsForm}
      creatable={false}
      deletable={false}
    />
  );
}
