import { Button, Flex, Stack, Text } from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import { LuDownload, LuUpload } from 'react-icons/lu';
import { FormMessage, type FormMessageValue } from '@/app/ui/FormMessage';
import { FileField, SelectField, SPREADSHEET_ACCEPT } from '@/app/ui/form/fields';
import { specColumns } from '@/app/ui/list/columns';
import { DataTable } from '@/app/ui/list/DataTable';
import { Section } from '@/app/ui/Section';
import {
  ANOMALY_COLUMNS,
  ML_FIELDS,
  ML_MAX_BYTES,
  ML_REPORT_TTL_HOURS,
  type Anomaly,
  type MlKind,
  type MlReport,
} from '@/contract/ml';
import { count } from '@/lib/format';
import { saveFile } from '@/lib/resource';
import { mlApi } from './client';

const KIND_OPTIONS = [
  { value: 'dispenses', label: 'Dispenses' },
  { value: 'readings', label: 'Tank readings' },
];
type Row = Anomaly & { _i: string };
const columns = specColumns<Row>(ANOMALY_COLUMNS);
const noSort = () => undefined;

/** Upload a history file into the sandbox and see what FAMS's detection finds in it. */
export function ScoreCard() {
  const [kind, setKind] = useState<MlKind>('dispenses');
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<FormMessageValue | null>(null);
  const [report, setReport] = useState<MlReport | null>(null);
  const rows = useMemo(() => (report?.anomalies ?? []).map((a, i) => ({ ...a, _i: String(i) })), [report]);

  const submit = async () => {
    if (!file) return setMessage({ tone: 'warning', text: 'Choose a file.' });
    if (file.size > ML_MAX_BYTES)
      return setMessage({ tone: 'danger', text: `The file is larger than ${ML_MAX_BYTES / 1024 / 1024} MB.` });
    setBusy(true);
    setMessage(null);
    try {
      setReport(await mlApi.score(kind, file));
    } catch (e) {
      setReport(null);
      setMessage({ tone: 'danger', text: e instanceof Error ? e.message : String(e) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Section title="Score a history">
      <Text color="fg.muted" fontSize="sm">
        A prospect’s history as CSV or XLSX, scored by FAMS’s own checks (consumption outliers, meter rollbacks, the
        leak test) with this account’s thresholds. Nothing is written into any account; the report is kept for{' '}
        {ML_REPORT_TTL_HOURS} hours. Columns:{' '}
        {ML_FIELDS[kind].map((f) => f.label + (f.required ? '' : ' (optional)')).join(', ')}.
      </Text>
      <Stack direction={{ base: 'column', md: 'row' }} gap="4" align={{ md: 'end' }}>
        <SelectField label="History of" value={kind} onChange={(v) => setKind(v as MlKind)} options={KIND_OPTIONS} />
        <FileField label="History file (CSV or XLSX)" accept={SPREADSHEET_ACCEPT} onChange={setFile} />
        <Button onClick={() => void submit()} loading={busy} loadingText="Scoring" flexShrink={0}>
          <LuUpload aria-hidden /> Score
        </Button>
      </Stack>
      <FormMessage message={message} />
      {report && (
        <Stack gap="3" aria-label="Anomaly report" role="region">
          <Flex justify="space-between" gap="3" wrap="wrap" align="center">
            <Text role="status">
              {report.fileName}: {count(report.rowsRead)} rows, {count(report.subjects)}{' '}
              {report.kind === 'dispenses' ? 'equipment' : 'tanks'}, {count(report.anomalies.length)} anomalies
              {report.rowsSkipped ? ` (${count(report.rowsSkipped)} rows skipped)` : ''}.
            </Text>
            <Flex gap="2">
              <Button
                size="sm"
                variant="outline"
                onClick={() => void mlApi.reportFile(report.id, 'csv').then(saveFile)}
              >
                <LuDownload aria-hidden /> CSV
              </Button>
              <Button
                size="sm"
                variant="outline"
                onClick={() => void mlApi.reportFile(report.id, 'xlsx').then(saveFile)}
              >
                <LuDownload aria-hidden /> XLSX
              </Button>
            </Flex>
          </Flex>
          {report.skipped.length > 0 && (
            <Text fontSize="sm" color="fg.muted">
              {report.skipped.join('; ')}
            </Text>
          )}
          {rows.length > 0 && (
            <DataTable
              caption="Anomalies"
              columns={columns}
              rows={rows}
              rowId={(r) => r._i}
              sortable={[]}
              sort=""
              onSort={noSort}
              visibility={{}}
              total={rows.length}
              pageSize={Math.max(rows.length, 1)}
            />
          )}
        </Stack>
      )}
    </Section>
  );
}
