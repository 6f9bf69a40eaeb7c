import { TextField } from '@/app/ui/Fields';
import { FormShell } from '@/app/ui/form/FormShell';
import { TextareaField } from '@/app/ui/form/fields';
import { recordTitle, useRecordForm, type RecordFormProps } from '@/app/ui/form/useRecordForm';
import { specColumns, type ListColumn } from '@/app/ui/list/columns';
import { ResourceScreen } from '@/app/ui/ResourceScreen';
import { CostCentreCreate, CostCentreUpdate, SETUP_RESOURCES, type CostCentre, SETUP_COLUMNS } from '@/contract/setup';
import { clients } from '../clients';

const draft = (c: CostCentre | null) => ({
  code: c?.code ?? '',
  name: c?.name ?? '',
  description: c?.description ?? '',
});
const label = (c: CostCentre) => c.code;

function CostCentreForm({ row, close }: RecordFormProps<CostCentre>) {
  const form = useRecordForm({
    row,
    close,
    client: clients.costCentres,
    noun: 'cost centre',
    label,
    draft,
    toBody: (d) => d,
    create: CostCentreCreate,
    update: CostCentreUpdate,
  });
  return (
    <FormShell form={form} title={recordTitle('cost centre', row, label)} onClose={() => close()}>
      <TextField label="Code" {...form.text('code')} />
      <TextField label="Name" {...form.text('name')} />
      <TextareaField label="Description" rows={3} {...form.text('description')} />
    </FormShell>
  );
}

const columns: ListColumn<CostCentre>[] = specColumns(SETUP_COLUMNS.costCentres);

/** `/CostCentre`: cost centres dispensing is charged to. */
export function CostCentresPage() {
  return (
    <ResourceScreen
      client={clients.costCentres}
      info={SETUP_RESOURCES.costCentres}
      noun="cost centre"
      plural="cost centres"
      columns={columns}
      rowLabel={label}
      Form={CostCentreForm}
    />
  );
}
