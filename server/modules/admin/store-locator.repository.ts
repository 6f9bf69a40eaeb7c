import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

export interface LocatorStoreRaw {
  id: string;
  code: string;
  name: string;
  lat: number | null;
  lng: number | null;
  version: number;
  open_exceptions: number;
}

/** The account's live stores with their coordinates and the number of exceptions still open there. */
export function storeLocatorRepository(db: Db) {
  return {
    async stores(accountId: number): Promise<LocatorStoreRaw[]> {
      const res = await db.execute(sql`
        select s.id::text, s.code, s.name, s.latitude as lat, s.longitude as lng, s.version,
          (select count(*)::int from exceptions e
            where e.account_id = s.account_id and e.store_id = s.id and e.status <> 'resolved') as open_exceptions
        from stores s
        where s.account_id = ${accountId} and s.deleted_at is null
        order by s.code`);
      return res.rows as unknown as LocatorStoreRaw[];
    },
  };
}
