import { Stack } from '@chakra-ui/react';
import { SelectField } from '@/app/ui/form/fields';
import { useResourceForm } from '@/app/ui/form/useResourceForm';
import { FormShell } from '@/app/ui/form/FormShell';
import { TextField } from '@/app/ui/Fields';
import {
  AssignBody,
  renewalAfter,
  SUBSCRIPTION_STATUS_LABELS,
  SUBSCRIPTION_STATUSES,
  type Plan,
  type SubscriptionView,
} from '@/contract/subscriptions';
import { enumOptions } from '@/lib/reference/labels';
import { subscriptionsApi } from './client';

/** `/ManageSubscription`: assign or change an account's plan, status and dates; each change goes to the history. */
export function AssignForm({
  view,
  plans,
  close,
  onSaved,
}: {
  view: SubscriptionView;
  plans: Plan[];
  close: () => void;
  onSaved: () => void;
}) {
  const today = new Date().toISOString().slice(0, 10);
  const form = useResourceForm({
    initial: {
      planId: view.plan?.id ?? '',
      status: view.status ?? 'active',
      startsOn: view.startsOn ?? today,
      renewsOn: view.renewsOn ?? renewalAfter(today, 'month'),
      note: '',
    },
    toBody: (v) => v,
    schema: AssignBody,
    save: (body) => subscriptionsApi.assign(view.accountId, body as AssignBody),
    onSaved: () => {
      onSaved();
      close();
    },
    savedMessage: (v) => `${v.accountName} is on ${v.plan?.name ?? 'no plan'}.`,
  });
  const choosePlan = (id: string) => {
    form.set('planId', id);
    const plan = plans.find((p) => p.id === id);
    if (plan) form.set('renewsOn', renewalAfter(String(form.get('startsOn')), plan.period));
  };
  return (
    <FormShell form={form} title={`Subscription of ${view.accountName}`} onClose={close}>
      <Stack gap="3">
        <SelectField
          label="Plan"
          required
          placeholder="Choose a plan"
          options={plans.map((p) => ({ value: p.id, label: p.name }))}
          {...form.text('planId')}
          onChange={choosePlan}
        />
        <SelectField
          label="Status"
          required
          options={enumOptions(SUBSCRIPTION_STATUSES, SUBSCRIPTION_STATUS_LABELS)}
          {...form.text('status')}
        />
        <TextField label="Starts on" type="date" required {...form.text('startsOn')} />
        <TextField label="Renews on" type="date" required {...form.text('renewsOn')} />
        <TextField label="Note" {...form.text('note')} />
      </Stack>
    </FormShell>
  );
}
