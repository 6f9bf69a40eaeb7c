import {
  ALLOCATION_SUBJECT_FIELDS,
  IMPORT_TARGET_INFO,
  type ImportMapping,
  type ImportTarget,
} from '../../../src/contract/imports';
import { fieldError } from '../../lib/resource';

/** Header or field name without case, spaces or punctuation: "Fleet No." ≈ "fleetNo". */
export const norm = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '');

/**
 * A first mapping from the file's headers: a field takes the first column whose header matches
 * its name, its label or one of its aliases, each column used once.
 */
export function suggestMapping(target: ImportTarget, columns: readonly string[]): ImportMapping {
  const free = new Map(columns.map((c) => [norm(c), c]));
  const out: ImportMapping = {};
  for (const f of IMPORT_TARGET_INFO[target].fields) {
    const names = [f.name, f.label, ...(f.aliases ?? [])].map(norm);
    const hit = names.map((n) => free.get(n)).find((c) => c !== undefined);
    out[f.name] = hit ?? null;
    if (hit) free.delete(norm(hit));
  }
  return out;
}

/**
 * Checks a mapping against the target and the file: known fields, existing columns, required
 * fields mapped (and for allocations at least one subject column). 422 `bad_mapping` with the
 * problems on `mapping.<field>`. Returns the mapping without the unmapped fields.
 */
export function checkMapping(
  target: ImportTarget,
  columns: readonly string[],
  mapping: ImportMapping,
): Record<string, string> {
  const info = IMPORT_TARGET_INFO[target];
  const known = new Set(info.fields.map((f) => f.name));
  const have = new Set(columns);
  const errors: Record<string, string[]> = {};
  const out: Record<string, string> = {};
  for (const [field, column] of Object.entries(mapping)) {
    if (!known.has(field)) errors[`mapping.${field}`] = [`${info.label} have no field ${field}`];
    else if (column !== null && column !== '' && !have.has(column))
      errors[`mapping.${field}`] = [`The file has no column “${column}”`];
    else if (column) out[field] = column;
  }
  for (const f of info.fields) {
    if (f.required && !out[f.name] && !errors[`mapping.${f.name}`])
      errors[`mapping.${f.name}`] = [`Choose the column for ${f.label}`];
  }
  if (target === 'allocations' && !ALLOCATION_SUBJECT_FIELDS.some((s) => out[s])) {
    errors['mapping.equipmentFleetNo'] = ['Choose the column of the equipment, employee or cost centre'];
  }
  if (Object.keys(errors).length) throw fieldError('bad_mapping', errors, 'The column mapping is not complete.');
  return out;
}
