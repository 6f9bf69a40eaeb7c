import { SimpleGrid } from '@chakra-ui/react';
import { TextField } from '@/app/ui/Fields';
import { FormShell } from '@/app/ui/form/FormShell';
import { SelectField, SwitchField } from '@/app/ui/form/fields';
import { recordTitle, useRecordForm, type RecordFormProps } from '@/app/ui/form/useRecordForm';
import { specColumns, type ListColumn } from '@/app/ui/list/columns';
import { ResourceScreen } from '@/app/ui/ResourceScreen';
import { F24RuleCreate, F24RuleUpdate, SETUP_RESOURCES, type F24Rule, SETUP_COLUMNS } from '@/contract/setup';
import { numberOrNull, textOf } from '@/lib/paths';
import { clients } from '../clients';
import { referenceFilters, storeOptions } from '@/lib/reference/labels';
import { useReference } from '@/lib/reference/query';

const label = (r: F24Rule) => r.storeName ?? 'account default';

const draft = (r: F24Rule | null) => ({
  storeId: r?.storeId ?? '',
  maxLitresPerTransaction: textOf(r?.maxLitresPerTransaction),
  odometerRequired: r?.odometerRequired ?? false,
  maxOdometerJumpKm: textOf(r?.maxOdometerJumpKm),
  maxHoursJump: textOf(r?.maxHoursJump),
  allowedFrom: r?.allowedFrom ?? '',
  allowedTo: r?.allowedTo ?? '',
  minMinutesBetweenFills: textOf(r?.minMinutesBetweenFills),
});
const toBody = (d: ReturnType<typeof draft>) => ({
  ...d,
  storeId: d.storeId || null,
  maxLitresPerTransaction: numberOrNull(d.maxLitresPerTransaction),
  maxOdometerJumpKm: numberOrNull(d.maxOdometerJumpKm),
  maxHoursJump: numberOrNull(d.maxHoursJump),
  allowedFrom: d.allowedFrom || null,
  allowedTo: d.allowedTo || null,
  minMinutesBetweenFills: numberOrNull(d.minMinutesBetweenFills),
});

function F24RuleForm({ row, close }: RecordFormProps<F24Rule>) {
  const { data: ref } = useReference();
  const form = useRecordForm({
    row,
    close,
    client: clients.f24Rules,
    noun: 'FAMS24 rules',
    label,
    draft,
    toBody,
    create: F24RuleCreate,
    update: F24RuleUpdate,
  });
  const fams24Stores = storeOptions(
    ref && { ...ref, stores: ref.stores.filter((s) => s.variant === 'FAMS24' || s.id === form.values.storeId) },
  );
  return (
    <FormShell form={form} title={recordTitle('FAMS24 rules', row, label)} onClose={() => close()}>
      <SelectField
        label="Store"
        placeholder="Account default (every FAMS24 store without its own rules)"
        options={fams24Stores}
        {...form.text('storeId')}
      />
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <TextField
          label="Max litres per transaction"
          inputMode="decimal"
          helper="Empty = no limit"
          {...form.text('maxLitresPerTransaction')}
        />
        <TextField
          label="Min minutes between fills"
          inputMode="numeric"
          helper="Empty = no minimum"
          {...form.text('minMinutesBetweenFills')}
        />
        <TextField
          label="Max odometer jump (km)"
          inputMode="decimal"
          helper="Largest plausible increase; empty = unchecked"
          {...form.text('maxOdometerJumpKm')}
        />
        <TextField
          label="Max hours jump"
          inputMode="decimal"
          helper="Largest plausible increase; empty = unchecked"
          {...form.text('maxHoursJump')}
        />
        <TextField
          label="Allowed from"
          placeholder="HH:MM"
          inputMode="numeric"
          helper="Empty = any time"
          {...form.text('allowedFrom')}
        />
        <TextField label="Allowed to" placeholder="HH:MM" inputMode="numeric" {...form.text('allowedTo')} />
      </SimpleGrid>
      <SwitchField label="Odometer required" {...form.flag('odometerRequired')} />
    </FormShell>
  );
}

const orNone = (v: number | null, unit: string) => (v === null ? '—' : `${v.toLocaleString()} ${unit}`);
const columns: ListColumn<F24Rule>[] = specColumns(SETUP_COLUMNS.f24Rules, {
  storeName: { cell: (r) => r.storeName ?? 'Account default' },
  maxLitresPerTransaction: { cell: (r) => orNone(r.maxLitresPerTransaction, 'L') },
  maxOdometerJumpKm: { cell: (r) => orNone(r.maxOdometerJumpKm, 'km') },
  maxHoursJump: { cell: (r) => orNone(r.maxHoursJump, 'h') },
  allowedFrom: { cell: (r) => (r.allowedFrom ? `${r.allowedFrom}–${r.allowedTo}` : 'Any time') },
  minMinutesBetweenFills: { cell: (r) => orNone(r.minMinutesBetweenFills, 'min') },
});

/** `/F24BusinessRules`: FAMS24 rules per store and the account default. */
export function F24RulesPage() {
  const { data: ref } = useReference();
  return (
    <ResourceScreen
      client={clients.f24Rules}
      info={SETUP_RESOURCES.f24Rules}
      noun="FAMS24 rules"
      plural="FAMS24 rules"
      columns={columns}
      filters={[referenceFilters(ref).storeId]}
      rowLabel={label}
      Form={F24RuleForm}
    />
  );
}
