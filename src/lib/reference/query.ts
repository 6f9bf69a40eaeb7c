import { useQuery } from '@tanstack/react-query';
import { REFERENCE_PATH, ReferenceData } from '@/contract/setup';
import { api } from '@/lib/api';
import { relative } from '@/lib/resource';

/**
 * The account's reference data for the office screens (`GET /api/v1/reference`, every signed-in
 * user): one react-query cache entry that every select and filter shares. The field screens read
 * the device's cached copy instead (`@/lib/offline/reference`); both label rows with `./labels`.
 */

export const REFERENCE_QUERY_KEY = ['reference'] as const;

export const fetchReference = (signal?: AbortSignal) =>
  api.get(relative(REFERENCE_PATH), ReferenceData, { signal, quiet: true });

export function useReference() {
  return useQuery({
    queryKey: REFERENCE_QUERY_KEY,
    queryFn: ({ signal }) => fetchReference(signal),
    staleTime: 60_000,
  });
}
