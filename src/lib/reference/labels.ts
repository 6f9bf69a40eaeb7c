import type { ReferenceData } from '@/contract/setup/reference';

/**
 * How the app names the account's reference rows — one label per entity — and the select options
 * built from them. Pure and zod-free (types only from the contract): the office screens (the
 * reference query, `./query.ts`) and the field forms (the device's cached snapshot) use the same.
 */

export interface Option {
  value: string;
  label: string;
}

type Ref = ReferenceData | null | undefined;
type Coded = { code: string; name: string };
type TankLike = Pick<ReferenceData['tanks'][number], 'storeId' | 'code' | 'name'>;

const byLabel = (a: Option, b: Option) => a.label.localeCompare(b.label);

/** Stores, products, cost centres: "CPT01 — Cape Town Workshop". */
export const codedLabel = (r: Coded): string => `${r.code} — ${r.name}`;

/** Equipment types: "TRK — Volvo FH16". */
export const typeLabel = (t: { code: string; make: string; model: string }): string =>
  `${t.code} — ${t.make} ${t.model}`;

/** Equipment: "DF-0011 · CA 123-456", the fleet no. alone without a registration. */
export const equipmentLabel = (e: { fleetNo: string; registration: string | null }): string =>
  e.registration ? `${e.fleetNo} · ${e.registration}` : e.fleetNo;

/** Employees: "Thabo Nkosi (E0012)". */
export const employeeLabel = (e: { number: string; name: string }): string => `${e.name} (${e.number})`;

/** Tanks: "CPT01 · T1 — Diesel 50ppm", the store's code first (tank codes repeat across stores). */
export const tankLabel = (t: TankLike, storeCode: string | undefined): string =>
  `${storeCode ?? '?'} · ${t.code} — ${t.name}`;

/** A tank's label by id, for records that name it ("unknown tank" when the cache lacks it). */
export function tankName(ref: Ref, id: string | null | undefined): string {
  const t = ref?.tanks.find((x) => x.id === id);
  return t ? tankLabel(t, ref?.stores.find((s) => s.id === t.storeId)?.code) : 'unknown tank';
}

/** An equipment's label by id ("unknown equipment" when the cache lacks it). */
export function equipmentName(ref: Ref, id: string | null | undefined): string {
  const e = ref?.equipment.find((x) => x.id === id);
  return e ? equipmentLabel(e) : 'unknown equipment';
}

const coded = (rows: readonly (Coded & { id: string })[] | undefined): Option[] =>
  (rows ?? []).map((r) => ({ value: r.id, label: codedLabel(r) }));

/** Stores in the server's order; only one variant's when asked (the field screens). */
export const storeOptions = (ref: Ref, variant?: 'FAMS' | 'FAMS24'): Option[] =>
  coded(ref?.stores.filter((s) => !variant || s.variant === variant));
export const productOptions = (ref: Ref): Option[] => coded(ref?.products);
export const costCentreOptions = (ref: Ref): Option[] => coded(ref?.costCentres);
export const typeOptions = (ref: Ref): Option[] =>
  (ref?.equipmentTypes ?? []).map((t) => ({ value: t.id, label: typeLabel(t) }));

/** The tanks of a store, or of every store; sorted by label (so by store, then code). */
export function tankOptions(ref: Ref, storeId?: string): Option[] {
  const code = new Map((ref?.stores ?? []).map((s) => [s.id, s.code]));
  return (ref?.tanks ?? [])
    .filter((t) => !storeId || t.storeId === storeId)
    .map((t) => ({ value: t.id, label: tankLabel(t, code.get(t.storeId)) }))
    .sort(byLabel);
}

export const equipmentOptions = (ref: Ref): Option[] =>
  (ref?.equipment ?? []).map((e) => ({ value: e.id, label: equipmentLabel(e) })).sort(byLabel);

export const employeeOptions = (ref: Ref): Option[] =>
  (ref?.employees ?? []).map((e) => ({ value: e.id, label: employeeLabel(e) })).sort(byLabel);

/** Options from a list of codes: the value is the code, the label reads it. */
export const enumOptions = (values: readonly string[], labels: Record<string, string> = {}): Option[] =>
  values.map((v) => ({ value: v, label: labels[v] ?? v }));

export const YES_NO: Option[] = [
  { value: 'true', label: 'Yes' },
  { value: 'false', label: 'No' },
];

/** A list filter with known options (the shape the list toolbar's `FilterSpec` takes). */
export interface OptionFilter {
  field: string;
  label: string;
  options: readonly Option[];
}

/** The filters of the setup lists whose options come from the reference data. */
export function referenceFilters(ref: Ref): Record<string, OptionFilter> {
  return {
    storeId: { field: 'storeId', label: 'Store', options: storeOptions(ref) },
    homeStoreId: { field: 'homeStoreId', label: 'Home store', options: storeOptions(ref) },
    productId: { field: 'productId', label: 'Product', options: productOptions(ref) },
    costCentreId: { field: 'costCentreId', label: 'Cost centre', options: costCentreOptions(ref) },
    typeId: { field: 'typeId', label: 'Type', options: typeOptions(ref) },
    active: { field: 'active', label: 'Active', options: YES_NO },
    fams24Enabled: { field: 'fams24Enabled', label: 'FAMS24', options: YES_NO },
  };
}
