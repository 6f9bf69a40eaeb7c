import { SimpleGrid, Stack } from '@chakra-ui/react';
import { TextField } from '@/app/ui/Fields';
import { FormShell } from '@/app/ui/form/FormShell';
import { SelectField, TextareaField } from '@/app/ui/form/fields';
import { recordTitle, useRecordForm, type RecordFormProps } from '@/app/ui/form/useRecordForm';
import { specColumns, type ListColumn } from '@/app/ui/list/columns';
import { ResourceScreen } from '@/app/ui/ResourceScreen';
import {
  COMMERCIAL_COLUMNS,
  COMMERCIAL_RESOURCES,
  CustomerSiteCreate,
  CustomerSiteUpdate,
  type CustomerSite,
} from '@/contract/commercial';
import { numberOrNull, textOf } from '@/lib/paths';
import { storeOptions } from '@/lib/reference/labels';
import { useReference } from '@/lib/reference/query';
import { clients } from './clients';
import { contactBodies, contactDrafts, ContactsEditor } from './ContactsEditor';
import { SitesMap } from './SitesMap';
import { useCustomerOptions } from './useCustomers';

const draft = (s: CustomerSite | null) => ({
  customerId: s?.customerId ?? '',
  name: s?.name ?? '',
  address: s?.address ?? '',
  latitude: textOf(s?.latitude),
  longitude: textOf(s?.longitude),
  contacts: contactDrafts(s?.contacts ?? []),
  storeId: s?.storeId ?? '',
  notes: s?.notes ?? '',
});
type Draft = ReturnType<typeof draft>;
const toBody = (d: Draft) => ({
  ...d,
  latitude: numberOrNull(d.latitude),
  longitude: numberOrNull(d.longitude),
  contacts: contactBodies(d.contacts),
  storeId: d.storeId || null,
});
const label = (s: CustomerSite) => s.name;

function SiteForm({ row, close }: RecordFormProps<CustomerSite>) {
  const customers = useCustomerOptions();
  const { data: ref } = useReference();
  const form = useRecordForm({
    row,
    close,
    client: clients.sites,
    noun: 'site',
    label,
    draft,
    toBody,
    create: CustomerSiteCreate,
    update: CustomerSiteUpdate,
  });
  return (
    <FormShell form={form} title={recordTitle('site', row, label)} onClose={() => close()}>
      <SelectField label="Customer" required placeholder="Choose…" options={customers} {...form.text('customerId')} />
      <TextField label="Site name" required {...form.text('name')} />
      <TextareaField label="Address" rows={2} {...form.text('address')} />
      <SimpleGrid columns={2} gap="4">
        <TextField label="Latitude" inputMode="decimal" placeholder="-26.2041" {...form.text('latitude')} />
        <TextField label="Longitude" inputMode="decimal" placeholder="28.0473" {...form.text('longitude')} />
      </SimpleGrid>
      <SelectField
        label="Store"
        placeholder="None"
        options={storeOptions(ref)}
        helper="The store this site is in FAMS, when it runs FAMS (its tanks are counted)."
        {...form.text('storeId')}
      />
      <ContactsEditor contacts={form.values.contacts} set={form.set} text={form.text} />
      <TextareaField label="Notes" rows={2} {...form.text('notes')} />
    </FormShell>
  );
}

const columns: ListColumn<CustomerSite>[] = specColumns(COMMERCIAL_COLUMNS.sites);

/** `/Customersitelist`: customers' sites on the map and in the list, filterable by customer (ADR 059). */
export function SitesPage() {
  const customers = useCustomerOptions();
  const { data: ref } = useReference();
  return (
    <Stack gap="6">
      <SitesMap />
      <ResourceScreen
        client={clients.sites}
        info={COMMERCIAL_RESOURCES.sites}
        noun="site"
        plural="sites"
        columns={columns}
        filters={[
          { field: 'customerId', label: 'Customer', options: customers },
          { field: 'storeId', label: 'Store', options: storeOptions(ref) },
        ]}
        rowLabel={label}
        Form={SiteForm}
        formSize="lg"
      />
    </Stack>
  );
}
