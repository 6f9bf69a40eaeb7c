import type { ReferenceData } from '@/contract/setup/reference';
import type { ReferenceSnapshot } from './db';

/** The last reference data read per account, with its ETag (see `keepData`). */
const lastRead = new Map<number | undefined, { etag: string; data: ReferenceData }>();

/**
 * A refresh answered 304 (every page start) writes only `fetchedAt`, and the live query reads the
 * row again as new objects. The ETag is a hash of the content, so the same ETag keeps the same
 * `data` object: the field forms skip that render and their memos over it (sorted pick lists)
 * hold (ADR 017, fifth pass). `fetchedAt` is still the new one.
 */
export function keepData(id: number | undefined, snapshot: ReferenceSnapshot): ReferenceSnapshot {
  const last = lastRead.get(id);
  if (snapshot.etag === null) return snapshot;
  if (last?.etag === snapshot.etag) return last.data === snapshot.data ? snapshot : { ...snapshot, data: last.data };
  lastRead.set(id, { etag: snapshot.etag, data: snapshot.data });
  return snapshot;
}
