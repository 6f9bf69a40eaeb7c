import { Button, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { LuDownload } from 'react-icons/lu';
import { FormMessage, type FormMessageValue } from '@/app/ui/FormMessage';
import { SelectField } from '@/app/ui/form/fields';
import { TextField } from '@/app/ui/Fields';
import { Section } from '@/app/ui/Section';
import { addDays, localDate } from '@/contract/calendar';
import { TrainingQuery, type TrainingKind } from '@/contract/ml';
import { saveFile } from '@/lib/resource';
import { mlApi } from './client';

const KIND_OPTIONS = [
  { value: 'equipment', label: 'Equipment-days' },
  { value: 'tank', label: 'Tank-days' },
];

/** This account's labelled training set for a period, as CSV. */
export function TrainingCard() {
  const today = localDate(new Date());
  const [kind, setKind] = useState<TrainingKind>('equipment');
  const [from, setFrom] = useState(addDays(today, -90));
  const [to, setTo] = useState(addDays(today, -1));
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<FormMessageValue | null>(null);

  const download = async () => {
    const q = TrainingQuery.safeParse({ kind, from, to });
    if (!q.success) return setMessage({ tone: 'warning', text: q.error.issues[0].message });
    setBusy(true);
    setMessage(null);
    try {
      saveFile(await mlApi.training(kind, from, to));
    } catch (e) {
      setMessage({ tone: 'danger', text: e instanceof Error ? e.message : String(e) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Section title="Training set">
      <Text color="fg.muted" fontSize="sm">
        Per equipment-day or tank-day of this account: the day’s figures and the outcome of its exceptions (genuine,
        false alarm, unresolved or none).
      </Text>
      <Stack direction={{ base: 'column', md: 'row' }} gap="4" align={{ md: 'end' }}>
        <SelectField label="Rows" value={kind} onChange={(v) => setKind(v as TrainingKind)} options={KIND_OPTIONS} />
        <TextField label="From" type="date" value={from} onChange={setFrom} />
        <TextField label="To" type="date" value={to} onChange={setTo} />
        <Button onClick={() => void download()} loading={busy} loadingText="Preparing" flexShrink={0}>
          <LuDownload aria-hidden /> Download CSV
        </Button>
      </Stack>
      <FormMessage message={message} />
    </Section>
  );
}
