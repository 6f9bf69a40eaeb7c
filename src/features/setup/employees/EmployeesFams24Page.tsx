import { TextField } from '@/app/ui/Fields';
import { FormShell } from '@/app/ui/form/FormShell';
import { SwitchField } from '@/app/ui/form/fields';
import { useRecordForm, type RecordFormProps } from '@/app/ui/form/useRecordForm';
import type { ListColumn } from '@/app/ui/list/columns';
import { ResourceScreen } from '@/app/ui/ResourceScreen';
import { EmployeeFams24Update, SETUP_COLUMNS, SETUP_LISTS, type Employee } from '@/contract/setup';
import { clients } from '../clients';
import { employeeLabel, PinField, pinBody } from './EmployeeForm';
import { employeeColumns, useEmployeeFilters } from './EmployeesPage';

const draft = (e: Employee | null) => ({
  fams24Enabled: e?.fams24Enabled ?? false,
  tag: e?.tag ?? '',
  pin: '',
  removePin: false,
});
const toBody = ({ pin, removePin, ...d }: ReturnType<typeof draft>) => ({
  ...d,
  tag: d.tag.trim() || null,
  ...pinBody({ pin, removePin }),
});

/** What a FAMS24 site needs of an employee: the flag, the tag and the PIN. */
function Fams24EmployeeForm({ row, close }: RecordFormProps<Employee>) {
  const form = useRecordForm({
    row,
    close,
    client: clients.employeesFams24,
    noun: 'employee',
    label: employeeLabel,
    draft,
    toBody,
    create: EmployeeFams24Update,
    update: EmployeeFams24Update,
  });
  return (
    <FormShell form={form} title={`FAMS24 access of ${row ? employeeLabel(row) : ''}`} onClose={() => close()}>
      <SwitchField
        label="FAMS24 enabled"
        helper="May draw fuel at unattended FAMS24 sites"
        {...form.flag('fams24Enabled')}
      />
      <TextField label="Tag" helper="RFID/NFC tag read at the site" {...form.text('tag')} />
      <PinField form={form} hasPin={row?.hasPin ?? false} />
    </FormShell>
  );
}

// The same cells as /Employee, the columns of this screen (src/contract/setup/columns.ts).
const columns: ListColumn<Employee>[] = SETUP_COLUMNS.employeesFams24.map((c) => ({
  ...employeeColumns.find((x) => x.id === c.key)!,
  hidden: false,
}));

/** `/EmployeeFAMS24`: employees' FAMS24 access (flag, tag, PIN). */
export function EmployeesFams24Page() {
  return (
    <ResourceScreen
      client={clients.employeesFams24}
      info={SETUP_LISTS.employeesFams24}
      noun="employee"
      plural="employees"
      columns={columns}
      filters={useEmployeeFilters()}
      rowLabel={employeeLabel}
      Form={Fams24EmployeeForm}
      creatable={false}
      deletable={false}
    />
  );
}
