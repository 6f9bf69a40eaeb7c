import { Button, Field, Flex, Input, Menu, NativeSelect, Portal, Switch } from '@chakra-ui/react';
import { useId, useState, type ReactNode } from 'react';
import { LuColumns3, LuDownload, LuFilter } from 'react-icons/lu';
import type { ExportFormat } from '@/contract/list';
import { isShown, type ColumnVisibility, type ListColumn } from './columns';

export interface FilterOption {
  value: string;
  label: string;
}

/**
 * A filter of the list protocol (`f.<field>`): a select when the options are known, a date (range
 * ends such as `from`/`to`) or free text.
 */
export interface FilterSpec {
  field: string;
  label: string;
  kind?: 'select' | 'date' | 'text';
  options?: readonly FilterOption[];
}

const small = { fontSize: 'xs', color: 'fg.muted' } as const;

export function FilterControl({
  spec,
  value,
  onChange,
}: {
  spec: FilterSpec;
  value: string | undefined;
  onChange: (v: string | undefined) => void;
}) {
  const kind = spec.kind ?? 'select';
  return (
    <Field.Root w={{ base: 'full', sm: '44' }}>
      <Field.Label {...small}>{spec.label}</Field.Label>
      {kind === 'select' ? (
        <NativeSelect.Root size="sm">
          <NativeSelect.Field value={value ?? ''} onChange={(e) => onChange(e.target.value || undefined)}>
            <option value="">All</option>
            {spec.options?.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      ) : (
        <Input
          size="sm"
          type={kind === 'date' ? 'date' : 'text'}
          value={value ?? ''}
          onChange={(e) => onChange(e.target.value || undefined)}
        />
      )}
    </Field.Root>
  );
}

export function DeletedToggle({ on, onChange }: { on: boolean; onChange: (on: boolean) => void }) {
  return (
    <Switch.Root
      size="sm"
      checked={on}
      onCheckedChange={(e) => onChange(e.checked)}
      alignSelf={{ base: 'start', sm: 'end' }}
      mb={{ sm: '2' }}
    >
      <Switch.HiddenInput />
      <Switch.Control />
      <Switch.Label>Show deleted</Switch.Label>
    </Switch.Root>
  );
}

export function ColumnChooser<T>({
  columns,
  visibility,
  onChange,
}: {
  columns: ListColumn<T>[];
  visibility: ColumnVisibility;
  onChange: (v: ColumnVisibility) => void;
}) {
  const shown = columns.filter((c) => isShown(c, visibility)).length;
  return (
    <Menu.Root closeOnSelect={false}>
      <Menu.Trigger asChild>
        <Button size="sm" variant="outline">
          <LuColumns3 aria-hidden /> Columns
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content maxH="80vh" overflowY="auto">
            {columns.map((c) => {
              const on = isShown(c, visibility);
              return (
                <Menu.CheckboxItem
                  key={c.id}
                  value={c.id}
                  checked={on}
                  disabled={on && shown === 1}
                  onCheckedChange={(checked) => onChange({ ...visibility, [c.id]: checked })}
                >
                  {c.header}
                  <Menu.ItemIndicator />
                </Menu.CheckboxItem>
              );
            })}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}

/** Download buttons, one per file format (lists: CSV and XLSX; reports add PDF). */
export function ExportButtons<F extends string = ExportFormat>({
  onExport,
  formats = ['csv', 'xlsx'] as unknown as readonly F[],
}: {
  onExport: (format: F) => Promise<void>;
  formats?: readonly F[];
}) {
  const [busy, setBusy] = useState<F | null>(null);
  const run = async (format: F) => {
    setBusy(format);
    try {
      await onExport(format);
    } catch {
      /* the api client already notified */
    } finally {
      setBusy(null);
    }
  };
  return (
    <>
      {formats.map((f) => (
        <Button
          key={f}
          size="sm"
          variant="outline"
          loading={busy === f}
          disabled={!!busy}
          onClick={() => void run(f)}
          aria-label={`Export ${f.toUpperCase()}`}
        >
          <LuDownload aria-hidden /> {f.toUpperCase()}
        </Button>
      ))}
    </>
  );
}

/**
 * Search and filters on the left (wrapping), tools on the right. On a phone the filters fold
 * behind a "Filters" button so the rows stay in view.
 */
export function ListToolbar({
  search,
  filters,
  activeFilters,
  tools,
}: {
  search: ReactNode;
  filters: ReactNode;
  activeFilters: number;
  tools: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  return (
    <Flex
      gap="3"
      wrap="wrap"
      align={{ base: 'stretch', md: 'end' }}
      justify="space-between"
      mb="3"
      direction={{ base: 'column', md: 'row' }}
    >
      <Flex gap="3" wrap="wrap" align={{ base: 'stretch', sm: 'end' }} direction={{ base: 'column', sm: 'row' }}>
        {search}
        <Button
          hideFrom="md"
          size="sm"
          variant="outline"
          alignSelf="start"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((o) => !o)}
        >
          <LuFilter aria-hidden /> Filters{activeFilters ? ` (${activeFilters})` : ''}
        </Button>
        <Flex
          id={panelId}
          gap="3"
          wrap="wrap"
          align={{ base: 'stretch', sm: 'end' }}
          direction={{ base: 'column', sm: 'row' }}
          display={{ base: open ? 'flex' : 'none', md: 'flex' }}
        >
          {filters}
        </Flex>
      </Flex>
      <Flex gap="2" wrap="wrap" align="center">
        {tools}
      </Flex>
    </Flex>
  );
}
