import { Alert, Box, Button, Flex, Heading, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useState } from 'react';
import { LuMail, LuPrinter } from 'react-icons/lu';
import { TextField } from '@/app/ui/Fields';
import { CheckboxGroupField } from '@/app/ui/form/fields';
import { FormDrawer } from '@/app/ui/form/FormShell';
import { storeOptions } from '@/lib/reference/labels';
import { useReference } from '@/lib/reference/query';
import { dailyReportClient } from './client';
import { MailForm } from './MailForm';
import { ReportStore } from './ReportStore';
import { yesterday, type DailyReportSearch } from './search';

const route = getRouteApi('/_app/DailyReportofCall');

/**
 * Printing shows the report alone: everything else on the page (menu, navbar, breadcrumb, the
 * pickers) is hidden, tables shrink to fit A4 portrait and a store's section starts on a new page
 * only when it does not fit.
 */
const PRINT_CSS = `
@media print {
  @page { size: A4 portrait; margin: 12mm; }
  body * { visibility: hidden; }
  #daily-report, #daily-report * { visibility: visible; }
  #daily-report { position: absolute; left: 0; top: 0; width: 100%; }
  #daily-report .report-table-wrap { overflow: visible !important; }
  #daily-report .report-table { width: 100%; font-size: 8.5pt; table-layout: auto; }
  #daily-report .report-table th, #daily-report .report-table td { padding: 2px 4px; }
  #daily-report .report-figures { grid-template-columns: repeat(6, 1fr) !important; gap: 4px; }
  #daily-report .report-figure { padding: 2px 6px; }
  #daily-report .report-section, #daily-report tr { break-inside: avoid; }
  #daily-report .report-store + .report-store { break-before: auto; }
}`;

/** `/DailyReportofCall`: the day per store, on screen, printable, and by e-mail each morning. */
export function DailyReportPage() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const { data: ref } = useReference();
  const day = search.day ?? yesterday();
  const storeIds = search.stores ? search.stores.split(',') : [];
  const set = (next: DailyReportSearch) => void navigate({ search: (prev) => ({ ...prev, ...next }), replace: true });
  const [mailOpen, setMailOpen] = useState(false);
  const report = useQuery({
    queryKey: ['daily-report', day, storeIds.join(',')],
    queryFn: ({ signal }) => dailyReportClient.get(day, storeIds, signal),
  });

  return (
    <Stack gap="4">
      <style>{PRINT_CSS}</style>
      <Flex gap="4" wrap="wrap" align="end" className="no-print">
        <Box w={{ base: 'full', sm: '52' }}>
          <TextField
            label="Day"
            type="date"
            value={day}
            onChange={(v) => v && set({ day: v })}
            helper="Each store's own calendar day"
          />
        </Box>
        <Button onClick={() => window.print()} variant="outline" disabled={!report.data}>
          <LuPrinter /> Print
        </Button>
        <Button onClick={() => setMailOpen(true)} variant="outline">
          <LuMail /> My morning e-mail
        </Button>
      </Flex>
      <FormDrawer open={mailOpen} onClose={() => setMailOpen(false)}>
        <MailForm onClose={() => setMailOpen(false)} />
      </FormDrawer>
      <CheckboxGroupField
        legend="Stores"
        helper="None ticked: every store."
        options={storeOptions(ref)}
        value={storeIds}
        onChange={(ids) => set({ stores: ids.length ? ids.join(',') : undefined })}
        columns={{ base: 1, sm: 2, lg: 3 }}
      />
      {report.isPending && <Skeleton h="48" />}
      {report.error && (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>The report could not be loaded</Alert.Title>
            <Alert.Description>{report.error.message}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}
      {report.data && (
        <Box id="daily-report">
          <Heading as="h2" size="lg" mb="1">
            Daily report {report.data.day}
          </Heading>
          <Text color="fg.muted" mb="4">
            {report.data.accountName} · {report.data.stores.length} store{report.data.stores.length === 1 ? '' : 's'}
          </Text>
          {report.data.stores.length === 0 && <Text>No stores.</Text>}
          {report.data.stores.map((s) => (
            <ReportStore key={s.storeId} store={s} />
          ))}
        </Box>
      )}
    </Stack>
  );
}
