import type { FilterOption } from '@/app/ui/list/ListToolbar';
import type { ReferenceData } from '@/contract/setup/reference';
import type { PickItem } from './LocalPick';

/** The field screens' choices, built from the cached reference data (works offline). */

type Ref = ReferenceData;
/**
 * The order `localeCompare` gives (default locale and options), with one collator built once:
 * `localeCompare` builds one per call, ~75 ms for the demo fleet at 4× CPU (ADR 017, third pass).
 */
let collator: Intl.Collator | undefined;
const byLabel = (a: { label: string }, b: { label: string }) => (collator ??= new Intl.Collator()).compare(a.label, b.label);
const low = (...parts: Array<string | null | undefined>) => parts.filter(Boolean).join(' ').toLowerCase();

/** Active equipment; on FAMS24 sites only the equipment enabled for FAMS24. */
export function equipmentItems(ref: Ref, fams24: boolean): PickItem[] {
  const cc = new Map(ref.costCentres.map((c) => [c.id, c.code]));
  return ref.equipment
    .filter((e) => e.active && (!fams24 || e.fams24Enabled))
    .map((e) => ({
      value: e.id,
      label: [e.fleetNo, e.registration].filter(Boolean).join(' · '),
      detail: [e.description, e.costCentreId ? cc.get(e.costCentreId) : null].filter(Boolean).join(' · ') || undefined,
      search: low(e.fleetNo, e.registration, e.registration?.replace(/\s+/g, ''), e.description, ...e.tags),
      exact: [e.fleetNo, e.registration, e.registration?.replace(/\s+/g, ''), ...e.tags].filter((k): k is string => !!k).map((k) => k.toLowerCase()),
    }))
    .sort(byLabel);
}

/** Active employees allowed at the store (an empty store list means every store). */
export function employeeItems(ref: Ref, storeId: string, fams24: boolean): PickItem[] {
  return ref.employees
    .filter((e) => e.active && (!fams24 || e.fams24Enabled) && (e.storeIds.length === 0 || !storeId || e.storeIds.includes(storeId)))
    .map((e) => ({
      value: e.id,
      label: `${e.name} (${e.number})`,
      detail: fams24 ? [e.tag ? 'tag' : null, e.hasPin ? 'PIN' : null].filter(Boolean).join(' · ') || 'no tag or PIN' : undefined,
      search: low(e.name, e.number, e.tag),
      exact: [e.number, e.tag].filter((k): k is string => !!k).map((k) => k.toLowerCase()),
    }))
    .sort(byLabel);
}

export function storeOptions(ref: Ref, variant: 'FAMS' | 'FAMS24'): FilterOption[] {
  return ref.stores.filter((s) => s.variant === variant).map((s) => ({ value: s.id, label: `${s.code} · ${s.name}` }));
}

/** A tank as the lists show it: "CPT01 Diesel 50ppm (T1)", with the product when the name does not say it. */
export function tankLabel(ref: Ref, tankId: string): string {
  const t = ref.tanks.find((x) => x.id === tankId);
  if (!t) return 'unknown tank';
  const p = ref.products.find((x) => x.id === t.productId);
  const product = p && !t.name.toLowerCase().includes(p.name.toLowerCase()) ? ` — ${p.name}` : '';
  return `${t.name} (${t.code})${product}`;
}

/** The tanks of a store, or every tank (transfers and receipts pick across stores). */
export function tankOptions(ref: Ref, storeId?: string): FilterOption[] {
  return ref.tanks.filter((t) => !storeId || t.storeId === storeId).map((t) => ({ value: t.id, label: tankLabel(ref, t.id) }))
    .sort(byLabel);
}

export function costCentreOptions(ref: Ref): FilterOption[] {
  return ref.costCentres.map((c) => ({ value: c.id, label: `${c.code} · ${c.name}` }));
}
