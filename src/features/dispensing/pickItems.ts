import type { ReferenceData } from '@/contract/setup/reference';
import { employeeLabel, equipmentLabel } from '@/lib/reference/labels';
import type { PickItem } from './LocalPick';

/**
 * The field screens' type-ahead choices, built from the cached reference data (works offline); the
 * plain selects' options and every label come from `@/lib/reference/labels`.
 */

type Ref = ReferenceData;
/**
 * The order `localeCompare` gives (default locale and options), with one collator built once:
 * `localeCompare` builds one per call, ~75 ms for the demo fleet at 4× CPU (ADR 017, third pass).
 */
let collator: Intl.Collator | undefined;
const byLabel = (a: { label: string }, b: { label: string }) =>
  (collator ??= new Intl.Collator()).compare(a.label, b.label);
const low = (...parts: Array<string | null | undefined>) => parts.filter(Boolean).join(' ').toLowerCase();

/** Active equipment; on FAMS24 sites only the equipment enabled for FAMS24. */
export function equipmentItems(ref: Ref, fams24: boolean): PickItem[] {
  const cc = new Map(ref.costCentres.map((c) => [c.id, c.code]));
  return ref.equipment
    .filter((e) => e.active && (!fams24 || e.fams24Enabled))
    .map((e) => ({
      value: e.id,
      label: equipmentLabel(e),
      detail: [e.description, e.costCentreId ? cc.get(e.costCentreId) : null].filter(Boolean).join(' · ') || undefined,
      search: low(e.fleetNo, e.registration, e.registration?.replace(/\s+/g, ''), e.description, ...e.tags),
      exact: [e.fleetNo, e.registration, e.registration?.replace(/\s+/g, ''), ...e.tags]
        .filter((k): k is string => !!k)
        .map((k) => k.toLowerCase()),
    }))
    .sort(byLabel);
}

/** Active employees allowed at the store (an empty store list means every store). */
export function employeeItems(ref: Ref, storeId: string, fams24: boolean): PickItem[] {
  return ref.employees
    .filter(
      (e) =>
        e.active &&
        (!fams24 || e.fams24Enabled) &&
        (e.storeIds.length === 0 || !storeId || e.storeIds.includes(storeId)),
    )
    .map((e) => ({
      value: e.id,
      label: employeeLabel(e),
      detail: fams24
        ? [e.tag ? 'tag' : null, e.hasPin ? 'PIN' : null].filter(Boolean).join(' · ') || 'no tag or PIN'
        : undefined,
      search: low(e.name, e.number, e.tag),
      exact: [e.number, e.tag].filter((k): k is string => !!k).map((k) => k.toLowerCase()),
    }))
    .sort(byLabel);
}

/**
 * The signed-in user's own employee (ADR 076), when it is one of the store's choices: the form
 * preselects it, since a driver or attendant who records a fill is its employee unless another is chosen.
 */
export function signedInEmployee(
  ref: Ref,
  userId: number | null | undefined,
  storeId: string,
  fams24: boolean,
): string | null {
  if (userId === null || userId === undefined) return null;
  const me = ref.employees.find((e) => e.userId === userId && e.active);
  if (!me) return null;
  return employeeItems(ref, storeId, fams24).some((i) => i.value === me.id) ? me.id : null;
}
