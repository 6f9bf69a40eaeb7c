import { Button, Field, Fieldset, Flex, IconButton, Input, NativeSelect, Table, Text } from '@chakra-ui/react';
import { LuPlus, LuTrash2 } from 'react-icons/lu';
import type { FilterOption } from '@/app/ui/list/ListToolbar';

export interface TankMapDraft {
  tankNumber: string;
  tankId: string;
}

interface Props {
  rows: readonly TankMapDraft[];
  onChange: (rows: TankMapDraft[]) => void;
  touch: (path: string) => void;
  /** Errors by path (`tankMap.2.tankId`), from the schema and the server. */
  errors: Record<string, string>;
  tanks: readonly FilterOption[];
}

const PATH = 'tankMap';

/**
 * Which gauge tank number is which FAMS tank: the console's numbering (TLS "TT", 1–99) or the
 * numbers a push gateway sends. One row per tank; numbers and tanks may each appear once.
 */
export function TankMapEditor({ rows, onChange, touch, errors, tanks }: Props) {
  const at = (i: number, f: keyof TankMapDraft) => errors[`${PATH}.${i}.${f}`];
  const setCell = (i: number, f: keyof TankMapDraft, v: string) =>
    onChange(rows.map((r, j) => (j === i ? { ...r, [f]: v } : r)));
  const nextNumber = () => String(Math.min(99, rows.reduce((m, r) => Math.max(m, Number(r.tankNumber) || 0), 0) + 1));
  return (
    <Fieldset.Root invalid={!!errors[PATH]}>
      <Fieldset.Legend>Tank map</Fieldset.Legend>
      <Fieldset.HelperText>
        The gauge's tank number (1–99, as set up on the console or sent by the gateway) and the FAMS tank it measures.
      </Fieldset.HelperText>
      {errors[PATH] && (
        <Text role="alert" color="fg.error" fontSize="sm">
          {errors[PATH]}
        </Text>
      )}
      {rows.length === 0 ? (
        <Text fontSize="sm" color="fg.muted">
          No tanks mapped yet: readings of unmapped tank numbers are shown by “Test connection” but not stored.
        </Text>
      ) : (
        <Table.Root size="sm">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader w={{ base: '20', sm: '28' }}>Gauge no.</Table.ColumnHeader>
              <Table.ColumnHeader>FAMS tank</Table.ColumnHeader>
              <Table.ColumnHeader w="10">
                <Text srOnly>Remove</Text>
              </Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {rows.map((r, i) => (
              <Table.Row key={i}>
                <Table.Cell verticalAlign="top">
                  <Field.Root invalid={!!at(i, 'tankNumber')}>
                    <Input
                      size="sm"
                      inputMode="numeric"
                      aria-label={`Row ${i + 1} gauge tank number`}
                      value={r.tankNumber}
                      onChange={(e) => setCell(i, 'tankNumber', e.target.value)}
                      onBlur={() => touch(`${PATH}.${i}`)}
                    />
                    <Field.ErrorText>{at(i, 'tankNumber')}</Field.ErrorText>
                  </Field.Root>
                </Table.Cell>
                <Table.Cell verticalAlign="top">
                  <Field.Root invalid={!!at(i, 'tankId')}>
                    <NativeSelect.Root size="sm">
                      <NativeSelect.Field
                        aria-label={`Row ${i + 1} FAMS tank`}
                        value={r.tankId}
                        onChange={(e) => setCell(i, 'tankId', e.target.value)}
                        onBlur={() => touch(`${PATH}.${i}`)}
                      >
                        <option value="">Choose a tank…</option>
                        {tanks.map((t) => (
                          <option key={t.value} value={t.value}>
                            {t.label}
                          </option>
                        ))}
                      </NativeSelect.Field>
                      <NativeSelect.Indicator />
                    </NativeSelect.Root>
                    <Field.ErrorText>{at(i, 'tankId')}</Field.ErrorText>
                  </Field.Root>
                </Table.Cell>
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
      )}
      <Flex>
        <Button
          size="sm"
          variant="outline"
          onClick={() => onChange([...rows, { tankNumber: nextNumber(), tankId: '' }])}
          disabled={rows.length >= 99}
        >
          <LuPlus aria-hidden /> Map a tank
        </Button>
      </Flex>
    </Fieldset.Root>
  );
}
