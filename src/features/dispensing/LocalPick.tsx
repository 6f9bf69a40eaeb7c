import { Combobox, createListCollection, Field, Portal, Text } from '@chakra-ui/react';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';

/**
 * A type-ahead over a list held on the device (the cached reference data), so it works with no
 * signal: equipment by fleet no., registration or tag; employees by name, number or tag. A value
 * typed or scanned that equals exactly one item's key (a tag read by a scanner, a full fleet
 * number) picks that item at once. Typed text is kept when nothing matches.
 */
export interface PickItem {
  value: string;
  label: string;
  /** Second line in the list (description, cost centre, …). */
  detail?: string;
  /** Lower-cased text searched by what the user types. */
  search: string;
  /** Lower-cased keys that pick the item when typed or scanned in full (tags, fleet no., number). */
  exact: string[];
}

/** How the value was picked: a full key typed or scanned ('exact'), from the list, or cleared. */
export type PickedBy = 'exact' | 'list' | 'clear';

interface Props {
  label: string;
  items: readonly PickItem[];
  value: string;
  /** `text`: what was typed or scanned when `by` is 'exact'. */
  onChange: (value: string, by: PickedBy, text?: string) => void;
  error?: string;
  helper?: ReactNode;
  placeholder?: string;
  /** Most options shown at once (the list narrows as the user types). */
  max?: number;
  required?: boolean;
}

/** The single item whose exact key is `text`, if any. */
export function exactMatch(items: readonly PickItem[], text: string): PickItem | undefined {
  const q = text.trim().toLowerCase();
  if (!q) return undefined;
  const hits = items.filter((i) => i.exact.includes(q));
  return hits.length === 1 ? hits[0] : undefined;
}

/** Items matching every word typed; exact and prefix matches first. */
export function filterItems(items: readonly PickItem[], text: string, max: number): PickItem[] {
  const words = text.trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (!words.length) return items.slice(0, max);
  const q = words.join(' ');
  const score = (i: PickItem) => (i.exact.includes(q) ? 0 : i.exact.some((k) => k.startsWith(q)) ? 1 : 2);
  return items.filter((i) => words.every((w) => i.search.includes(w)))
    .map((i) => [score(i), i] as const).sort((a, b) => a[0] - b[0]).slice(0, max).map(([, i]) => i);
}

export function LocalPick({ label, items, value, onChange, error, helper, placeholder, max = 40, required }: Props) {
  const selected = items.find((i) => i.value === value);
  const [input, setInput] = useState(selected?.label ?? '');
  // The value this box last showed; a different one from outside (reset, a record to correct) replaces the text.
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    setInput(selected?.label ?? '');
  }
  const matches = useMemo(() => filterItems(items, input === selected?.label ? '' : input, max), [items, input, selected?.label, max]);
  const collection = useMemo(() => createListCollection({
    items: matches, itemToString: (i: PickItem) => i.label, itemToValue: (i: PickItem) => i.value,
  }), [matches]);

  // The value picked last, read by handlers that run before the parent passes it back down.
  const picked = useRef(value);
  useEffect(() => { picked.current = value; }, [value]);
  const pick = (next: string, by: PickedBy, text?: string) => {
    picked.current = next;
    setShown(next);
    onChange(next, by, text);
  };
  const typed = (text: string) => {
    setInput(text);
    const current = items.find((i) => i.value === picked.current);
    if (current && text === current.label) return; // the box showing the picked item, not typing
    const hit = exactMatch(items, text);
    if (hit) pick(hit.value, 'exact', text.trim().toLowerCase());
    else if (value) pick('', 'clear');
  };

  return (
    <Field.Root invalid={!!error} required={required}>
      <Combobox.Root collection={collection} value={value ? [value] : []} inputValue={input} invalid={!!error} required={required}
        allowCustomValue inputBehavior="autohighlight" selectionBehavior="preserve" openOnClick size="lg"
        onInputValueChange={(e) => {
          if (e.reason === 'input-change' || e.reason === 'clear-trigger') typed(e.inputValue);
        }}
        onValueChange={(e) => {
          const item = e.items[0] as PickItem | undefined;
          setInput(item?.label ?? '');
          pick(item?.value ?? '', item ? 'list' : 'clear');
        }}>
        <Combobox.Label fontSize="md">{label}<Field.RequiredIndicator ms="1" /></Combobox.Label>
        <Combobox.Control>
          {/* 48 px tall, 16 px text; room on the right for the 48 px wide buttons. `data-picked` tells Enter to move on. */}
          <Combobox.Input placeholder={placeholder ?? 'Type to search…'} autoComplete="off" enterKeyHint="next"
            aria-required={required || undefined} data-picked={value ? 'true' : 'false'} pe={input ? '24' : '12'} />
          <Combobox.IndicatorGroup px="0" gap="0">
            {input && <Combobox.ClearTrigger aria-label={`Clear ${label}`} minW="12" h="full" justifyContent="center" />}
            <Combobox.Trigger aria-label={`Show ${label} options`} minW="12" h="full" />
          </Combobox.IndicatorGroup>
        </Combobox.Control>
        <Portal>
          <Combobox.Positioner>
            <Combobox.Content maxH="min(60vh, 360px)">
              <Combobox.Empty>No match on this device</Combobox.Empty>
              {collection.items.map((item) => (
                <Combobox.Item item={item} key={item.value} py="3" minH="12">
                  <Combobox.ItemText>
                    {item.label}
                    {item.detail && <Text as="span" display="block" fontSize="sm" color="fg.muted">{item.detail}</Text>}
                  </Combobox.ItemText>
                  <Combobox.ItemIndicator />
                </Combobox.Item>
              ))}
            </Combobox.Content>
          </Combobox.Positioner>
        </Portal>
      </Combobox.Root>
      {selected && input !== selected.label && !error && <Field.HelperText color="fg" fontSize="sm">Picked: {selected.label}</Field.HelperText>}
      {helper && !error && <Field.HelperText fontSize="sm">{helper}</Field.HelperText>}
      <Field.ErrorText fontSize="sm">{error}</Field.ErrorText>
    </Field.Root>
  );
}
