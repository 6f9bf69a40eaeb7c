import { Text } from '@chakra-ui/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { FormLoadState, FormShell } from '@/app/ui/form/FormShell';
import { CheckboxGroupField, SelectField } from '@/app/ui/form/fields';
import { useResourceForm } from '@/app/ui/form/useResourceForm';
import { DailyReportSubscription, type DailyReportSubscriptionView } from '@/contract/daily-report';
import { storeOptions } from '@/lib/reference/labels';
import { useReference } from '@/lib/reference/query';
import { DAILY_REPORT_KEYS, dailyReportClient } from './client';

const TITLE = 'My morning e-mail';
const MODES = [
  { value: 'off', label: 'No e-mail' },
  { value: 'all', label: 'Every store' },
  { value: 'stores', label: 'Chosen stores' },
];
type Draft = { mode: string; storeIds: string[] };

/** `/DailyReportofCall` → My morning e-mail: yesterday's report every morning, for all or chosen stores. */
export function MailForm({ onClose }: { onClose: () => void }) {
  const { data, error, refetch } = useQuery({
    queryKey: DAILY_REPORT_KEYS.subscription,
    queryFn: ({ signal }) => dailyReportClient.subscription(signal),
  });
  if (!data) return <FormLoadState title={TITLE} error={error?.message} onRetry={() => void refetch()} />;
  return <Loaded view={data} onClose={onClose} />;
}

function Loaded({ view, onClose }: { view: DailyReportSubscriptionView; onClose: () => void }) {
  const qc = useQueryClient();
  const { data: ref } = useReference();
  const form = useResourceForm<Draft, DailyReportSubscriptionView>({
    initial: { mode: view.mode, storeIds: view.storeIds },
    toBody: (d) => ({ mode: d.mode, storeIds: d.mode === 'stores' ? d.storeIds : [] }),
    schema: DailyReportSubscription,
    save: (body) => dailyReportClient.subscribe(body),
    onSaved: (saved) => {
      qc.setQueryData(DAILY_REPORT_KEYS.subscription, saved);
      onClose();
    },
    savedMessage: (v) =>
      v.mode === 'off'
        ? 'Morning e-mail turned off.'
        : `Morning e-mail saved: ${v.mode === 'all' ? 'every store' : `${v.storeIds.length} store${v.storeIds.length === 1 ? '' : 's'}`}.`,
  });
  const storeIds = form.get('storeIds') as string[];
  return (
    <FormShell form={form} title={TITLE} onClose={onClose}>
      <Text>
        Each morning at {view.sendAt} ({view.timeZone}) the previous day&apos;s report goes to{' '}
        {view.email || 'your address'}.
      </Text>
      <SelectField label="Send the report" options={MODES} {...form.text('mode')} />
      {form.get('mode') === 'stores' && (
        <CheckboxGroupField
          legend="Stores"
          options={storeOptions(ref)}
          value={storeIds}
          onChange={(ids) => form.set('storeIds', ids)}
          error={form.error('storeIds')}
          columns={{ base: 1, sm: 2 }}
        />
      )}
    </FormShell>
  );
}
