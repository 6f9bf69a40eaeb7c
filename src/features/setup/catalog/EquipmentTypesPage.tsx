import { SimpleGrid } from '@chakra-ui/react';
import { TextField } from '@/app/ui/Fields';
import { FormShell } from '@/app/ui/form/FormShell';
import { SelectField, SwitchField } from '@/app/ui/form/fields';
import { recordTitle, useRecordForm, type RecordFormProps } from '@/app/ui/form/useRecordForm';
import { specColumns, type ListColumn } from '@/app/ui/list/columns';
import { ResourceScreen } from '@/app/ui/ResourceScreen';
import {
  CONSUMPTION_UNIT,
  EquipmentTypeCreate,
  EquipmentTypeUpdate,
  METER_TYPES,
  SETUP_RESOURCES,
  type EquipmentType,
  type MeterType,
  SETUP_COLUMNS,
  METER_LABELS,
} from '@/contract/setup';
import { numberOrNull, textOf } from '@/lib/paths';
import { clients } from '../clients';
import { enumOptions } from '@/lib/reference/labels';

export { METER_LABELS };

/** The "Meter fitted" filter's choices, in words (ADR 076). */
export const HAS_METER_OPTIONS = [
  { value: 'true', label: 'Fitted' },
  { value: 'false', label: 'No meter' },
];

const draft = (t: EquipmentType | null) => ({
  code: t?.code ?? '',
  make: t?.make ?? '',
  model: t?.model ?? '',
  tankCapacity: textOf(t?.tankCapacity),
  meterType: t?.meterType ?? 'km',
  hasMeter: t?.hasMeter ?? true,
  expectedConsumption: textOf(t?.expectedConsumption),
});
const toBody = (d: ReturnType<typeof draft>) => ({
  ...d,
  tankCapacity: numberOrNull(d.tankCapacity),
  expectedConsumption: numberOrNull(d.expectedConsumption),
});
const label = (t: EquipmentType) => t.code;

function EquipmentTypeForm({ row, close }: RecordFormProps<EquipmentType>) {
  const form = useRecordForm({
    row,
    close,
    client: clients.equipmentTypes,
    noun: 'equipment type',
    label,
    draft,
    toBody,
    create: EquipmentTypeCreate,
    update: EquipmentTypeUpdate,
  });
  const unit = CONSUMPTION_UNIT[form.values.meterType as MeterType] ?? '';
  return (
    <FormShell form={form} title={recordTitle('equipment type', row, label)} onClose={() => close()}>
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <TextField label="Code" {...form.text('code')} />
        <TextField label="Make" {...form.text('make')} />
        <TextField label="Model" {...form.text('model')} />
        <TextField label="Tank capacity (L)" inputMode="decimal" {...form.text('tankCapacity')} />
        <SelectField label="Meter type" options={enumOptions(METER_TYPES, METER_LABELS)} {...form.text('meterType')} />
        <TextField
          label={`Expected consumption (${unit})`}
          inputMode="decimal"
          helper="Optional"
          {...form.text('expectedConsumption')}
        />
      </SimpleGrid>
      <SwitchField
        label="Meter fitted"
        helper={
          form.values.hasMeter
            ? 'Every fill needs its meter reading.'
            : 'No meter (e.g. a bowser, or a generator without an hour meter): fills need no reading.'
        }
        {...form.flag('hasMeter')}
      />
    </FormShell>
  );
}

const columns: ListColumn<EquipmentType>[] = specColumns(SETUP_COLUMNS.equipmentTypes, {
  expectedConsumption: {
    cell: (t) => (t.expectedConsumption === null ? '—' : `${t.expectedConsumption} ${CONSUMPTION_UNIT[t.meterType]}`),
  },
});

const filters = [
  { field: 'meterType', label: 'Meter', options: enumOptions(METER_TYPES, METER_LABELS) },
  { field: 'hasMeter', label: 'Meter fitted', options: HAS_METER_OPTIONS },
  { field: 'make', label: 'Make', kind: 'text' as const },
];

/** `/MasterEquipment`: equipment types (make, model, tank, meter, consumption). */
export function EquipmentTypesPage() {
  return (
    <ResourceScreen
      client={clients.equipmentTypes}
      info={SETUP_RESOURCES.equipmentTypes}
      noun="equipment type"
      plural="equipment types"
      columns={columns}
      filters={filters}
      rowLabel={label}
      Form={EquipmentTypeForm}
    />
  );
}
