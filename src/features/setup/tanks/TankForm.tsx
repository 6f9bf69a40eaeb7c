import { SimpleGrid } from '@chakra-ui/react';
import { TextField } from '@/app/ui/Fields';
import { FormShell } from '@/app/ui/form/FormShell';
import { SelectField } from '@/app/ui/form/fields';
import { recordTitle, useRecordForm, type RecordFormProps } from '@/app/ui/form/useRecordForm';
import { TankCreate, TankUpdate, type Tank } from '@/contract/setup';
import { numberOrNull, textOf } from '@/lib/paths';
import { clients } from '../clients';
import { productOptions, storeOptions } from '@/lib/reference/labels';
import { useReference } from '@/lib/reference/query';
import { StrappingChartEditor, type ChartRowDraft } from './StrappingChartEditor';

const draft = (t: Tank | null) => ({
  storeId: t?.storeId ?? '',
  productId: t?.productId ?? '',
  code: t?.code ?? '',
  name: t?.name ?? '',
  capacity: textOf(t?.capacity),
  safeFill: textOf(t?.safeFill),
  lowLevel: textOf(t?.lowLevel),
  gaugeProbeId: t?.gaugeProbeId ?? '',
  strappingChart: (t?.strappingChart ?? []).map((p) => ({
    heightMm: String(p.heightMm),
    litres: String(p.litres),
  })) as ChartRowDraft[],
});
type Draft = ReturnType<typeof draft>;

const toBody = (d: Draft) => ({
  ...d,
  capacity: numberOrNull(d.capacity),
  safeFill: numberOrNull(d.safeFill),
  lowLevel: numberOrNull(d.lowLevel),
  gaugeProbeId: d.gaugeProbeId.trim() || null,
  strappingChart: d.strappingChart.map((r) => ({ heightMm: numberOrNull(r.heightMm), litres: numberOrNull(r.litres) })),
});

const label = (t: Tank) => t.code;

export function TankForm({ row, close }: RecordFormProps<Tank>) {
  const { data: ref } = useReference();
  const form = useRecordForm({
    row,
    close,
    client: clients.tanks,
    noun: 'tank',
    label,
    draft,
    toBody,
    create: TankCreate,
    update: TankUpdate,
  });
  const capacity = numberOrNull(form.values.capacity);
  return (
    <FormShell form={form} title={recordTitle('tank', row, label)} onClose={() => close()}>
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <SelectField
          label="Store"
          placeholder="Choose a store…"
          options={storeOptions(ref)}
          {...form.text('storeId')}
        />
        <SelectField
          label="Product"
          placeholder="Choose a product…"
          options={productOptions(ref)}
          {...form.text('productId')}
        />
        <TextField label="Code" {...form.text('code')} />
        <TextField label="Name" {...form.text('name')} />
        <TextField label="Capacity (L)" inputMode="decimal" {...form.text('capacity')} />
        <TextField
          label="Safe fill (L)"
          inputMode="decimal"
          helper="The most the tank should be filled to"
          {...form.text('safeFill')}
        />
        <TextField
          label="Low level (L)"
          inputMode="decimal"
          helper="Low-level alarm, below the safe fill"
          {...form.text('lowLevel')}
        />
        <TextField label="Gauge probe" helper="Probe id of the tank gauge (optional)" {...form.text('gaugeProbeId')} />
      </SimpleGrid>
      <StrappingChartEditor
        rows={form.values.strappingChart}
        onChange={(rows) => form.set('strappingChart', rows)}
        touch={form.touch}
        errors={form.errorsUnder('strappingChart')}
        capacity={capacity !== null && !Number.isNaN(capacity) ? capacity : null}
      />
    </FormShell>
  );
}
