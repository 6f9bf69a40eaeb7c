import { Alert, Button, Card, Flex, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { LuDownload, LuFileOutput, LuSettings } from 'react-icons/lu';
import { useCanWrite } from '@/app/access';
import { TextField } from '@/app/ui/Fields';
import { FormDrawer } from '@/app/ui/form/FormShell';
import { SwitchField } from '@/app/ui/form/fields';
import { specColumns, type ListColumn } from '@/app/ui/list/columns';
import { ListView } from '@/app/ui/list/ListView';
import { refreshAll } from '@/app/ui/list/useList';
import { LoadError, Loading } from '@/app/ui/QueryState';
import { monthBounds, previousMonth } from '@/contract/calendar';
import { SAP_EXPORT_COLUMNS, SAP_EXPORTS_LIST, type SapExportRow, type SapPeriod } from '@/contract/sap';
import { failureText } from '@/lib/form';
import { notify } from '@/lib/notify';
import { saveFile } from '@/lib/resource';
import { downloadSapFile, exportSap, getSapMapping, previewSap, sapExports } from './sap.client';
import { SapMappingForm } from './SapMappingForm';
import { SapPreviewView } from './SapPreviewView';

const historyColumns: ListColumn<SapExportRow>[] = specColumns(SAP_EXPORT_COLUMNS);
const lastMonth = () => monthBounds(previousMonth(new Date().toISOString().slice(0, 7)));

async function download(row: Pick<SapExportRow, 'id' | 'fileName'>) {
  try {
    saveFile(await downloadSapFile(row));
  } catch (e) {
    notify({ tone: 'danger', title: 'Download failed', message: e instanceof Error ? e.message : String(e) });
  }
}

/**
 * `/SAP` (ThebigBoss, ADR 044): the mapping, a period's postings previewed (lines, totals,
 * unmapped dispenses) and exported once as the SAP file (docs/sap-postings.md), and the history
 * of exports with re-download.
 */
export function SapPage() {
  const canWrite = useCanWrite(SAP_EXPORTS_LIST.screen);
  const mapping = useQuery({ queryKey: ['sap', 'mapping'], queryFn: ({ signal }) => getSapMapping(signal) });
  const [editing, setEditing] = useState(false);
  const [period, setPeriod] = useState<SapPeriod>(() => ({ ...lastMonth(), reExport: false }));
  const valid = !!period.from && !!period.to && period.from <= period.to;
  const preview = useQuery({
    queryKey: ['sap', 'preview', period],
    queryFn: ({ signal }) => previewSap(period, signal),
    enabled: valid,
  });
  const [exporting, setExporting] = useState(false);
  const run = async () => {
    setExporting(true);
    try {
      const row = await exportSap(period);
      notify({ tone: 'success', message: `Exported ${row.lines} lines, ${row.dispenses} dispenses.` });
      await download(row);
      await Promise.all([refreshAll(), preview.refetch()]);
    } catch (e) {
      notify({ tone: 'danger', title: 'Export refused', message: failureText(e).text });
    } finally {
      setExporting(false);
    }
  };
  const m = mapping.data;
  const mapped = m ? m.costCentres.filter((c) => c.sapCostCentre).length : 0;
  return (
    <Stack gap="4">
      <Card.Root>
        <Card.Body>
          <Stack gap="2">
            <Flex justify="space-between" align="center" gap="3" wrap="wrap">
              <Heading size="md">Mapping</Heading>
              {canWrite && m && (
                <Button size="sm" variant="outline" onClick={() => setEditing(true)}>
                  <LuSettings aria-hidden /> Edit mapping
                </Button>
              )}
            </Flex>
            {mapping.error ? (
              <LoadError
                what="The SAP mapping"
                message={mapping.error.message}
                onRetry={() => void mapping.refetch()}
              />
            ) : !m ? (
              <Loading label="Loading the mapping" height="16" />
            ) : (
              <Text data-testid="sap-mapping-summary">
                {m.settings
                  ? `Company code ${m.settings.companyCode}, document type ${m.settings.documentType}, offset account ${m.settings.offsetAccount}. `
                  : 'No company code or offset account yet. '}
                {mapped} of {m.costCentres.length} cost centres and {m.products.filter((p) => p.material).length} of{' '}
                {m.products.length} products mapped.
              </Text>
            )}
          </Stack>
        </Card.Body>
      </Card.Root>

      <Card.Root>
        <Card.Body>
          <Stack gap="4">
            <Heading size="md">Export a period</Heading>
            <SimpleGrid columns={{ base: 1, sm: 3 }} gap="3" alignItems="end">
              <TextField
                label="From"
                type="date"
                value={period.from}
                onChange={(from) => setPeriod((p) => ({ ...p, from }))}
              />
              <TextField label="To" type="date" value={period.to} onChange={(to) => setPeriod((p) => ({ ...p, to }))} />
              <SwitchField
                label="Re-export"
                helper="Post again dispenses already exported"
                checked={period.reExport}
                onChange={(reExport) => setPeriod((p) => ({ ...p, reExport }))}
              />
            </SimpleGrid>
            {!valid ? (
              <Text color="fg.error">Choose a period: from a day up to a day not before it.</Text>
            ) : preview.error ? (
              <Alert.Root status="error">
                <Alert.Indicator />
                <Alert.Description>{preview.error.message}</Alert.Description>
              </Alert.Root>
            ) : preview.data ? (
              <SapPreviewView preview={preview.data} />
            ) : (
              <Loading label="Computing the postings" height="24" />
            )}
            {canWrite && (
              <Button
                alignSelf="start"
                loading={exporting}
                disabled={!preview.data?.lines.length || !m?.settings}
                onClick={() => void run()}
              >
                <LuFileOutput aria-hidden /> Export and download
              </Button>
            )}
          </Stack>
        </Card.Body>
      </Card.Root>

      <Heading size="md">Exports</Heading>
      <ListView
        client={sapExports}
        info={SAP_EXPORTS_LIST}
        noun="export"
        plural="exports"
        columns={historyColumns}
        filters={[]}
        rowLabel={(r) => `${r.periodFrom} – ${r.periodTo}`}
        canWrite={false}
        deletable={false}
        extraActions={(r) => (
          <Button size="xs" variant="outline" onClick={() => void download(r)} aria-label={`Download ${r.fileName}`}>
            <LuDownload aria-hidden /> File
          </Button>
        )}
      />

      <FormDrawer open={editing} onClose={() => setEditing(false)}>
        {editing && m && (
          <SapMappingForm
            mapping={m}
            close={(saved) => {
              setEditing(false);
              if (saved) void Promise.all([mapping.refetch(), preview.refetch()]);
            }}
          />
        )}
      </FormDrawer>
    </Stack>
  );
}
