import { FormShell } from '@/app/ui/form/FormShell';
import { TextareaField } from '@/app/ui/form/fields';
import { useResourceForm } from '@/app/ui/form/useResourceForm';
import { TextField } from '@/app/ui/Fields';
import { refreshAll } from '@/app/ui/list/useList';
import { HomeMessageFields, type HomeMessage } from '@/contract/home-messages';
import { AccountSelect, ALL_ACCOUNTS } from './AccountSelect';
import { homeMessagesApi } from './client';

/** `/messageAccount`: a message for one account or all, shown on the home screen between two days. */
export function HomeMessageForm({ message, close }: { message?: HomeMessage; close: () => void }) {
  const today = new Date().toISOString().slice(0, 10);
  const form = useResourceForm({
    initial: {
      accountId: message?.accountId ? String(message.accountId) : ALL_ACCOUNTS,
      message: message?.message ?? '',
      startsOn: message?.startsOn ?? today,
      endsOn: message ? (message.endsOn ?? '') : today,
    },
    // A cleared box names no account: the schema says so on the field. An empty "To" is no end day.
    toBody: (v) => ({
      ...v,
      accountId: v.accountId === ALL_ACCOUNTS ? null : v.accountId ? Number(v.accountId) : undefined,
      endsOn: v.endsOn || null,
    }),
    schema: HomeMessageFields,
    save: (body) => homeMessagesApi.save(message?.id ?? null, body as HomeMessageFields),
    onSaved: () => {
      void refreshAll();
      close();
    },
    savedMessage: (m) => `Message for ${m.accountName} saved.`,
  });
  return (
    <FormShell form={form} title={message ? 'Edit message' : 'New message'} onClose={close}>
      <AccountSelect all selectedLabel={message ? message.accountName : 'All accounts'} {...form.text('accountId')} />
      <TextareaField label="Message" required rows={3} {...form.text('message')} />
      <TextField label="From" type="date" required {...form.text('startsOn')} />
      <TextField
        label="To"
        type="date"
        helper="Shown on both days and every day between. Leave empty to show it until it is changed or deleted."
        {...form.text('endsOn')}
      />
    </FormShell>
  );
}
