import { Box, Table, Text } from '@chakra-ui/react';
import type { ColumnSpec } from '@/contract/columns';
import { lineCells, type ReportDeclaration } from '@/contract/report-catalog';
import type { ReportRun } from '@/contract/reports';
import { specCell } from '@/app/ui/list/columns';
import { codeAndName } from '@/lib/format';

const NUMERIC = new Set(['litres', 'number', 'money', 'percent']);

/** A code cell reads "CODE — Name" on screen (the files write them in two columns). */
function cell(c: ColumnSpec, values: Record<string, unknown>): string {
  if (c.kind === 'code' && c.name) {
    const code = values[c.key] as string | null | undefined;
    const name = values[c.name] as string | null | undefined;
    return code || name ? codeAndName(code, name) : '—';
  }
  return specCell(c, values);
}

/** The run's lines as a table: rows, a bold subtotal after each group, the total last. */
export function ReportPreview({ decl, run }: { decl: ReportDeclaration; run: ReportRun }) {
  return (
    <Box overflowX="auto" borderWidth="1px" borderRadius="md" bg="bg">
      <Table.Root size="sm" aria-label={`${decl.title} preview`}>
        <Table.Header>
          <Table.Row>
            {decl.columns.map((c) => (
              <Table.ColumnHeader key={c.key} textAlign={NUMERIC.has(c.kind) ? 'end' : 'start'}>
                {c.title}
              </Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {run.lines.map((l, i) => (
            <Table.Row
              key={i}
              data-line={l.kind}
              fontWeight={l.kind === 'row' ? undefined : 'semibold'}
              bg={l.kind === 'total' ? 'bg.emphasized' : l.kind === 'subtotal' ? 'bg.muted' : undefined}
            >
              {lineCells(decl, l, cell).map((text, i) => (
                <Table.Cell
                  key={decl.columns[i].key}
                  textAlign={NUMERIC.has(decl.columns[i].kind) ? 'end' : 'start'}
                  whiteSpace="nowrap"
                >
                  {text}
                </Table.Cell>
              ))}
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
      {run.rowCount === 0 && (
        <Text p="3" color="fg.muted">
          Nothing in this period. Choose a longer period or clear a filter.
        </Text>
      )}
    </Box>
  );
}
