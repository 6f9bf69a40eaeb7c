import { SimpleGrid } from '@chakra-ui/react';
import { TextField } from '@/app/ui/Fields';
import { FormShell } from '@/app/ui/form/FormShell';
import { SelectField, TextareaField } from '@/app/ui/form/fields';
import { SearchSelect } from '@/app/ui/form/SearchSelect';
import { recordTitle, useRecordForm, type RecordFormProps } from '@/app/ui/form/useRecordForm';
import { specColumns, type ListColumn } from '@/app/ui/list/columns';
import { ResourceScreen } from '@/app/ui/ResourceScreen';
import {
  ASSET_STATUSES,
  AssetCreate,
  AssetUpdate,
  SETUP_RESOURCES,
  type Asset,
  type ReferenceData,
  SETUP_COLUMNS,
  ASSET_STATUS_LABELS as STATUS_LABELS,
} from '@/contract/setup';
import { clients } from '../clients';
import { costCentreOptions, enumOptions, referenceFilters, storeOptions } from '@/lib/reference/labels';
import { useReference } from '@/lib/reference/query';

const label = (a: Asset) => a.assetNo;

const draft = (a: Asset | null) => ({
  assetNo: a?.assetNo ?? '',
  erpId: a?.erpId ?? '',
  status: a?.status ?? 'active',
  equipmentId: a?.equipmentId ?? '',
  equipmentFleetNo: a?.equipmentFleetNo ?? '',
  description: a?.description ?? '',
  costCentreId: a?.costCentreId ?? '',
  storeId: a?.storeId ?? '',
});
const toBody = ({ equipmentFleetNo: _fleetNo, ...d }: ReturnType<typeof draft>) => ({
  ...d,
  erpId: d.erpId.trim() || null,
  equipmentId: d.equipmentId || null,
  costCentreId: d.costCentreId || null,
  storeId: d.storeId || null,
});

/** Equipment from the reference data, searched on the device (the asset register's users may not list equipment). */
const searchIn = (ref: ReferenceData | undefined) => async (q: string) => {
  const needle = q.toLowerCase();
  return (ref?.equipment ?? [])
    .filter(
      (e) =>
        !needle ||
        [e.fleetNo, e.registration ?? '', e.description, ...e.tags].some((s) => s.toLowerCase().includes(needle)),
    )
    .slice(0, 20)
    .map((e) => ({ value: e.id, label: [e.fleetNo, e.registration, e.description].filter(Boolean).join(' · ') }));
};

function AssetForm({ row, close }: RecordFormProps<Asset>) {
  const { data: ref } = useReference();
  const form = useRecordForm({
    row,
    close,
    client: clients.assets,
    noun: 'asset',
    label,
    draft,
    toBody,
    create: AssetCreate,
    update: AssetUpdate,
  });
  return (
    <FormShell form={form} title={recordTitle('asset', row, label)} onClose={() => close()}>
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <TextField label="Asset no." {...form.text('assetNo')} />
        <TextField label="ERP id" helper="Optional" {...form.text('erpId')} />
        <SelectField label="Status" options={enumOptions(ASSET_STATUSES, STATUS_LABELS)} {...form.text('status')} />
        <SearchSelect
          label="Equipment"
          selectedLabel={form.values.equipmentFleetNo}
          value={form.values.equipmentId}
          onChange={(id, l) => {
            form.set('equipmentId', id);
            form.set('equipmentFleetNo', l);
          }}
          onBlur={() => form.touch('equipmentId')}
          error={form.error('equipmentId')}
          queryKey={['reference-equipment', ref?.generatedAt]}
          search={searchIn(ref)}
          helper="Optional"
        />
        <SelectField
          label="Cost centre"
          placeholder="None"
          options={costCentreOptions(ref)}
          {...form.text('costCentreId')}
        />
        <SelectField label="Store" placeholder="None" options={storeOptions(ref)} {...form.text('storeId')} />
      </SimpleGrid>
      <TextareaField label="Description" rows={2} {...form.text('description')} />
    </FormShell>
  );
}

const columns: ListColumn<Asset>[] = specColumns(SETUP_COLUMNS.assets);

/** `/EquipmentAssets`: the asset register. */
export function AssetsPage() {
  const { data: ref } = useReference();
  const f = referenceFilters(ref);
  const filters = [
    { field: 'status', label: 'Status', options: enumOptions(ASSET_STATUSES, STATUS_LABELS) },
    f.costCentreId,
    f.storeId,
  ];
  return (
    <ResourceScreen
      client={clients.assets}
      info={SETUP_RESOURCES.assets}
      noun="asset"
      plural="assets"
      columns={columns}
      filters={filters}
      rowLabel={label}
      Form={AssetForm}
      formSize="lg"
    />
  );
}
