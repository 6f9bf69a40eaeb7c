import { Badge, Button, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { LuUpload } from 'react-icons/lu';
import { FormMessage, type FormMessageValue } from '@/app/ui/FormMessage';
import { TextField } from '@/app/ui/Fields';
import { FileField } from '@/app/ui/form/fields';
import type { ListColumn } from '@/app/ui/list/columns';
import { DataTable } from '@/app/ui/list/DataTable';
import { LoadError, Loading } from '@/app/ui/QueryState';
import { Section } from '@/app/ui/Section';
import { THRESHOLD_LABELS, THRESHOLD_NAMES, type ThresholdVersion, type ThresholdsView } from '@/contract/ml';
import { formatDateTime } from '@/app/ui/list/columns';
import { queryClient } from '@/lib/query';
import { mlApi, THRESHOLDS_KEY } from './client';

const noSort = () => undefined;
const columns: ListColumn<ThresholdVersion>[] = [
  {
    id: 'version',
    header: 'Version',
    cell: (v) => (
      <>
        {v.version === 0 ? '0 (standard)' : v.version}{' '}
        {v.active && (
          <Badge colorPalette="green" ms="1">
            Active
          </Badge>
        )}
      </>
    ),
  },
  ...THRESHOLD_NAMES.map((n) => ({
    id: n,
    header: THRESHOLD_LABELS[n],
    numeric: true,
    cell: (v: ThresholdVersion) => String(v.values[n]),
  })),
  { id: 'note', header: 'Note', cell: (v) => v.note ?? '' },
  {
    id: 'created',
    header: 'Uploaded',
    cell: (v) => (v.createdAt ? `${formatDateTime(v.createdAt)} · ${v.createdBy ?? ''}` : ''),
  },
];

/** The account's detection thresholds: upload a calibrated version, roll back to any earlier one. */
export function ThresholdsCard() {
  const q = useQuery({ queryKey: THRESHOLDS_KEY, queryFn: ({ signal }) => mlApi.thresholds(signal) });
  const [file, setFile] = useState<File | null>(null);
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<FormMessageValue | null>(null);
  const done = (view: ThresholdsView, text: string) => {
    queryClient.setQueryData(THRESHOLDS_KEY, view);
    setMessage({ tone: 'success', text });
  };

  const upload = async () => {
    if (!file) return setMessage({ tone: 'warning', text: 'Choose a JSON or CSV file of thresholds.' });
    setBusy(true);
    setMessage(null);
    try {
      const view = await mlApi.uploadThresholds(file, note.trim());
      done(view, `Version ${view.active} is now active.`);
    } catch (e) {
      setMessage({ tone: 'danger', text: e instanceof Error ? e.message : String(e) });
    } finally {
      setBusy(false);
    }
  };
  // A refusal is notified by the API client; the list stays as it was.
  const activate = (v: number) =>
    mlApi.activate(v).then(
      (view) => done(view, `Version ${v} is now active.`),
      () => undefined,
    );

  return (
    <Section title="Detection thresholds">
      <Text color="fg.muted" fontSize="sm">
        A JSON object or a CSV of name, value ({THRESHOLD_NAMES.join(', ')}); names left out keep the standard value.
        The leak test, the consumption check and this page’s scoring use the active version.
      </Text>
      <Stack direction={{ base: 'column', md: 'row' }} gap="4" align={{ md: 'end' }}>
        <FileField
          label="Thresholds file (JSON or CSV)"
          accept={'.json,.csv,application/json,text/csv'}
          onChange={setFile}
        />
        <TextField label="Note" value={note} onChange={setNote} maxLength={200} />
        <Button onClick={() => void upload()} loading={busy} loadingText="Uploading" flexShrink={0}>
          <LuUpload aria-hidden /> Upload thresholds
        </Button>
      </Stack>
      <FormMessage message={message} />
      {q.error ? (
        <LoadError
          what="The thresholds"
          message={q.error.message}
          onRetry={() => void q.refetch()}
          retrying={q.isFetching}
        />
      ) : !q.data ? (
        <Loading label="Loading the thresholds" />
      ) : (
        <DataTable
          caption="Threshold versions"
          columns={columns}
          rows={q.data.versions}
          rowId={(v) => String(v.version)}
          sortable={[]}
          sort=""
          onSort={noSort}
          visibility={{}}
          total={q.data.versions.length}
          pageSize={Math.max(q.data.versions.length, 1)}
          actions={(v) =>
            v.active ? null : (
              <Button size="xs" variant="outline" onClick={() => void activate(v.version)}>
                {v.version === 0 ? 'Back to standard' : `Activate ${v.version}`}
              </Button>
            )
          }
        />
      )}
    </Section>
  );
}
