import { Button, Flex } from '@chakra-ui/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { TextField } from '@/app/ui/Fields';
import { FormMessage } from '@/app/ui/FormMessage';
import { CommercialSettings } from '@/contract/commercial';
import { ApiError } from '@/lib/api';
import { useSubmit } from '@/lib/form';
import { notify } from '@/lib/notify';
import { quotes } from './clients';

const KEY = ['commercial', 'settings'];

/**
 * The account's follow-up days (ADR 049): a sent quotation unanswered this long shows "Due for follow-up"
 * and its owner gets one reminder e-mail.
 */
export function FollowUpSetting({ canWrite }: { canWrite: boolean }) {
  const settings = useQuery({ queryKey: KEY, queryFn: ({ signal }) => quotes.settings(signal) });
  if (!settings.data) return null;
  // Keyed by the saved value: a save elsewhere starts the field afresh.
  return <FollowUpForm key={settings.data.followUpDays} saved={settings.data.followUpDays} canWrite={canWrite} />;
}

function FollowUpForm({ saved, canWrite }: { saved: number; canWrite: boolean }) {
  const qc = useQueryClient();
  const [days, setDays] = useState(String(saved));
  const [error, setError] = useState<string | undefined>();
  const save = useSubmit({
    check: () => {
      const r = CommercialSettings.safeParse({ followUpDays: Number(days.trim() || NaN) });
      setError(r.success ? undefined : r.error.issues[0]?.message);
      return r.success;
    },
    run: async () => {
      const out = await quotes.saveSettings({ followUpDays: Number(days) });
      notify({ tone: 'success', message: `Quotations are due for follow-up ${out.followUpDays} days after sending.` });
      await qc.invalidateQueries();
    },
    fieldErrors: (f) => setError(f.followUpDays?.[0]),
    failure: (e) => (e instanceof ApiError && e.fieldErrors.followUpDays ? null : { tone: 'danger', text: String(e) }),
  });
  return (
    <form onSubmit={(e) => void save.submit(e)} aria-label="Follow-up reminders">
      <Flex gap="3" align="end" wrap="wrap">
        <TextField
          label="Follow up after (days)"
          inputMode="numeric"
          value={days}
          onChange={setDays}
          error={error}
          disabled={!canWrite}
          helper="A sent quotation without an answer this long is due for follow-up; its owner is e-mailed once."
          maxW="sm"
        />
        {canWrite && (
          <Button type="submit" size="sm" variant="outline" loading={save.busy}>
            Save
          </Button>
        )}
      </Flex>
      <FormMessage message={save.message} />
    </form>
  );
}
