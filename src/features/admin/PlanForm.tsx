import { SimpleGrid, Text } from '@chakra-ui/react';
import { FormShell } from '@/app/ui/form/FormShell';
import { CheckboxGroupField, SelectField } from '@/app/ui/form/fields';
import { useResourceForm } from '@/app/ui/form/useResourceForm';
import { TextField } from '@/app/ui/Fields';
import {
  ACCOUNT_MODULES,
  LIMIT_KEYS,
  LIMIT_LABELS,
  PERIOD_LABELS,
  PLAN_PERIODS,
  PlanFields,
  type LimitKey,
  type Plan,
} from '@/contract/subscriptions';
import { enumOptions } from '@/lib/reference/labels';
import { subscriptionsApi } from './client';

/** A limit typed as text: empty = no limit; anything else must be a whole number (the schema says so). */
const toLimit = (s: string) => (s.trim() === '' ? null : Number(s));

/** `/Subscription` (ThebigBoss): a plan's modules, limits (empty = no limit), period and price. */
export function PlanForm({ plan, close, onSaved }: { plan?: Plan; close: () => void; onSaved: () => void }) {
  const form = useResourceForm({
    initial: {
      name: plan?.name ?? '',
      modules: (plan?.modules ?? ['FAMS']) as string[],
      period: plan?.period ?? 'month',
      price: String(plan?.price ?? ''),
      currency: plan?.currency ?? 'EUR',
      limits: Object.fromEntries(LIMIT_KEYS.map((k) => [k, String(plan?.limits[k] ?? '')])) as Record<LimitKey, string>,
    },
    toBody: (v) => ({
      ...v,
      price: v.price.trim() === '' ? NaN : Number(v.price),
      limits: Object.fromEntries(LIMIT_KEYS.map((k) => [k, toLimit(v.limits[k])])),
    }),
    schema: PlanFields,
    save: (body) => subscriptionsApi.savePlan(plan?.id ?? null, body as PlanFields),
    onSaved: () => {
      onSaved();
      close();
    },
    savedMessage: (p) => `Plan ${p.name} saved.`,
  });
  return (
    <FormShell form={form} title={plan ? `Plan ${plan.name}` : 'New plan'} onClose={close}>
      <TextField label="Name" required {...form.text('name')} />
      <CheckboxGroupField
        legend="Modules"
        options={enumOptions(ACCOUNT_MODULES)}
        value={form.get('modules') as string[]}
        onChange={(v) => form.set('modules', v)}
        error={form.error('modules')}
      />
      <SimpleGrid columns={{ base: 1, sm: 3 }} gap="3">
        <SelectField
          label="Period"
          required
          options={enumOptions(PLAN_PERIODS, PERIOD_LABELS)}
          {...form.text('period')}
        />
        <TextField label="Price" inputMode="decimal" required {...form.text('price')} />
        <TextField label="Currency" required {...form.text('currency')} />
      </SimpleGrid>
      <Text fontWeight="semibold">Limits</Text>
      <Text fontSize="sm">Leave a limit empty for no limit. Field devices are reported, never refused.</Text>
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3">
        {LIMIT_KEYS.map((k) => (
          <TextField key={k} label={LIMIT_LABELS[k]} inputMode="numeric" {...form.text(`limits.${k}`)} />
        ))}
      </SimpleGrid>
    </FormShell>
  );
}
