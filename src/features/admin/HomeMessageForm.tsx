import { useQuery } from '@tanstack/react-query';
import { FormShell } from '@/app/ui/form/FormShell';
import { SelectField, TextareaField } from '@/app/ui/form/fields';
import { useResourceForm } from '@/app/ui/form/useResourceForm';
import { TextField } from '@/app/ui/Fields';
import { refreshAll } from '@/app/ui/list/useList';
import { HomeMessageFields, type HomeMessage } from '@/contract/home-messages';
import { adminClients, homeMessagesApi } from './client';

const ALL = 'all';

/** `/messageAccount`: a message for one account or all, shown on the home screen between two days. */
export function HomeMessageForm({ message, close }: { message?: HomeMessage; close: () => void }) {
  const accounts = useQuery({
    queryKey: ['admin', 'accounts', 'all'],
    queryFn: ({ signal }) => adminClients.accounts.list({ pageSize: 500, sort: 'name' }, signal),
  });
  const today = new Date().toISOString().slice(0, 10);
  const form = useResourceForm({
    initial: {
      accountId: message?.accountId ? String(message.accountId) : ALL,
      message: message?.message ?? '',
      startsOn: message?.startsOn ?? today,
      endsOn: message?.endsOn ?? today,
    },
    toBody: (v) => ({ ...v, accountId: v.accountId === ALL ? null : Number(v.accountId) }),
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
      <SelectField
        label="Account"
        required
        options={[
          { value: ALL, label: 'All accounts' },
          ...(accounts.data?.items ?? []).map((a) => ({ value: String(a.id), label: a.name })),
        ]}
        {...form.text('accountId')}
      />
      <TextareaField label="Message" required rows={3} {...form.text('message')} />
      <TextField label="From" type="date" required {...form.text('startsOn')} />
      <TextField
        label="To"
        type="date"
        required
        helper="Shown on both days and every day between."
        {...form.text('endsOn')}
      />
    </FormShell>
  );
}
