import { SimpleGrid } from '@chakra-ui/react';
import { TextField } from '@/app/ui/Fields';
import { FormShell } from '@/app/ui/form/FormShell';
import { SelectField, TextareaField } from '@/app/ui/form/fields';
import { recordTitle, useRecordForm, type RecordFormProps } from '@/app/ui/form/useRecordForm';
import { specColumns, type ListColumn } from '@/app/ui/list/columns';
import { ResourceScreen } from '@/app/ui/ResourceScreen';
import {
  CATALOGUE_KIND_LABELS,
  CATALOGUE_KINDS,
  CatalogueItemCreate,
  CatalogueItemUpdate,
  COMMERCIAL_COLUMNS,
  COMMERCIAL_RESOURCES,
  DEFAULT_VAT_PCT,
  formatCents,
  parseCents,
  type CatalogueItem,
} from '@/contract/commercial';
import { enumOptions } from '@/lib/reference/labels';
import { clients } from './clients';

const draft = (c: CatalogueItem | null) => ({
  code: c?.code ?? '',
  name: c?.name ?? '',
  kind: c?.kind ?? 'tank',
  unit: c?.unit ?? 'each',
  unitPrice: c ? formatCents(c.unitPriceCents).replace(/,/g, '') : '',
  vatPct: String(c?.vatPct ?? DEFAULT_VAT_PCT),
  description: c?.description ?? '',
});
type Draft = ReturnType<typeof draft>;
const toBody = ({ unitPrice, vatPct, ...d }: Draft) => ({
  ...d,
  unitPriceCents: parseCents(unitPrice) ?? NaN,
  vatPct: vatPct.trim() === '' ? NaN : Number(vatPct),
});
const label = (c: CatalogueItem) => c.code;

function CatalogueForm({ row, close }: RecordFormProps<CatalogueItem>) {
  const form = useRecordForm({
    row,
    close,
    client: clients.catalogue,
    noun: 'price list item',
    label,
    draft,
    toBody,
    create: CatalogueItemCreate,
    update: CatalogueItemUpdate,
  });
  return (
    <FormShell form={form} title={recordTitle('price list item', row, label)} onClose={() => close()}>
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <TextField label="Code" required {...form.text('code')} />
        <TextField label="Name" required {...form.text('name')} />
        <SelectField
          label="Kind"
          options={enumOptions(CATALOGUE_KINDS, CATALOGUE_KIND_LABELS)}
          {...form.text('kind')}
        />
        <TextField label="Unit" helper="each, L, m, hour…" {...form.text('unit')} />
        <TextField
          label="Unit price"
          inputMode="decimal"
          {...form.text('unitPrice')}
          error={form.error('unitPriceCents')}
        />
        <TextField label="VAT %" inputMode="decimal" {...form.text('vatPct')} />
      </SimpleGrid>
      <TextareaField label="Description" rows={3} {...form.text('description')} />
    </FormShell>
  );
}

const columns: ListColumn<CatalogueItem>[] = specColumns(COMMERCIAL_COLUMNS.catalogue);

/** The account's price list (tanks, pumps, gauges, installation, fuel per litre), on `/quotations`. */
export function CatalogueScreen() {
  return (
    <ResourceScreen
      client={clients.catalogue}
      info={COMMERCIAL_RESOURCES.catalogue}
      noun="price list item"
      plural="price list items"
      columns={columns}
      filters={[{ field: 'kind', label: 'Kind', options: enumOptions(CATALOGUE_KINDS, CATALOGUE_KIND_LABELS) }]}
      rowLabel={label}
      Form={CatalogueForm}
    />
  );
}
