import { SimpleGrid } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { PasswordField, TextField } from '@/app/ui/Fields';
import { FormShell } from '@/app/ui/form/FormShell';
import { CheckboxGroupField, SelectField, SwitchField } from '@/app/ui/form/fields';
import { recordTitle, type RecordFormProps } from '@/app/ui/form/useRecordForm';
import { useResourceForm } from '@/app/ui/form/useResourceForm';
import { refreshAll } from '@/app/ui/list/useList';
import { DATASET_IDS } from '@/contract/datasets';
import {
  DATASET_LABELS,
  DROP_FREQUENCIES,
  DROP_FREQUENCY_LABELS,
  INTEGRATION_TYPE_LABELS,
  IntegrationCreate,
  IntegrationUpdate,
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENTS,
  type Integration,
} from '@/contract/integrations';
import { enumOptions } from '@/lib/reference/labels';
import { feedKeys, integrations, offeredTypes } from './integrations.client';

const draft = (i: Integration | null) => ({
  type: i?.type ?? 'webhook',
  name: i?.name ?? '',
  url: i?.url ?? '',
  events: i?.events ?? ['dispense.recorded'],
  secret: '',
  enabled: i?.enabled ?? true,
  datasets: i?.datasets ?? ['dispenses'],
  frequency: i?.frequency ?? 'daily',
  atTime: i?.atTime ?? '06:00',
  folder: i?.folder ?? '',
  feedKeyId: i?.feedKeyId ?? '',
  version: i?.version,
});
type Draft = ReturnType<typeof draft>;

// The secret is write-only: left empty, the current one is kept (the row only says `hasSecret`).
// Each type sends its own settings only.
const toBody = ({ version, secret, url, datasets, frequency, atTime, folder, feedKeyId, ...d }: Draft) => ({
  ...d,
  url: url || null,
  ...(d.type === 'csv_drop'
    ? { datasets, frequency, atTime: frequency === 'daily' ? atTime : null, folder: folder || null }
    : {}),
  ...(d.type === 'bi_feed' ? { feedKeyId: feedKeyId || null } : {}),
  ...(secret ? { secret } : {}),
  ...(version ? { version } : {}),
});

/**
 * An integration of the account on `/Integration` (the one form pattern): a webhook's address,
 * events and signing secret; a CSV drop's datasets, schedule and folder; a BI feed's key. Only the
 * types offered to the account (`/IntegrationSetup`) are listed.
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
  const drop = form.values.type === 'csv_drop';
  const feed = form.values.type === 'bi_feed';
  const keys = useQuery({ queryKey: ['bi-feed-keys'], queryFn: ({ signal }) => feedKeys(signal), enabled: feed });
  const keyOptions = (keys.data?.keys ?? [])
    .filter((k) => !k.revokedAt || k.id === form.values.feedKeyId)
    .map((k) => ({ value: k.id, label: `${k.name} (…${k.keyHint})` }));
  return (
    <FormShell form={form} title={recordTitle('integration', row, (i) => i.name)} onClose={() => close()}>
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <SelectField label="Type" options={enumOptions(types, INTEGRATION_TYPE_LABELS)} {...form.text('type')} />
        <TextField label="Name" {...form.text('name')} />
      </SimpleGrid>
      {drop && (
        <>
          <CheckboxGroupField
            legend="Datasets"
            options={enumOptions(DATASET_IDS, DATASET_LABELS)}
            value={form.values.datasets}
            onChange={(v) => {
              form.set('datasets', v as Draft['datasets']);
              form.touch('datasets');
            }}
            error={form.error('datasets')}
            columns={{ base: 1, sm: 3 }}
          />
          <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
            <SelectField
              label="Schedule"
              options={enumOptions(DROP_FREQUENCIES, DROP_FREQUENCY_LABELS)}
              {...form.text('frequency')}
            />
            {form.values.frequency === 'daily' && (
              <TextField label="At (account time)" placeholder="06:00" {...form.text('atTime')} />
            )}
          </SimpleGrid>
          <TextField
            label="Folder"
            placeholder="exports/fams"
            helper="Inside the account’s file store: files go to drops/<folder>/<dataset>-<time>.csv"
            {...form.text('folder')}
          />
        </>
      )}
      {feed && (
        <SelectField
          label="Feed key"
          placeholder="Choose a key"
          helper="Keys are made on /PBAnalytics; the integration shows when its key was last used"
          options={keyOptions}
          {...form.text('feedKeyId')}
        />
      )}
      {!drop && !feed && (
        <TextField
          label="Address"
          placeholder="https://erp.example.com/fams/events"
          helper={webhook ? 'Events are POSTed here as signed JSON' : 'The target, if the type needs one'}
          {...form.text('url')}
        />
      )}
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
      {!drop && !feed && (
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
      )}
      <SwitchField label="Enabled" {...form.flag('enabled')} />
    </FormShell>
  );
}
