import { useQuery } from '@tanstack/react-query';
import { WALLBOARD_PATH, Wallboard, WALLBOARD_REFRESH_MS } from '@/contract/dashboard';
import {
  READING_RANGES,
  TANK_LEVELS_PATH,
  TankLevelsResponse,
  tankReadingsPath,
  TankReadingsResponse,
  type ReadingRange,
  type TankLevelsQuery,
} from '@/contract/tanks';
import { api } from '@/lib/api';
import { relative } from '@/lib/resource';

/** The tanks screens' server calls (src/contract/tanks.ts) as react-query hooks. */

/** Levels are measurements that change by the minute: refetched every minute while shown. */
const LEVELS_REFRESH_MS = 60_000;

export const levelsKey = (q: TankLevelsQuery) => [TANK_LEVELS_PATH, q.storeId ?? '', q.productId ?? ''] as const;

export function useTankLevels(q: TankLevelsQuery) {
  return useQuery({
    queryKey: levelsKey(q),
    queryFn: ({ signal }) => {
      const searchParams: Record<string, string> = {};
      if (q.storeId) searchParams.storeId = q.storeId;
      if (q.productId) searchParams.productId = q.productId;
      return api.get(relative(TANK_LEVELS_PATH), TankLevelsResponse, { searchParams, signal, quiet: true });
    },
    refetchInterval: LEVELS_REFRESH_MS,
    staleTime: 10_000,
  });
}

/** A tank's history over the last `range`, up to now (the query is made again for a new "now" on refetch). */
export function useTankReadings(tankId: string | null, range: ReadingRange) {
  return useQuery({
    queryKey: [TANK_LEVELS_PATH, 'readings', tankId, range] as const,
    enabled: !!tankId,
    queryFn: ({ signal }) => {
      const to = new Date();
      const from = new Date(to.getTime() - READING_RANGES[range]);
      return api.get(relative(tankReadingsPath(tankId!)), TankReadingsResponse, {
        searchParams: { from: from.toISOString(), to: to.toISOString() },
        signal,
        quiet: true,
      });
    },
    refetchInterval: LEVELS_REFRESH_MS,
  });
}

export function useWallboard() {
  return useQuery({
    queryKey: [WALLBOARD_PATH],
    queryFn: ({ signal }) => api.get(relative(WALLBOARD_PATH), Wallboard, { signal, quiet: true }),
    refetchInterval: WALLBOARD_REFRESH_MS,
    // A wall board runs for days: keep trying after a failure, and keep showing the last figures.
    refetchIntervalInBackground: true,
    retry: true,
    retryDelay: 15_000,
  });
}
