import { Box, Table, Text } from '@chakra-ui/react';
import type { ColumnSpec } from '@/contract/columns';
import type { ReportDeclaration } from '@/contract/report-catalog';
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
  const first = decl.columns[0].key;
  const text = (kind: string, c: ColumnSpec, values: Record<string, unknown>) => {
    if (kind === 'row') return cell(c, values);
    if (kind === 'total' && c.key === first) return 'Total';
    if (kind === 'subtotal' && c.key === decl.subtotalBy) return `${cell(c, values)} subtotal`;
    return c.key in values ? cell(c, values) : '';
  };
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
              {decl.columns.map((c) => (
                <Table.Cell key={c.key} textAlign={NUMERIC.has(c.kind) ? 'end' : 'start'} whiteSpace="nowrap">
                  {text(l.kind, c, l.values)}
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
