import { Button, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { LuUpload } from 'react-icons/lu';
import { useRoles } from '@/app/access';
import { FormMessage, type FormMessageValue } from '@/app/ui/FormMessage';
import { FileField, SelectField, SPREADSHEET_ACCEPT } from '@/app/ui/form/fields';
import { satisfies } from '@/contract/access';
import {
  IMPORT_MAX_BYTES,
  IMPORT_TARGETS,
  IMPORT_TARGET_GROUPS,
  IMPORT_TARGET_INFO,
  type ImportJob,
  type ImportTarget,
} from '@/contract/imports';
import { importsApi } from './client';
import { Section } from '@/app/ui/Section';

/** Step 1: what to import and the file. Only targets the user may write are offered. */
export function UploadCard({ onUploaded }: { onUploaded: (job: ImportJob) => void }) {
  const roles = useRoles();
  const allowed = IMPORT_TARGETS.filter((t) => satisfies(roles, IMPORT_TARGET_INFO[t].rule));
  const options = IMPORT_TARGET_GROUPS.flatMap((g) =>
    g.targets
      .filter((t) => allowed.includes(t))
      .map((t) => ({ value: t, label: IMPORT_TARGET_INFO[t].label, group: g.label })),
  );
  const [target, setTarget] = useState<ImportTarget | ''>(allowed.length === 1 ? allowed[0] : '');
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<FormMessageValue | null>(null);

  const submit = async () => {
    if (!target || !file) return setMessage({ tone: 'warning', text: 'Choose what to import and a file.' });
    if (file.size > IMPORT_MAX_BYTES)
      return setMessage({ tone: 'danger', text: `The file is larger than ${IMPORT_MAX_BYTES / 1024 / 1024} MB.` });
    setBusy(true);
    setMessage(null);
    try {
      onUploaded(await importsApi.upload(target, file));
    } catch (e) {
      setMessage({ tone: 'danger', text: e instanceof Error ? e.message : String(e) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Section title="New import">
      <Text color="fg.muted" fontSize="sm">
        A CSV or XLSX file with a header row (first worksheet). Records are matched on their code, fleet no. or number:
        existing ones are updated, new ones created, so the same file can be imported again safely. History records
        (dispenses, receipts, tank readings) are only added, each once: a time without an offset is the store’s local
        time.
      </Text>
      <Stack direction={{ base: 'column', md: 'row' }} gap="4" align={{ md: 'end' }}>
        <SelectField
          label="What to import"
          value={target}
          onChange={(v) => setTarget(v as ImportTarget)}
          placeholder="Choose…"
          options={options}
        />
        <FileField label="File (CSV or XLSX)" accept={SPREADSHEET_ACCEPT} onChange={setFile} />
        <Button onClick={() => void submit()} loading={busy} loadingText="Uploading" flexShrink={0}>
          <LuUpload aria-hidden /> Upload
        </Button>
      </Stack>
      <FormMessage message={message} />
    </Section>
  );
}
