import { SimpleGrid } from '@chakra-ui/react';
import { TextField } from '@/app/ui/Fields';
import { FormShell } from '@/app/ui/form/FormShell';
import { SelectField } from '@/app/ui/form/fields';
import { recordTitle, useRecordForm, type RecordFormProps } from '@/app/ui/form/useRecordForm';
import { specColumns, type ListColumn } from '@/app/ui/list/columns';
import { ResourceScreen } from '@/app/ui/ResourceScreen';
import {
  FUEL_GROUPS,
  PRODUCT_KINDS,
  ProductCreate,
  ProductUpdate,
  SETUP_RESOURCES,
  type Product,
  SETUP_COLUMNS,
  PRODUCT_KIND_LABELS as KIND_LABELS,
  FUEL_GROUP_LABELS as GROUP_LABELS,
} from '@/contract/setup';
import { numberOrNull, textOf } from '@/lib/paths';
import { clients } from '../clients';
import { ProductPrices } from './ProductPrices';
import { enumOptions } from '@/lib/reference/labels';

const draft = (p: Product | null) => ({
  code: p?.code ?? '',
  name: p?.name ?? '',
  kind: p?.kind ?? 'fuel',
  unit: p?.unit ?? 'L',
  price: textOf(p?.price),
  fuelGroup: p?.fuelGroup ?? 'diesel',
  density15: textOf(p?.density15),
});
const toBody = (d: ReturnType<typeof draft>) => ({
  ...d,
  price: numberOrNull(d.price),
  density15: numberOrNull(d.density15),
});
const label = (p: Product) => p.code;

function ProductForm({ row, close }: RecordFormProps<Product>) {
  const form = useRecordForm({
    row,
    close,
    client: clients.products,
    noun: 'product',
    label,
    draft,
    toBody,
    create: ProductCreate,
    update: ProductUpdate,
  });
  return (
    <FormShell form={form} title={recordTitle('product', row, label)} onClose={() => close()}>
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <TextField label="Code" {...form.text('code')} />
        <TextField label="Name" {...form.text('name')} />
        <SelectField label="Kind" options={enumOptions(PRODUCT_KINDS, KIND_LABELS)} {...form.text('kind')} />
        <TextField label="Unit" helper="L for fuels" {...form.text('unit')} />
        <TextField label="Price per unit" inputMode="decimal" {...form.text('price')} />
        <SelectField
          label="Fuel group"
          options={enumOptions(FUEL_GROUPS, GROUP_LABELS)}
          helper="Temperature-correction table"
          {...form.text('fuelGroup')}
        />
        <TextField
          label="Density at 15 °C (kg/m³)"
          inputMode="decimal"
          helper="Optional, 500–1100"
          {...form.text('density15')}
        />
      </SimpleGrid>
      {row && <ProductPrices productId={row.id} />}
    </FormShell>
  );
}

const columns: ListColumn<Product>[] = specColumns(SETUP_COLUMNS.products);

const filters = [
  { field: 'kind', label: 'Kind', options: enumOptions(PRODUCT_KINDS, KIND_LABELS) },
  { field: 'fuelGroup', label: 'Fuel group', options: enumOptions(FUEL_GROUPS, GROUP_LABELS) },
];

/** `/products`: fuel grades and other sellable products. */
export function ProductsPage() {
  return (
    <ResourceScreen
      client={clients.products}
      info={SETUP_RESOURCES.products}
      noun="product"
      plural="products"
      columns={columns}
      filters={filters}
      rowLabel={label}
      Form={ProductForm}
    />
  );
}
