import { SimpleGrid } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { PasswordField, TextField } from '@/app/ui/Fields';
import { FormShell } from '@/app/ui/form/FormShell';
import { CheckboxGroupField, SelectField, SwitchField } from '@/app/ui/form/fields';
import { recordTitle, type RecordFormProps } from '@/app/ui/form/useRecordForm';
import { useResourceForm } from '@/app/ui/form/useResourceForm';
import { refreshAll } from '@/app/ui/list/useList';
import {
  INTEGRATION_TYPE_LABELS,
  IntegrationCreate,
  IntegrationUpdate,
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENTS,
  type Integration,
} from '@/contract/integrations';
import { enumOptions } from '@/lib/reference/labels';
import { integrations, offeredTypes } from './integrations.client';

const draft = (i: Integration | null) => ({
  type: i?.type ?? 'webhook',
  name: i?.name ?? '',
  url: i?.url ?? '',
  events: i?.events ?? ['dispense.recorded'],
  secret: '',
  enabled: i?.enabled ?? true,
  version: i?.version,
});
type Draft = ReturnType<typeof draft>;

// The secret is write-only: left empty, the current one is kept (the row only says `hasSecret`).
const toBody = ({ version, secret, url, ...d }: Draft) => ({
  ...d,
  url: url || null,
  ...(secret ? { secret } : {}),
  ...(version ? { version } : {}),
});

/**
 * An integration of the account on `/Integration` (the one form pattern): a webhook's address,
 * events and signing secret. Only the types offered to the account (`/IntegrationSetup`) are listed.
 */
export function IntegrationForm({ row, close }: RecordFormProps<Integration>) {
  const offered = useQuery({
    queryKey: ['integration-types', 'offered'],
    queryFn: ({ signal }) => offeredTypes(signal),
  });
  const form = useResourceForm<Draft, Integration>({
    initial: draft(row),
    fromRow: draft,
    toBody,
    schema: row ? IntegrationUpdate : IntegrationCreate,
    save: (body) => (row ? integrations.update(row.id, body) : integrations.create(body)),
    onSaved: () => {
      void refreshAll();
      close(true);
    },
    savedMessage: (r) => `Integration ${r.name} saved.`,
  });
  const types = [...new Set([...(offered.data?.types ?? []), ...(row ? [row.type] : [])])];
  const webhook = form.values.type === 'webhook';
  return (
    <FormShell form={form} title={recordTitle('integration', row, (i) => i.name)} onClose={() => close()}>
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <SelectField label="Type" options={enumOptions(types, INTEGRATION_TYPE_LABELS)} {...form.text('type')} />
        <TextField label="Name" {...form.text('name')} />
      </SimpleGrid>
      <TextField
        label="Address"
        placeholder="https://erp.example.com/fams/events"
        helper={webhook ? 'Events are POSTed here as signed JSON' : 'The target, if the type needs one'}
        {...form.text('url')}
      />
      {webhook && (
        <CheckboxGroupField
          legend="Events"
          options={enumOptions(WEBHOOK_EVENTS, WEBHOOK_EVENT_LABELS)}
          value={form.values.events}
          onChange={(v) => {
            form.set('events', v);
            form.touch('events');
          }}
          error={form.error('events')}
          columns={{ base: 1, sm: 2 }}
        />
      )}
      <PasswordField
        label="Signing secret"
        autoComplete="new-password"
        helper={
          row?.hasSecret
            ? 'A secret is set and kept sealed; leave empty to keep it, or type a new one'
            : 'At least 16 characters; receivers check X-FAMS-Signature with it (docs/webhooks.md)'
        }
        {...form.text('secret')}
      />
      <SwitchField label="Enabled" {...form.flag('enabled')} />
    </FormShell>
  );
}
