import { SimpleGrid } from '@chakra-ui/react';
import { TextField } from '@/app/ui/Fields';
import { FormShell } from '@/app/ui/form/FormShell';
import { SelectField, SwitchField } from '@/app/ui/form/fields';
import { recordTitle, useRecordForm, type RecordFormProps } from '@/app/ui/form/useRecordForm';
import { specColumns, type ListColumn } from '@/app/ui/list/columns';
import { ResourceScreen } from '@/app/ui/ResourceScreen';
import {
  EquipmentExtraCreate,
  EquipmentExtraUpdate,
  EXTRA_TYPES,
  SETUP_RESOURCES,
  type EquipmentExtra,
  SETUP_COLUMNS,
  EXTRA_TYPE_LABELS as TYPE_LABELS,
} from '@/contract/setup';
import { clients } from '../clients';
import { enumOptions, YES_NO } from '@/lib/reference/labels';

const draft = (x: EquipmentExtra | null) => ({
  key: x?.key ?? '',
  label: x?.label ?? '',
  type: x?.type ?? 'text',
  required: x?.required ?? false,
});
const label = (x: EquipmentExtra) => x.key;

function EquipmentExtraForm({ row, close }: RecordFormProps<EquipmentExtra>) {
  const form = useRecordForm({
    row,
    close,
    client: clients.equipmentExtras,
    noun: 'equipment extra',
    label,
    draft,
    toBody: (d) => d,
    create: EquipmentExtraCreate,
    update: EquipmentExtraUpdate,
  });
  return (
    <FormShell form={form} title={recordTitle('equipment extra', row, label)} onClose={() => close()}>
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <TextField label="Key" helper="Name in data and imports, e.g. fuelCard" {...form.text('key')} />
        <TextField label="Label" helper="What the equipment form shows" {...form.text('label')} />
        <SelectField label="Type" options={enumOptions(EXTRA_TYPES, TYPE_LABELS)} {...form.text('type')} />
      </SimpleGrid>
      <SwitchField label="Required on every equipment" {...form.flag('required')} />
    </FormShell>
  );
}

const columns: ListColumn<EquipmentExtra>[] = specColumns(SETUP_COLUMNS.equipmentExtras);

const filters = [
  { field: 'type', label: 'Type', options: enumOptions(EXTRA_TYPES, TYPE_LABELS) },
  { field: 'required', label: 'Required', options: YES_NO },
];

/** `/EqpExtras`: extra attributes the account defines for its equipment. */
export function EquipmentExtrasPage() {
  return (
    <ResourceScreen
      client={clients.equipmentExtras}
      info={SETUP_RESOURCES.equipmentExtras}
      noun="equipment extra"
      plural="equipment extras"
      columns={columns}
      filters={filters}
      rowLabel={label}
      Form={EquipmentExtraForm}
    />
  );
}
