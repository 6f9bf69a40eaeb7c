import { SimpleGrid } from '@chakra-ui/react';
import { useMemo } from 'react';
import { TextField } from '@/app/ui/Fields';
import { FormShell } from '@/app/ui/form/FormShell';
import { SelectField, TextareaField } from '@/app/ui/form/fields';
import { recordTitle, useRecordForm, type RecordFormProps } from '@/app/ui/form/useRecordForm';
import { STORE_VARIANTS, StoreCreate, StoreUpdate, type Store } from '@/contract/setup';
import { numberOrNull, textOf } from '@/lib/paths';
import { clients } from '../clients';
import { enumOptions } from '@/lib/reference/labels';
import { DEFAULT_SLOT, OpeningHoursEditor, type DaySlot } from './OpeningHoursEditor';

const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

const draft = (s: Store | null) => ({
  code: s?.code ?? '',
  name: s?.name ?? '',
  variant: s?.variant ?? 'FAMS',
  address: s?.address ?? '',
  latitude: textOf(s?.latitude),
  longitude: textOf(s?.longitude),
  timezone: s?.timezone ?? browserZone(),
  alwaysOpen: s ? s.openingHours === null : false,
  openingHours: (s?.openingHours ?? [null, ...Array.from({ length: 5 }, () => DEFAULT_SLOT), null]) as DaySlot[],
});
type Draft = ReturnType<typeof draft>;

const toBody = ({ alwaysOpen, openingHours, latitude, longitude, ...d }: Draft) => ({
  ...d,
  latitude: numberOrNull(latitude),
  longitude: numberOrNull(longitude),
  openingHours: alwaysOpen ? null : openingHours,
});

export function StoreForm({ row, close }: RecordFormProps<Store>) {
  const form = useRecordForm({
    row,
    close,
    client: clients.stores,
    noun: 'store',
    label: (s) => s.code,
    draft,
    toBody,
    create: StoreCreate,
    update: StoreUpdate,
  });
  const zones = useMemo(() => {
    const all = Intl.supportedValuesOf('timeZone');
    const current = form.values.timezone;
    return enumOptions(current && !all.includes(current) ? [current, ...all] : all);
  }, [form.values.timezone]);

  return (
    <FormShell form={form} title={recordTitle('store', row, (s) => s.code)} onClose={() => close()}>
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <TextField label="Code" required {...form.text('code')} />
        <TextField label="Name" required {...form.text('name')} />
        <SelectField
          label="Variant"
          options={enumOptions(STORE_VARIANTS)}
          {...form.text('variant')}
          helper="FAMS: attended site. FAMS24: unattended, tag readers and business rules."
        />
        <SelectField label="Time zone" options={zones} {...form.text('timezone')} />
      </SimpleGrid>
      <TextareaField label="Address" rows={2} {...form.text('address')} />
      <SimpleGrid columns={2} gap="4">
        <TextField label="Latitude" inputMode="decimal" placeholder="-26.2041" {...form.text('latitude')} />
        <TextField label="Longitude" inputMode="decimal" placeholder="28.0473" {...form.text('longitude')} />
      </SimpleGrid>
      <OpeningHoursEditor
        alwaysOpen={form.values.alwaysOpen}
        onAlwaysOpen={(on) => form.set('alwaysOpen', on)}
        days={form.values.openingHours}
        setDay={(d, slot) => form.set(`openingHours.${d}`, slot)}
        touch={form.touch}
        error={form.error}
      />
    </FormShell>
  );
}
