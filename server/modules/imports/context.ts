import type { Actor } from '../../lib/resource';
import type { Lookups } from './lookups';
import type { TargetDef, WriteService } from './targets';

/** Everything a chunk needs that stays the same for the whole job (upsert.ts and bulk.ts both take it). */
export interface ImportContext {
  actor: Actor;
  target: TargetDef;
  svc: WriteService;
  /** field → column header (mapped fields only). */
  mapping: Record<string, string>;
  /** column header → position in a row. */
  columnIndex: Map<string, number>;
  lookups: Lookups;
  log: (err: unknown, row: number) => void;
}
