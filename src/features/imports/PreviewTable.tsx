import { Heading, Stack, Text } from '@chakra-ui/react';
import type { PreviewRow } from '@/contract/imports';
import { ROW_COLOUR, ROW_LABEL } from './labels';
import { ProblemRows } from './Problems';

/** What running would do with the first rows: new, update, unchanged or the errors, per row. */
export function PreviewTable({ rows }: { rows: PreviewRow[] }) {
  const errors = rows.filter((r) => r.status === 'error').length;
  return (
    <Stack gap="2">
      <Heading as="h3" size="sm">
        Preview of the first {rows.length} rows
      </Heading>
      <Text fontSize="sm" color={errors ? 'fg.error' : 'fg.muted'}>
        {errors
          ? `${errors} of these rows would not be imported; the others would.`
          : 'All of these rows would be imported.'}{' '}
        Nothing has been written yet.
      </Text>
      <ProblemRows
        caption="Preview"
        recordHeader="Record"
        rows={rows.map((r) => ({
          key: String(r.row),
          row: r.row,
          record: r.key,
          badge: { label: ROW_LABEL[r.status], colour: ROW_COLOUR[r.status] },
          problems: r.errors.map((e) => `${e.column ? `${e.column}: ` : ''}${e.message}`),
        }))}
      />
    </Stack>
  );
}
