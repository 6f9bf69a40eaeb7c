import { Badge, Flex, SimpleGrid, Stack } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { PasswordField, TextField } from '@/app/ui/Fields';
import { FormShell } from '@/app/ui/form/FormShell';
import { CheckboxGroupField, SelectField, SwitchField } from '@/app/ui/form/fields';
import { recordTitle, useRecordForm, type RecordFormProps } from '@/app/ui/form/useRecordForm';
import type { ResourceForm } from '@/app/ui/form/useResourceForm';
import {
  EMPLOYEE_USERS_PATH,
  EmployeeCreate,
  EmployeeUpdate,
  EmployeeUserOptions,
  type Employee,
} from '@/contract/setup';
import { api } from '@/lib/api';
import { relative } from '@/lib/resource';
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
  userId: e?.userId === null || e?.userId === undefined ? '' : String(e.userId),
});
const toBody = ({ pin, removePin, ...d }: ReturnType<typeof draft>) => ({
  ...d,
  userId: d.userId ? Number(d.userId) : null,
  tag: d.tag.trim() || null,
  costCentreId: d.costCentreId || null,
  licenceExpiry: d.licenceExpiry || null,
  ...pinBody({ pin, removePin }),
});

/** The account's users, for "Signs in as" (ADR 076); the linked one is kept as an option while they load. */
function useUserOptions(row: Employee | null) {
  const { data } = useQuery({
    queryKey: [EMPLOYEE_USERS_PATH],
    queryFn: ({ signal }) => api.get(relative(EMPLOYEE_USERS_PATH), EmployeeUserOptions, { signal, quiet: true }),
    staleTime: 60_000,
  });
  const items = data?.items.map((u) => ({ value: String(u.id), label: `${u.name} (${u.username})` })) ?? [];
  if (row?.userId != null && !items.some((i) => i.value === String(row.userId)))
    items.unshift({ value: String(row.userId), label: row.userName ?? `User ${row.userId}` });
  return items;
}

export function EmployeeForm({ row, close }: RecordFormProps<Employee>) {
  const { data: ref } = useReference();
  const users = useUserOptions(row);
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
        <SelectField
          label="Signs in as"
          placeholder="No user"
          options={users}
          helper="The fills this user records are this employee's unless they choose another."
          {...form.text('userId')}
        />
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
