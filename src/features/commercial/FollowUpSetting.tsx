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
type Field = keyof CommercialSettings;
type Days = Exclude<Field, 'paymentTerms'>;
const FIELDS: { field: Days; label: string }[] = [
  { field: 'followUpDays', label: 'Remind after (days)' },
  { field: 'followUpEveryDays', label: 'Then every (days)' },
  { field: 'followUpMax', label: 'At most (reminders)' },
];

/**
 * The account's reminder sequence (ADR 049, 059): a sent quotation unanswered this long is "Due for
 * follow-up" and its owner is e-mailed, then again every N days, at most K times. And the payment terms a
 * new quotation takes when its own are left blank (ADR 080).
 */
export function FollowUpSetting({ canWrite }: { canWrite: boolean }) {
  const settings = useQuery({ queryKey: KEY, queryFn: ({ signal }) => quotes.settings(signal) });
  if (!settings.data) return null;
  // Keyed by the saved values: a save elsewhere starts the fields afresh.
  return <FollowUpForm key={JSON.stringify(settings.data)} saved={settings.data} canWrite={canWrite} />;
}

function FollowUpForm({ saved, canWrite }: { saved: CommercialSettings; canWrite: boolean }) {
  const qc = useQueryClient();
  const [values, setValues] = useState<Record<Field, string>>({
    followUpDays: String(saved.followUpDays),
    followUpEveryDays: String(saved.followUpEveryDays),
    followUpMax: String(saved.followUpMax),
    paymentTerms: saved.paymentTerms,
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const body = (): CommercialSettings => ({
    ...(Object.fromEntries(FIELDS.map(({ field }) => [field, Number(values[field].trim() || NaN)])) as Record<
      Days,
      number
    >),
    paymentTerms: values.paymentTerms,
  });
  const save = useSubmit({
    check: () => {
      const r = CommercialSettings.safeParse(body());
      const out: Partial<Record<Field, string>> = {};
      if (!r.success) for (const i of r.error.issues) out[i.path[0] as Field] ??= i.message;
      setErrors(out);
      return r.success;
    },
    run: async () => {
      const out = await quotes.saveSettings(body());
      notify({
        tone: 'success',
        message:
          `Owners are reminded ${out.followUpDays} days after sending, then every ${out.followUpEveryDays} days,` +
          ` at most ${out.followUpMax} times.`,
      });
      await qc.invalidateQueries();
    },
    fieldErrors: (f) =>
      setErrors(Object.fromEntries([...FIELDS.map(({ field }) => field), 'paymentTerms'].map((k) => [k, f[k]?.[0]]))),
    failure: (e) =>
      e instanceof ApiError && Object.keys(e.fieldErrors).length ? null : { tone: 'danger', text: String(e) },
  });
  return (
    <form onSubmit={(e) => void save.submit(e)} aria-label="Quotation settings">
      <Flex gap="3" align="end" wrap="wrap">
        {FIELDS.map(({ field, label }) => (
          <TextField
            key={field}
            label={label}
            inputMode="numeric"
            value={values[field]}
            onChange={(v) => setValues((x) => ({ ...x, [field]: v }))}
            error={errors[field]}
            disabled={!canWrite}
            maxW="44"
          />
        ))}
        <TextField
          label="Payment terms"
          helper="Printed on quotations that leave theirs blank, e.g. 30 days from invoice"
          value={values.paymentTerms}
          onChange={(v) => setValues((x) => ({ ...x, paymentTerms: v }))}
          error={errors.paymentTerms}
          disabled={!canWrite}
          maxW="80"
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
