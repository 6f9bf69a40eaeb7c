import { Separator, SimpleGrid, Text } from '@chakra-ui/react';
import { useMemo } from 'react';
import type { ZodType } from 'zod';
import { TextField } from '@/app/ui/Fields';
import { FormLoadState, FormShell } from '@/app/ui/form/FormShell';
import { SelectField, SwitchField, TagsField, TextareaField } from '@/app/ui/form/fields';
import { recordTitle, useRecordForm, type RecordFormProps } from '@/app/ui/form/useRecordForm';
import {
  EquipmentCreate,
  EquipmentUpdate,
  extrasErrors,
  MAX_TAGS,
  METER_TYPES,
  type Equipment,
  type EquipmentExtra,
} from '@/contract/setup';
import { numberOrNull, textOf } from '@/lib/paths';
import { HAS_METER_OPTIONS, METER_LABELS } from '../catalog/EquipmentTypesPage';
import { clients } from '../clients';
import { costCentreOptions, enumOptions, storeOptions, typeOptions } from '@/lib/reference/labels';
import { useReference } from '@/lib/reference/query';
import { extrasBody, extrasDraft, ExtrasFields, useExtraDefinitions } from './ExtrasFields';

export const equipmentLabel = (e: Equipment) => e.fleetNo;

/** The contract schema plus the account's extras rules (the same check the server runs). */
function withExtras(schema: ZodType, defs: readonly EquipmentExtra[]): ZodType {
  return schema.superRefine((v, ctx) => {
    const extras = (v as { extras?: Record<string, unknown> }).extras ?? {};
    for (const [k, m] of Object.entries(extrasErrors(extras, defs)))
      ctx.addIssue({ code: 'custom', path: k.split('.'), message: m[0] });
  });
}

/** `/Equipment`'s form: waits for the extras definitions so a save never drops their values. */
export function EquipmentForm(props: RecordFormProps<Equipment>) {
  const defs = useExtraDefinitions();
  if (!defs) return <FormLoadState title={recordTitle('equipment', props.row, equipmentLabel)} />;
  return <EquipmentFormBody {...props} defs={defs} />;
}

function EquipmentFormBody({ row, close, defs }: RecordFormProps<Equipment> & { defs: EquipmentExtra[] }) {
  const { data: ref } = useReference();
  const schemas = useMemo(
    () => ({ create: withExtras(EquipmentCreate, defs), update: withExtras(EquipmentUpdate, defs) }),
    [defs],
  );
  const draft = (e: Equipment | null) => ({
    fleetNo: e?.fleetNo ?? '',
    registration: e?.registration ?? '',
    description: e?.description ?? '',
    typeId: e?.typeId ?? '',
    costCentreId: e?.costCentreId ?? '',
    meterType: e?.meterType ?? '',
    hasMeter: e?.hasMeter === null || e?.hasMeter === undefined ? '' : String(e.hasMeter),
    currentMeter: textOf(e?.currentMeter),
    tankCapacity: textOf(e?.tankCapacity),
    tags: e?.tags ?? [],
    homeStoreId: e?.homeStoreId ?? '',
    fams24Enabled: e?.fams24Enabled ?? false,
    pinRequired: e?.pinRequired ?? false,
    odometerRequired: e?.odometerRequired ?? false,
    active: e?.active ?? true,
    extras: extrasDraft(e?.extras, defs),
  });
  const form = useRecordForm({
    row,
    close,
    client: clients.equipment,
    noun: 'equipment',
    label: equipmentLabel,
    draft,
    ...schemas,
    toBody: (d: ReturnType<typeof draft>) => ({
      ...d,
      typeId: d.typeId || null,
      costCentreId: d.costCentreId || null,
      homeStoreId: d.homeStoreId || null,
      meterType: d.meterType || null,
      hasMeter: d.hasMeter === '' ? null : d.hasMeter === 'true',
      currentMeter: numberOrNull(d.currentMeter),
      tankCapacity: numberOrNull(d.tankCapacity),
      extras: extrasBody(d.extras, defs),
    }),
  });
  const type = ref?.equipmentTypes.find((t) => t.id === form.values.typeId);
  const tagError = Object.values(form.errorsUnder('tags'))[0];

  return (
    <FormShell form={form} title={recordTitle('equipment', row, equipmentLabel)} onClose={() => close()}>
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <TextField label="Fleet no." {...form.text('fleetNo')} />
        <TextField label="Registration" helper="Optional" {...form.text('registration')} />
        <SelectField label="Equipment type" placeholder="No type" options={typeOptions(ref)} {...form.text('typeId')} />
        <SelectField
          label="Cost centre"
          placeholder="None"
          options={costCentreOptions(ref)}
          {...form.text('costCentreId')}
        />
        <SelectField
          label="Meter type"
          placeholder={type ? `From the type (${METER_LABELS[type.meterType]})` : 'Choose…'}
          options={enumOptions(METER_TYPES, METER_LABELS)}
          {...form.text('meterType')}
        />
        <SelectField
          label="Meter fitted"
          placeholder={type ? `From the type (${type.hasMeter === false ? 'No meter' : 'Fitted'})` : 'Fitted'}
          options={HAS_METER_OPTIONS}
          helper="No meter (a bowser, a generator without an hour meter): fills need no reading"
          {...form.text('hasMeter')}
        />
        <TextField
          label="Current meter"
          inputMode="decimal"
          helper="Odometer (km) or hours"
          {...form.text('currentMeter')}
        />
        <TextField
          label="Tank capacity (L)"
          inputMode="decimal"
          placeholder={type ? String(type.tankCapacity) : undefined}
          helper={type ? `Empty = the type's ${type.tankCapacity.toLocaleString()} L` : 'Empty = the type’s capacity'}
          {...form.text('tankCapacity')}
        />
        <SelectField label="Home store" placeholder="None" options={storeOptions(ref)} {...form.text('homeStoreId')} />
      </SimpleGrid>
      <TextareaField label="Description" rows={2} {...form.text('description')} />
      <TagsField
        label="Tags"
        value={form.values.tags}
        onChange={(tags) => form.set('tags', tags)}
        onBlur={() => form.touch('tags')}
        error={tagError}
        helper={`RFID/NFC tags; Enter or comma after each (up to ${MAX_TAGS})`}
        max={MAX_TAGS}
      />
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3">
        <SwitchField label="Active" {...form.flag('active')} />
        <SwitchField label="FAMS24 enabled" {...form.flag('fams24Enabled')} />
        <SwitchField label="PIN required" {...form.flag('pinRequired')} />
        <SwitchField label="Odometer required" {...form.flag('odometerRequired')} />
      </SimpleGrid>
      {defs.length > 0 && (
        <>
          <Separator />
          <Text fontWeight="semibold">Extra attributes</Text>
          <ExtrasFields form={form} defs={defs} />
        </>
      )}
    </FormShell>
  );
}
