import { SimpleGrid, Text } from '@chakra-ui/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { FormLoadState, FormShell } from '@/app/ui/form/FormShell';
import { SelectField } from '@/app/ui/form/fields';
import { useResourceForm } from '@/app/ui/form/useResourceForm';
import { NOTIFY_LABELS, NOTIFY_MODES, Subscriptions, type SubscriptionsView } from '@/contract/exception-rules';
import { EXCEPTION_CODES, EXCEPTION_LABELS } from '@/contract/exceptions';
import { RULES_KEYS, rulesApi } from './client';

const TITLE = 'My exception e-mails';
const MODES = NOTIFY_MODES.map((m) => ({ value: m, label: NOTIFY_LABELS[m] }));
const CODES = [...EXCEPTION_CODES].sort((a, b) => EXCEPTION_LABELS[a].localeCompare(EXCEPTION_LABELS[b]));
type Draft = Record<string, string>;

/** `/Exceptions` → My e-mails: per exception type, no e-mail, immediately, or in the daily digest. */
export function SubscriptionsForm({ onClose }: { onClose: (saved?: boolean) => void }) {
  const { data, error, refetch } = useQuery({
    queryKey: RULES_KEYS.subscriptions,
    queryFn: ({ signal }) => rulesApi.subscriptions(signal),
  });
  if (!data) return <FormLoadState title={TITLE} error={error?.message} onRetry={() => void refetch()} />;
  return <Loaded view={data} onClose={onClose} />;
}

function Loaded({ view, onClose }: { view: SubscriptionsView; onClose: (saved?: boolean) => void }) {
  const chosen = new Map(view.items.map((i) => [i.code, i.mode]));
  const qc = useQueryClient();
  const form = useResourceForm<Draft, SubscriptionsView>({
    initial: Object.fromEntries(CODES.map((c) => [c, chosen.get(c) ?? 'off'])),
    toBody: (d) => ({ items: CODES.map((code) => ({ code, mode: d[code] })).filter((i) => i.mode !== 'off') }),
    schema: Subscriptions,
    save: (body) => rulesApi.subscribe(body),
    onSaved: (saved) => {
      // The panel opens again with what was saved, not the cached answer from before.
      qc.setQueryData(RULES_KEYS.subscriptions, saved);
      onClose(true);
    },
    savedMessage: (v) =>
      v.items.length
        ? `E-mail choices saved (${v.items.length} type${v.items.length === 1 ? '' : 's'}).`
        : 'E-mail choices saved: no e-mails.',
  });
  return (
    <FormShell form={form} title={TITLE} onClose={() => onClose()}>
      <Text>
        E-mails go to {view.email || 'your address'}. “Immediately” sends a mail within a minute of an exception being
        raised; “Daily digest” lists the previous day’s new exceptions at {view.digestAt} ({view.timeZone}).
      </Text>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
        {CODES.map((code) => (
          <SelectField key={code} label={EXCEPTION_LABELS[code]} options={MODES} {...form.text(code)} />
        ))}
      </SimpleGrid>
    </FormShell>
  );
}
