import { SimpleGrid } from '@chakra-ui/react';
import { TextField } from '@/app/ui/Fields';
import { FormShell } from '@/app/ui/form/FormShell';
import { TextareaField } from '@/app/ui/form/fields';
import { recordTitle, useRecordForm, type RecordFormProps } from '@/app/ui/form/useRecordForm';
import { specColumns, type ListColumn } from '@/app/ui/list/columns';
import { ResourceScreen } from '@/app/ui/ResourceScreen';
import {
  COMMERCIAL_COLUMNS,
  COMMERCIAL_RESOURCES,
  CustomerCreate,
  CustomerUpdate,
  type Customer,
} from '@/contract/commercial';
import { clients } from './clients';
import { contactBodies, contactDrafts, ContactsEditor } from './ContactsEditor';

const draft = (c: Customer | null) => ({
  name: c?.name ?? '',
  registrationNo: c?.registrationNo ?? '',
  vatNo: c?.vatNo ?? '',
  billingAddress: c?.billingAddress ?? '',
  contacts: contactDrafts(c?.contacts ?? []),
  paymentTermsDays: String(c?.paymentTermsDays ?? 30),
  notes: c?.notes ?? '',
});
type Draft = ReturnType<typeof draft>;
const toBody = (d: Draft) => ({
  ...d,
  contacts: contactBodies(d.contacts),
  paymentTermsDays: d.paymentTermsDays.trim() === '' ? undefined : Number(d.paymentTermsDays),
});
const label = (c: Customer) => c.name;

function CustomerForm({ row, close }: RecordFormProps<Customer>) {
  const form = useRecordForm({
    row,
    close,
    client: clients.customers,
    noun: 'customer',
    label,
    draft,
    toBody,
    create: CustomerCreate,
    update: CustomerUpdate,
  });
  return (
    <FormShell form={form} title={recordTitle('customer', row, label)} onClose={() => close()}>
      <TextField label="Name" required {...form.text('name')} />
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <TextField label="Registration number" {...form.text('registrationNo')} />
        <TextField label="VAT number" {...form.text('vatNo')} />
        <TextField label="Payment terms (days)" inputMode="numeric" {...form.text('paymentTermsDays')} />
      </SimpleGrid>
      <TextareaField label="Billing address" rows={3} {...form.text('billingAddress')} />
      <ContactsEditor contacts={form.values.contacts} set={form.set} text={form.text} />
      <TextareaField label="Notes" rows={3} {...form.text('notes')} />
    </FormShell>
  );
}

const columns: ListColumn<Customer>[] = specColumns(COMMERCIAL_COLUMNS.customers);

/** `/customers`: the account's own customers (issue 16). */
export function CustomersPage() {
  return (
    <ResourceScreen
      client={clients.customers}
      info={COMMERCIAL_RESOURCES.customers}
      noun="customer"
      plural="customers"
      columns={columns}
      rowLabel={label}
      Form={CustomerForm}
      formSize="lg"
    />
  );
}
