import { Combobox, createListCollection, Field, Spinner } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useDebounced } from '@/lib/useDebounced';
import type { FilterOption } from '../list/ListToolbar';

export const PICK_DEBOUNCE_MS = 250;

export interface SearchSelectProps {
  label: string;
  /** The chosen id, or '' for none. */
  value: string;
  /** How the chosen value reads (from the record being edited), before any search ran. */
  selectedLabel: string;
  onChange: (value: string, label: string) => void;
  onBlur?: () => void;
  error?: string;
  helper?: string;
  placeholder?: string;
  /** Cache key of the searched list, e.g. the list path. */
  queryKey: readonly unknown[];
  /** Asks the server (a list endpoint with `q`) for the options matching the text. */
  search: (q: string, signal?: AbortSignal) => Promise<FilterOption[]>;
}

/**
 * A select over a list too long to load (180 equipment, or 100 000): type to search on the
 * server, pick from the matches. Keyboard and screen-reader friendly (Ark combobox).
 */
export function SearchSelect({
  label,
  value,
  selectedLabel,
  onChange,
  onBlur,
  error,
  helper,
  placeholder,
  queryKey,
  search,
}: SearchSelectProps) {
  const [input, setInput] = useState(selectedLabel);
  const [open, setOpen] = useState(false);
  const q = useDebounced(input === selectedLabel ? '' : input.trim(), PICK_DEBOUNCE_MS);
  const { data, isFetching } = useQuery({
    queryKey: [...queryKey, 'pick', q],
    queryFn: ({ signal }) => search(q, signal),
    enabled: open,
    staleTime: 30_000,
  });
  const collection = useMemo(
    () =>
      createListCollection({
        items: data ?? [],
        itemToString: (o: FilterOption) => o.label,
        itemToValue: (o: FilterOption) => o.value,
      }),
    [data],
  );

  return (
    <Field.Root invalid={!!error}>
      <Combobox.Root
        collection={collection}
        value={value ? [value] : []}
        inputValue={input}
        openOnClick
        invalid={!!error}
        positioning={{ strategy: 'fixed' }}
        onInputValueChange={(e) => setInput(e.inputValue)}
        onOpenChange={(e) => setOpen(e.open)}
        onValueChange={(e) => {
          const item = e.items[0] as FilterOption | undefined;
          onChange(item?.value ?? '', item?.label ?? '');
          setInput(item?.label ?? '');
        }}
      >
        <Combobox.Label>{label}</Combobox.Label>
        <Combobox.Control>
          <Combobox.Input
            placeholder={placeholder ?? 'Type to search…'}
            onBlur={() => {
              if (!input) onChange('', '');
              onBlur?.();
            }}
          />
          <Combobox.IndicatorGroup>
            {isFetching && <Spinner size="xs" aria-hidden />}
            <Combobox.ClearTrigger aria-label={`Clear ${label}`} />
            <Combobox.Trigger aria-label={`Show ${label} options`} />
          </Combobox.IndicatorGroup>
        </Combobox.Control>
        {/* Not portalled: inside a modal drawer everything outside it is hidden from assistive tech. */}
        <Combobox.Positioner>
          <Combobox.Content>
            <Combobox.Empty>{isFetching ? 'Searching…' : 'No matches'}</Combobox.Empty>
            {collection.items.map((item) => (
              <Combobox.Item item={item} key={item.value}>
                <Combobox.ItemText>{item.label}</Combobox.ItemText>
                <Combobox.ItemIndicator />
              </Combobox.Item>
            ))}
          </Combobox.Content>
        </Combobox.Positioner>
      </Combobox.Root>
      {helper && !error && <Field.HelperText>{helper}</Field.HelperText>}
      <Field.ErrorText>{error}</Field.ErrorText>
    </Field.Root>
  );
}
