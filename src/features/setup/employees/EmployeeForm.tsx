import { Badge, Flex, SimpleGrid, Stack } from '@chakra-ui/react';
import { PasswordField, TextField } from '@/app/ui/Fields';
import { FormShell } from '@/app/ui/form/FormShell';
import { CheckboxGroupField, SelectField, SwitchField } from '@/app/ui/form/fields';
import { recordTitle, useRecordForm, type RecordFormProps } from '@/app/ui/form/useRecordForm';
import type { ResourceForm } from '@/app/ui/form/useResourceForm';
import { EmployeeCreate, EmployeeUpdate, type Employee } from '@/contract/setup';
import { clients } from '../clients';
import { costCentreOptions, storeOptions } from '@/lib/reference/labels';
import { useReference } from '@/lib/reference/query';

export const employeeLabel = (e: Employee) => `${e.number} ${e.name}`;

/** `pin` typed = set it; `removePin` = clear it; neither = keep (the PIN is never sent back). */
export function pinBody({ pin, removePin }: { pin: string; removePin: boolean }): { pin?: string | null } {
  if (pin) return { pin };
  return removePin ? { pin: null } : {};
}

/** Write-only PIN with a "has PIN" indicator. */
export function PinField({ form, hasPin }: { form: ResourceForm; hasPin: boolean }) {
  const removing = form.get('removePin') === true;
  return (
    <Stack gap="2">
      <Flex gap="2" align="center">
        <Badge colorPalette={hasPin && !removing ? 'green' : 'gray'}>
          {hasPin && !removing ? 'Has a PIN' : 'No PIN'}
        </Badge>
      </Flex>
      <PasswordField
        label={hasPin ? 'New PIN' : 'PIN'}
        inputMode="numeric"
        autoComplete="new-password"
        maxLength={8}
        helper={hasPin ? 'Leave empty to keep the current PIN. 4 to 8 digits.' : '4 to 8 digits; optional.'}
        {...form.text('pin')}
      />
      {hasPin && <SwitchField label="Remove the PIN" {...form.flag('removePin')} />}
    </Stack>
  );
}

const draft = (e: Employee | null) => ({
  number: e?.number ?? '',
  name: e?.name ?? '',
  pin: '',
  removePin: false,
  tag: e?.tag ?? '',
  costCentreId: e?.costCentreId ?? '',
  licenceExpiry: e?.licenceExpiry ?? '',
  storeIds: e?.storeIds ?? [],
  fams24Enabled: e?.fams24Enabled ?? false,
  active: e?.active ?? true,
});
const toBody = ({ pin, removePin, ...d }: ReturnType<typeof draft>) => ({
  ...d,
  tag: d.tag.trim() || null,
  costCentreId: d.costCentreId || null,
  licenceExpiry: d.licenceExpiry || null,
  ...pinBody({ pin, removePin }),
});

export function EmployeeForm({ row, close }: RecordFormProps<Employee>) {
  const { data: ref } = useReference();
  const form = useRecordForm({
    row,
    close,
    client: clients.employees,
    noun: 'employee',
    label: employeeLabel,
    draft,
    toBody,
    create: EmployeeCreate,
    update: EmployeeUpdate,
  });
  return (
    <FormShell form={form} title={recordTitle('employee', row, employeeLabel)} onClose={() => close()}>
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <TextField label="Employee number" {...form.text('number')} />
        <TextField label="Name" autoComplete="off" {...form.text('name')} />
        <TextField label="Tag" helper="RFID/NFC tag (optional)" {...form.text('tag')} />
        <SelectField
          label="Cost centre"
          placeholder="None"
          options={costCentreOptions(ref)}
          {...form.text('costCentreId')}
        />
        <TextField label="Licence expiry" type="date" {...form.text('licenceExpiry')} />
      </SimpleGrid>
      <PinField form={form} hasPin={row?.hasPin ?? false} />
      <CheckboxGroupField
        legend="Authorised stores"
        helper="None ticked: every store."
        options={storeOptions(ref)}
        value={form.values.storeIds}
        onChange={(ids) => {
          form.set('storeIds', ids);
          form.touch('storeIds');
        }}
        error={Object.values(form.errorsUnder('storeIds'))[0]}
        columns={{ base: 1, sm: 2 }}
      />
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3">
        <SwitchField label="Active" {...form.flag('active')} />
        <SwitchField label="FAMS24 enabled" {...form.flag('fams24Enabled')} />
      </SimpleGrid>
    </FormShell>
  );
}
