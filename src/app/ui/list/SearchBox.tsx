import { Field, Input, InputGroup } from '@chakra-ui/react';
import { useEffect, useId, useState } from 'react';
import { LuSearch } from 'react-icons/lu';

export const SEARCH_DEBOUNCE_MS = 300;

/** `fleetNo` → `fleet no`. */
const words = (field: string) => field.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();

interface Props {
  /** The search in force (from the URL). */
  value: string | undefined;
  onChange: (q: string | undefined) => void;
  /** What the search looks at, e.g. "code, name". */
  fields?: readonly string[];
  label?: string;
}

/** Free-text search that tells the list only after the user paused typing. */
export function SearchBox({ value, onChange, fields, label = 'Search' }: Props) {
  const [text, setText] = useState(value ?? '');
  const [seen, setSeen] = useState(value);
  const [sent, setSent] = useState(value);
  const hintId = useId();
  // The URL changed from outside (cleared filters, Back): show that, unless it is our own echo.
  if (value !== seen) {
    setSeen(value);
    if (value !== sent) setText(value ?? '');
  }

  useEffect(() => {
    const q = text.trim() || undefined;
    if (q === (value ?? undefined)) return;
    const t = setTimeout(() => {
      setSent(q);
      onChange(q);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(t);
  }, [text, value, onChange]);

  return (
    <Field.Root w={{ base: 'full', md: '64' }}>
      <Field.Label fontSize="xs" color="fg.muted">
        {label}
      </Field.Label>
      <InputGroup startElement={<LuSearch aria-hidden />}>
        <Input
          type="search"
          size="sm"
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder={fields?.length ? `${fields.slice(0, 3).map(words).join(', ')}…` : undefined}
          aria-describedby={fields?.length ? hintId : undefined}
        />
      </InputGroup>
      {fields?.length ? <span id={hintId} hidden>{`Searches ${fields.map(words).join(', ')}`}</span> : null}
    </Field.Root>
  );
}
