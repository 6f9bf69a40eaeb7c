import { Button, Flex, SimpleGrid, Text } from '@chakra-ui/react';
import { SelectField } from '@/app/ui/form/fields';
import { useState } from 'react';
import { LuEye, LuPlay } from 'react-icons/lu';
import { FormMessage, type FormMessageValue } from '@/app/ui/FormMessage';
import {
  IMPORT_TARGET_INFO,
  isRecordTarget,
  type ImportJob,
  type ImportMapping,
  type ImportPreview,
} from '@/contract/imports';
import { ApiError } from '@/lib/api';
import { importsApi } from './client';
import { fileSize } from './labels';
import { PreviewTable } from './PreviewTable';
import { Section } from '@/app/ui/Section';

interface Props {
  job: ImportJob;
  onStarted: (job: ImportJob) => void;
  onCancel: () => void;
}

/** Steps 2 and 3: which column fills which field, then a preview of the first rows, then Run. */
export function MappingStep({ job, onStarted, onCancel }: Props) {
  const info = IMPORT_TARGET_INFO[job.target];
  const [mapping, setMapping] = useState<ImportMapping>(() => ({ ...job.mapping }));
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [busy, setBusy] = useState<'preview' | 'run' | null>(null);
  const [message, setMessage] = useState<FormMessageValue | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string[]>>({});

  const change = (field: string, column: string) => {
    setMapping((m) => ({ ...m, [field]: column || null }));
    setPreview(null);
  };

  const act = async (what: 'preview' | 'run') => {
    setBusy(what);
    setMessage(null);
    setFieldErrors({});
    try {
      if (what === 'preview') setPreview(await importsApi.preview(job.id, mapping));
      else onStarted(await importsApi.run(job.id, mapping));
    } catch (e) {
      setMessage({ tone: 'danger', text: e instanceof Error ? e.message : String(e) });
      if (e instanceof ApiError) setFieldErrors(e.fieldErrors);
    } finally {
      setBusy(null);
    }
  };

  return (
    <Section
      title={`Import ${info.label.toLowerCase()} from ${job.fileName}`}
      action={
        <Button size="sm" variant="ghost" onClick={onCancel}>
          Choose another file
        </Button>
      }
    >
      <Text fontSize="sm" color="fg.muted">
        {job.format.toUpperCase()}, {fileSize(job.fileSize)}, {job.columns.length} columns. Choose the column that fills
        each field.{' '}
        {isRecordTarget(job.target)
          ? 'History records are only added: a record imported before (same external reference, else the same row) ' +
            'is left unchanged, and a changed row under a known reference is refused.'
          : `Existing records are found by ${info.key} and updated; fields without a column keep their current value.`}
      </Text>
      <SimpleGrid as="fieldset" columns={{ base: 1, md: 2, xl: 3 }} gap="4" aria-label="Column mapping">
        {info.fields.map((f) => (
          <SelectField
            key={f.name}
            label={f.label}
            required={f.required}
            helper={f.hint}
            value={mapping[f.name] ?? ''}
            onChange={(v) => change(f.name, v)}
            placeholder="— not imported —"
            error={fieldErrors[`mapping.${f.name}`]?.[0]}
            options={job.columns.map((c) => ({ value: c, label: c }))}
          />
        ))}
      </SimpleGrid>
      <FormMessage message={message} />
      <Flex gap="3" wrap="wrap">
        <Button variant="outline" onClick={() => void act('preview')} loading={busy === 'preview'} disabled={!!busy}>
          <LuEye aria-hidden /> Preview
        </Button>
        <Button
          onClick={() => void act('run')}
          loading={busy === 'run'}
          loadingText="Starting"
          disabled={!!busy || !preview}
        >
          <LuPlay aria-hidden /> Run import
        </Button>
        {!preview && (
          <Text alignSelf="center" fontSize="sm" color="fg.muted">
            Preview first to check the mapping.
          </Text>
        )}
      </Flex>
      {preview && <PreviewTable rows={preview.rows} />}
    </Section>
  );
}
