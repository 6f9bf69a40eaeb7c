import { SimpleGrid } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { TextField } from '@/app/ui/Fields';
import { SwitchField } from '@/app/ui/form/fields';
import type { ResourceForm } from '@/app/ui/form/useResourceForm';
import { MAX_PAGE_SIZE } from '@/contract/list';
import type { EquipmentExtra, ExtraValue } from '@/contract/setup';
import { numberOrNull } from '@/lib/paths';
import { clients } from '../clients';

/**
 * The account's extra attribute definitions (`/EqpExtras`): undefined while loading (the form
 * waits, so a save never drops values), none when the user may not read them.
 */
export function useExtraDefinitions(): EquipmentExtra[] | undefined {
  const { data, isError } = useQuery({
    queryKey: [clients.equipmentExtras.path, 'list', { all: true }],
    queryFn: ({ signal }) => clients.equipmentExtras.list({ page: 1, pageSize: MAX_PAGE_SIZE, sort: 'label' }, signal),
    staleTime: 60_000,
    retry: false,
  });
  return isError ? NONE : data?.items;
}
const NONE: EquipmentExtra[] = [];

export type ExtrasDraft = Record<string, string | boolean>;

/** Stored values → inputs (numbers as text, missing as empty). */
export function extrasDraft(
  values: Record<string, ExtraValue> | undefined,
  defs: readonly EquipmentExtra[],
): ExtrasDraft {
  const out: ExtrasDraft = {};
  for (const d of defs) {
    const v = values?.[d.key];
    out[d.key] = typeof v === 'boolean' ? v : v === null || v === undefined ? '' : String(v);
  }
  return out;
}

/** Inputs → the values the API checks against the definitions (empty = null). */
export function extrasBody(draft: ExtrasDraft, defs: readonly EquipmentExtra[]): Record<string, ExtraValue> {
  const out: Record<string, ExtraValue> = {};
  for (const d of defs) {
    const v = draft[d.key];
    if (d.type === 'boolean')
      out[d.key] = typeof v === 'boolean' ? v : null; // untouched stays unset
    else if (typeof v !== 'string' || v.trim() === '') out[d.key] = null;
    else out[d.key] = d.type === 'number' ? numberOrNull(v) : v.trim();
  }
  return out;
}

/** One input per definition, at `extras.<key>` (the path the server's errors use). */
export function ExtrasFields({ form, defs }: { form: ResourceForm; defs: readonly EquipmentExtra[] }) {
  if (!defs.length) return null;
  return (
    <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
      {defs.map((d) => {
        const path = `extras.${d.key}`;
        const label = d.required ? d.label : `${d.label} (optional)`;
        if (d.type === 'boolean') return <SwitchField key={d.key} label={d.label} {...form.flag(path)} />;
        return (
          <TextField
            key={d.key}
            label={label}
            type={d.type === 'date' ? 'date' : 'text'}
            inputMode={d.type === 'number' ? 'decimal' : undefined}
            {...form.text(path)}
          />
        );
      })}
    </SimpleGrid>
  );
}
