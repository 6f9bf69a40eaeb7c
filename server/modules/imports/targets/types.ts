import type { SQL } from 'drizzle-orm';
import type { MasterImportTarget } from '../../../../src/contract/imports';
import type { Actor, AnyResourceDef, ListSpec, MasterTable, WriteOptions } from '../../../lib/resource';
import type { SetupServices } from '../../setup/setup.services';

/** Reference tables an import resolves codes against (code → id, case-insensitive, live rows). */
export type RefKind = 'stores' | 'products' | 'costCentres' | 'equipmentTypes' | 'equipment' | 'employees';

/** Code → id lookups for one chunk; the job loads them before converting (see lookups.ts). */
export interface Resolver {
  id(kind: RefKind, code: string): string | undefined;
}

/** How one cell becomes one input value; an error message when it cannot. */
export type Converter = (cell: string, r: Resolver) => { value?: unknown; error?: string };

/** One import field (a column of the mapping) and the input field it fills. */
export interface FieldSpec {
  /** Name in the contract's IMPORT_TARGET_INFO fields. */
  field: string;
  /** Name in the resource's create input. */
  input: string;
  convert: Converter;
  /** Codes this cell refers to, so a chunk can look them all up in one query. */
  refs?: (cell: string) => { kind: RefKind; codes: string[] };
}

/**
 * The part of a setup resource service an import uses. Inputs are typed `never` so every
 * resource's service fits; the pipeline passes what the resource's own create schema parsed.
 */
export interface WriteService {
  def: AnyResourceDef;
  spec: ListSpec;
  toRow(raw: never): { id: string; version: number };
  create(actor: Actor, input: never, opts?: WriteOptions): Promise<{ id: string; version: number }>;
  update(actor: Actor, id: string, body: never, opts?: WriteOptions): Promise<{ id: string; version: number }>;
}

/** What the generic import pipeline (upsert.ts) needs to know about one target. */
export interface TargetDef {
  name: MasterImportTarget;
  fields: FieldSpec[];
  service(s: SetupServices): WriteService;
  table: MasterTable;
  /** The natural key of an input (normalised), or null when a key part is missing. */
  keyOf(input: Record<string, unknown>): string | null;
  /** The same key in SQL, compared with `keyOf` values to find existing rows. */
  keySql: SQL;
  /** The key as a person reads it (fleet no., store/tank code) from the cell texts. */
  label(values: Record<string, string>): string;
  /** The create input of an existing row (API row), to merge an update over. */
  fromRow(row: Record<string, unknown>): Record<string, unknown>;
}
