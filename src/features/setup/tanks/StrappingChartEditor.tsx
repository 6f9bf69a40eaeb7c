import {
  Box,
  Button,
  Field,
  Fieldset,
  Flex,
  IconButton,
  Input,
  List,
  Stack,
  Table,
  Text,
  Textarea,
} from '@chakra-ui/react';
import { useId, useState } from 'react';
import { LuClipboardPaste, LuPlus, LuTrash2 } from 'react-icons/lu';
import { parseStrappingCsv, strappingChartIssues, type StrappingCsvResult } from '@/contract/setup';
import { numberOrNull } from '@/lib/paths';

export interface ChartRowDraft {
  heightMm: string;
  litres: string;
}

interface Props {
  rows: readonly ChartRowDraft[];
  onChange: (rows: ChartRowDraft[]) => void;
  /** Marks the chart as visited so its errors show. */
  touch: (path: string) => void;
  /** Errors by path (`strappingChart`, `strappingChart.3.litres`), from the schema and the server. */
  errors: Record<string, string>;
  capacity: number | null;
}

const PATH = 'strappingChart';

/** Ordering errors of the rows that parse, so they show while other fields are still incomplete. */
function localIssues(rows: readonly ChartRowDraft[], capacity: number | null): Record<string, string> {
  const points = rows.map((r) => ({ heightMm: numberOrNull(r.heightMm), litres: numberOrNull(r.litres) }));
  if (
    points.some((p) => p.heightMm === null || p.litres === null || Number.isNaN(p.heightMm) || Number.isNaN(p.litres))
  )
    return {};
  const issues = strappingChartIssues(points as { heightMm: number; litres: number }[], capacity);
  return Object.fromEntries(issues.map((i) => [[PATH, ...i.path].join('.'), i.message]));
}

/**
 * The strapping chart (dip height → litres) as rows to edit, add and remove, or replaced at once
 * from pasted CSV (`height,litres` per line, parsed by the contract). Errors show per row.
 */
export function StrappingChartEditor({ rows, onChange, touch, errors, capacity }: Props) {
  const [pasting, setPasting] = useState(false);
  const [text, setText] = useState('');
  const [parsed, setParsed] = useState<StrappingCsvResult | null>(null);
  const pasteId = useId();
  const all = { ...localIssues(rows, capacity), ...errors };
  const at = (i: number, f: keyof ChartRowDraft) => all[`${PATH}.${i}.${f}`];
  const setCell = (i: number, f: keyof ChartRowDraft, v: string) =>
    onChange(rows.map((r, j) => (j === i ? { ...r, [f]: v } : r)));

  const applyPaste = () => {
    const result = parseStrappingCsv(text);
    setParsed(result);
    if (result.errors.length || result.rows.length === 0) return;
    onChange(result.rows.map((p) => ({ heightMm: String(p.heightMm), litres: String(p.litres) })));
    touch(PATH);
    setPasting(false);
    setText('');
  };

  return (
    <Fieldset.Root invalid={!!all[PATH]}>
      <Fieldset.Legend>Strapping chart</Fieldset.Legend>
      <Fieldset.HelperText>
        Dip height in mm → volume in litres. Heights must increase, volumes must not decrease, the last volume not above
        the capacity.
      </Fieldset.HelperText>
      {all[PATH] && (
        <Text role="alert" color="fg.error" fontSize="sm">
          {all[PATH]}
        </Text>
      )}
      {rows.length > 0 && (
        <Box maxH={{ base: 'none', md: '96' }} overflowY="auto" borderWidth="1px" rounded="md">
          <Table.Root size="sm" stickyHeader>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader w="10">#</Table.ColumnHeader>
                <Table.ColumnHeader>Height (mm)</Table.ColumnHeader>
                <Table.ColumnHeader>Litres</Table.ColumnHeader>
                <Table.ColumnHeader w="10">
                  <Text srOnly>Remove</Text>
                </Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {rows.map((r, i) => (
                <Table.Row key={i} data-invalid={at(i, 'heightMm') || at(i, 'litres') ? '' : undefined}>
                  <Table.Cell color="fg.muted">{i + 1}</Table.Cell>
                  {(['heightMm', 'litres'] as const).map((f) => (
                    <Table.Cell key={f} verticalAlign="top">
                      <Field.Root invalid={!!at(i, f)}>
                        <Input
                          size="sm"
                          inputMode="decimal"
                          aria-label={`Row ${i + 1} ${f === 'heightMm' ? 'height (mm)' : 'litres'}`}
                          value={r[f]}
                          onChange={(e) => setCell(i, f, e.target.value)}
                          onBlur={() => touch(`${PATH}.${i}`)}
                        />
                        <Field.ErrorText>{at(i, f)}</Field.ErrorText>
                      </Field.Root>
                    </Table.Cell>
                  ))}
                  <Table.Cell verticalAlign="top">
                    <IconButton
                      size="xs"
                      variant="ghost"
                      aria-label={`Remove row ${i + 1}`}
                      onClick={() => {
                        onChange(rows.filter((_, j) => j !== i));
                        touch(PATH);
                      }}
                    >
                      <LuTrash2 aria-hidden />
                    </IconButton>
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Box>
      )}
      <Flex gap="2" wrap="wrap">
        <Button size="sm" variant="outline" onClick={() => onChange([...rows, { heightMm: '', litres: '' }])}>
          <LuPlus aria-hidden /> Add row
        </Button>
        <Button
          size="sm"
          variant="outline"
          onClick={() => setPasting((p) => !p)}
          aria-expanded={pasting}
          aria-controls={pasteId}
        >
          <LuClipboardPaste aria-hidden /> Paste CSV
        </Button>
        {rows.length > 0 && (
          <Text alignSelf="center" fontSize="sm" color="fg.muted">
            {rows.length} rows
          </Text>
        )}
      </Flex>
      {pasting && (
        <Stack id={pasteId} gap="2" borderWidth="1px" rounded="md" p="3">
          <Field.Root>
            <Field.Label>Chart as CSV</Field.Label>
            <Textarea
              rows={6}
              fontFamily="mono"
              value={text}
              onChange={(e) => {
                setText(e.target.value);
                setParsed(null);
              }}
              placeholder={'height_mm,litres\n0,0\n100,250\n200,600'}
            />
            <Field.HelperText>
              One row per line: height and litres, separated by a comma, semicolon or tab. A header line is optional.
              Replaces the rows above.
            </Field.HelperText>
          </Field.Root>
          {parsed && parsed.errors.length > 0 && (
            <Box role="alert" color="fg.error" fontSize="sm">
              <Text fontWeight="medium">
                {parsed.errors.length} line{parsed.errors.length > 1 ? 's' : ''} could not be read; nothing was
                replaced:
              </Text>
              <List.Root ps="4">
                {parsed.errors.slice(0, 20).map((e) => (
                  <List.Item key={`${e.line}-${e.message}`}>
                    {e.line ? `Line ${e.line}: ` : ''}
                    {e.message}
                  </List.Item>
                ))}
              </List.Root>
            </Box>
          )}
          {parsed && parsed.errors.length === 0 && parsed.rows.length === 0 && (
            <Text role="alert" color="fg.error" fontSize="sm">
              No rows found in the pasted text.
            </Text>
          )}
          <Flex gap="2">
            <Button size="sm" onClick={applyPaste} disabled={!text.trim()}>
              Use pasted rows
            </Button>
            <Button
              size="sm"
              variant="ghost"
              onClick={() => {
                setPasting(false);
                setParsed(null);
              }}
            >
              Cancel paste
            </Button>
          </Flex>
        </Stack>
      )}
    </Fieldset.Root>
  );
}
