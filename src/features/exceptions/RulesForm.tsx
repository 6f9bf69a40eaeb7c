import { Heading, SimpleGrid, Text } from '@chakra-ui/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { FormLoadState, FormShell } from '@/app/ui/form/FormShell';
import { useResourceForm } from '@/app/ui/form/useResourceForm';
import { TextField } from '@/app/ui/Fields';
import { formatDateTime } from '@/app/ui/list/columns';
import { ExceptionRules, type ExceptionRulesView } from '@/contract/exception-rules';
import { RULES_KEYS, rulesApi } from './client';

const TITLE = 'Exception rules';
type Key = keyof ExceptionRules;
type Draft = Record<Key, string>;

/** The numeric rules, in the order the page shows them, with their unit. */
const NUMBERS: { key: Exclude<Key, 'workingFrom' | 'workingTo'>; label: string; unit: string; help: string }[] = [
  {
    key: 'capacityOvershootPct',
    label: 'Capacity overshoot (%)',
    unit: '%',
    help: 'A fill over the equipment’s tank capacity by more than this raises “More than the equipment holds”.',
  },
  {
    key: 'outlierZ',
    label: 'Consumption outlier sensitivity (z-score)',
    unit: '',
    help: 'Lower flags more fills: the robust z-score a fill’s L/100 km or L/h must exceed.',
  },
  {
    key: 'outlierMinExcessPct',
    label: 'Consumption outlier minimum excess (%)',
    unit: '%',
    help: 'And the fill must be at least this much over the vehicle’s usual consumption.',
  },
  {
    key: 'staleGaugeHours',
    label: 'Stale gauge after (hours)',
    unit: 'h',
    help: 'A gauged tank without a reading for this long raises “Gauge silent” (or 3 poll intervals if longer).',
  },
  {
    key: 'varianceThroughputPct',
    label: 'Reconciliation: share of throughput (%)',
    unit: '%',
    help: 'A month’s stock variance is flagged when over this share of the litres dispensed…',
  },
  {
    key: 'varianceFixedLitres',
    label: 'Reconciliation: fixed allowance (L)',
    unit: 'L',
    help: '…plus these litres (130 US gal by default).',
  },
];

const toDraft = (r: ExceptionRules): Draft => ({
  ...(Object.fromEntries(NUMBERS.map((n) => [n.key, String(r[n.key])])) as Draft),
  workingFrom: r.workingFrom ?? '',
  workingTo: r.workingTo ?? '',
});
const toBody = (d: Draft) => ({
  ...Object.fromEntries(NUMBERS.map((n) => [n.key, d[n.key].trim() === '' ? Number.NaN : Number(d[n.key])])),
  workingFrom: d.workingFrom.trim() || null,
  workingTo: d.workingTo.trim() || null,
});
const shown = (v: number | string | null, unit = '') => (v === null ? 'none' : unit ? `${v} ${unit}` : String(v));

/** `/Exceptions` → Rules (admin): the account's thresholds, each beside the default the checks used before. */
export function RulesForm({ onClose }: { onClose: (saved?: boolean) => void }) {
  const { data, error, refetch } = useQuery({
    queryKey: RULES_KEYS.rules,
    queryFn: ({ signal }) => rulesApi.get(signal),
  });
  if (!data) return <FormLoadState title={TITLE} error={error?.message} onRetry={() => void refetch()} />;
  return <Loaded view={data} onClose={onClose} />;
}

function Loaded({ view, onClose }: { view: ExceptionRulesView; onClose: (saved?: boolean) => void }) {
  const qc = useQueryClient();
  const form = useResourceForm<Draft, ExceptionRulesView>({
    initial: toDraft(view.rules),
    toBody,
    schema: ExceptionRules,
    save: (body) => rulesApi.save(body),
    onSaved: (saved) => {
      // The panel opens again with what was saved, not the cached answer from before.
      qc.setQueryData(RULES_KEYS.rules, saved);
      onClose(true);
    },
    savedMessage: () => 'Exception rules saved. They apply to exceptions raised from now on.',
  });
  const d = view.defaults;
  return (
    <FormShell form={form} title={TITLE} onClose={() => onClose()}>
      <Text>
        These rules decide when this account’s exceptions are raised. A change applies to exceptions raised after it;
        those already raised stay as they are.
        {view.updatedAt
          ? ` Last changed ${formatDateTime(view.updatedAt)} by ${view.updatedBy ?? 'someone'}.`
          : ' The defaults apply.'}
      </Text>
      {NUMBERS.map((n) => (
        <TextField
          key={n.key}
          label={n.label}
          inputMode="decimal"
          helper={`${n.help} Default: ${shown(d[n.key], n.unit)}.`}
          {...form.text(n.key)}
        />
      ))}
      <Heading as="h3" size="sm">
        Working hours
      </Heading>
      <Text fontSize="sm" color="fg.muted">
        A dispense outside these hours (the store’s local time) raises “Outside working hours”. Leave both empty for no
        check (the default).
      </Text>
      <SimpleGrid columns={2} gap="3">
        <TextField label="Working from (HH:MM)" placeholder="06:00" {...form.text('workingFrom')} />
        <TextField label="Working to (HH:MM)" placeholder="18:00" {...form.text('workingTo')} />
      </SimpleGrid>
    </FormShell>
  );
}
