import { Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { FormShell } from '@/app/ui/form/FormShell';
import { CheckboxGroupField, SelectField } from '@/app/ui/form/fields';
import { useResourceForm } from '@/app/ui/form/useResourceForm';
import { TextField } from '@/app/ui/Fields';
import { refreshAll } from '@/app/ui/list/useList';
import {
  ACCOUNT_MODULES,
  AccountFields,
  CreateAccountBody,
  UNIT_SYSTEMS,
  type AccountAdminRow,
} from '@/contract/admin';
import { enumOptions } from '@/lib/reference/labels';
import { SUBSCRIPTION_STATUS_LABELS, SUBSCRIPTION_STATUSES } from '@/contract/subscriptions';
import { accountsApi, subscriptionsApi, PLANS_KEY } from './client';

const UNIT_LABELS = { metric: 'Metric (litres, km)', imperial: 'Imperial (gallons, miles)', us: 'US (gallons, miles)' };

/**
 * `/Account` (ThebigBoss): a new account with its plan and first admin (invited by e-mail), or an
 * account's settings.
 */
export function AccountForm({ account, close }: { account?: AccountAdminRow; close: () => void }) {
  const plans = useQuery({
    queryKey: PLANS_KEY,
    queryFn: ({ signal }) => subscriptionsApi.plans(signal),
    enabled: !account,
  });
  const form = useResourceForm({
    initial: {
      name: account?.name ?? '',
      type: account?.type ?? 'Fleet operator',
      timeZone: account?.timeZone ?? 'Africa/Johannesburg',
      currency: account?.currency ?? 'ZAR',
      units: account?.units ?? 'metric',
      modules: account?.modules ?? ['FAMS'],
      admin: { displayName: '', email: '' },
      planId: '',
      status: 'active',
    },
    toBody: ({ admin, planId, status, ...fields }) => (account ? fields : { ...fields, admin, planId, status }),
    schema: account ? AccountFields : CreateAccountBody,
    save: async (body) =>
      account ? accountsApi.update(account.id, body as AccountFields) : accountsApi.create(body as CreateAccountBody),
    onSaved: () => {
      void refreshAll();
      close();
    },
    savedMessage: (a) => (account ? `${a.name} saved.` : `${a.name} created; its admin is invited by e-mail.`),
  });
  return (
    <FormShell form={form} title={account ? `Account ${account.name}` : 'New account'} onClose={close}>
      <TextField label="Name" required {...form.text('name')} />
      <TextField label="Type" required {...form.text('type')} />
      <TextField label="Time zone" required helper="IANA name, e.g. Africa/Johannesburg." {...form.text('timeZone')} />
      <TextField label="Currency" required helper="ISO code, e.g. ZAR." {...form.text('currency')} />
      <SelectField label="Units" required options={enumOptions(UNIT_SYSTEMS, UNIT_LABELS)} {...form.text('units')} />
      <CheckboxGroupField
        legend="Modules"
        options={enumOptions(ACCOUNT_MODULES)}
        value={form.get('modules') as string[]}
        onChange={(v) => form.set('modules', v)}
        error={form.error('modules')}
      />
      {!account && (
        <>
          <SelectField
            label="Plan"
            required
            placeholder="Choose a plan"
            options={(plans.data ?? []).map((p) => ({ value: p.id, label: `${p.name} (${p.modules.join(', ')})` }))}
            {...form.text('planId')}
          />
          <SelectField
            label="Subscription status"
            required
            options={enumOptions(SUBSCRIPTION_STATUSES, SUBSCRIPTION_STATUS_LABELS)}
            {...form.text('status')}
          />
          <Text fontWeight="semibold">First administrator</Text>
          <Text fontSize="sm">They get an e-mail with a link, valid 72 hours, to choose their password.</Text>
          <TextField label="Admin name" required {...form.text('admin.displayName')} />
          <TextField label="Admin e-mail" type="email" required {...form.text('admin.email')} />
        </>
      )}
    </FormShell>
  );
}
