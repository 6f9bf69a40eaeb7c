import { Button, Checkbox, HStack, Stack, Table, Text } from '@chakra-ui/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormMessage } from '@/app/ui/FormMessage';
import { LoadError, Loading } from '@/app/ui/QueryState';
import type { CatalogueRow } from '@/contract/report-settings';
import { useSubmit } from '@/lib/form';
import { notify } from '@/lib/notify';
import { CATALOGUE_KEY, reportSettingsApi } from './settings-client';

/** One report: every account type, or the ticked ones; saved on its own (audited). */
function CatalogueLine({ row, types }: { row: CatalogueRow; types: string[] }) {
  const qc = useQueryClient();
  const [all, setAll] = useState(row.accountTypes === null);
  const [chosen, setChosen] = useState(new Set(row.accountTypes ?? []));
  const toggle = (t: string, on: boolean) =>
    setChosen((s) => {
      const n = new Set(s);
      if (on) n.add(t);
      else n.delete(t);
      return n;
    });
  const save = useSubmit({
    run: async () => {
      await reportSettingsApi.setCatalogue(row.report, { accountTypes: all ? null : [...chosen] });
      await qc.invalidateQueries({ queryKey: CATALOGUE_KEY });
      notify({ tone: 'success', message: `${row.title} saved` });
    },
  });
  return (
    <Table.Row>
      <Table.Cell>
        <Text fontWeight="medium">{row.title}</Text>
        <FormMessage message={save.message} />
      </Table.Cell>
      <Table.Cell>
        <HStack gap="4" wrap="wrap">
          <Checkbox.Root checked={all} onCheckedChange={(e) => setAll(!!e.checked)}>
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>Every type</Checkbox.Label>
          </Checkbox.Root>
          {!all &&
            types.map((t) => (
              <Checkbox.Root key={t} checked={chosen.has(t)} onCheckedChange={(e) => toggle(t, !!e.checked)}>
                <Checkbox.HiddenInput />
                <Checkbox.Control />
                <Checkbox.Label>{t}</Checkbox.Label>
              </Checkbox.Root>
            ))}
        </HStack>
      </Table.Cell>
      <Table.Cell textAlign="end">
        <Button size="sm" variant="outline" loading={save.busy} onClick={() => save.submit()}>
          Save
        </Button>
      </Table.Cell>
    </Table.Row>
  );
}

/**
 * `/StandardReportAdminList` (ThebigBoss): the global catalogue of standard reports, enabled per
 * account type (ADR 035).
 */
export function ReportCatalogueAdminPage() {
  const list = useQuery({ queryKey: CATALOGUE_KEY, queryFn: ({ signal }) => reportSettingsApi.catalogue(signal) });
  return (
    <Stack gap="4">
      <Text color="fg.muted">
        Which account types may see each standard report. An account&apos;s admin can hide more.
      </Text>
      {list.isPending && <Loading label="Loading the catalogue" />}
      {list.error && (
        <LoadError what="The catalogue" message={list.error.message} onRetry={() => void list.refetch()} />
      )}
      {list.data && (
        <Table.ScrollArea>
          <Table.Root size="sm">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>Report</Table.ColumnHeader>
                <Table.ColumnHeader>Account types</Table.ColumnHeader>
                <Table.ColumnHeader />
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {list.data.reports.map((r) => (
                <CatalogueLine key={r.report} row={r} types={list.data.accountTypes} />
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}
    </Stack>
  );
}
