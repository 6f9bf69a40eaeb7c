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
  COMMON_LOCALES,
  CreateAccountBody,
  knownLocale,
  localeName,
  UNIT_SYSTEM_LABELS,
  UNIT_SYSTEMS,
  type AccountAdminRow,
} from '@/contract/admin';
import { enumOptions } from '@/lib/reference/labels';
import { SUBSCRIPTION_STATUS_LABELS, SUBSCRIPTION_STATUSES } from '@/contract/subscriptions';
import { accountsApi, subscriptionsApi, PLANS_KEY } from './client';

/** The locale field's helper: the typed tag in words, or what to type. */
function localeHelper(v: string) {
  const tag = knownLocale(v.trim());
  return tag
    ? `${localeName(tag)}: dates and numbers as ${new Date(Date.UTC(2026, 11, 31)).toLocaleDateString(tag, { timeZone: 'UTC' })} and ${(1234.5).toLocaleString(tag, { minimumFractionDigits: 2 })}.`
    : 'Language and region, e.g. en-ZA for English (South Africa); choose from the list or type another.';
}

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
      locale: account?.locale ?? 'en-ZA',
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
      <TextField
        label="Time zone"
        required
        helper="Where the account works, e.g. Africa/Johannesburg or America/Chicago."
        {...form.text('timeZone')}
      />
      <TextField
        label="Currency"
        required
        helper="Three-letter code, e.g. ZAR, USD or EUR."
        {...form.text('currency')}
      />
      <SelectField
        label="Units"
        required
        options={enumOptions(UNIT_SYSTEMS, UNIT_SYSTEM_LABELS)}
        {...form.text('units')}
      />
      <TextField
        label="Language and region"
        required
        list="account-locales"
        autoComplete="off"
        helper={localeHelper(String(form.get('locale') ?? ''))}
        {...form.text('locale')}
      />
      <datalist id="account-locales">
        {COMMON_LOCALES.map((l) => (
          <option key={l} value={l} label={localeName(l)}>
            {localeName(l)}
          </option>
        ))}
      </datalist>
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
