import { useQuery } from '@tanstack/react-query';
import { DASHBOARD_SUMMARY_PATH, DashboardSummary } from '@/contract/dashboard';
import { api } from '@/lib/api';
import { relative } from '@/lib/resource';

/** The KPI cards' figures (the server leaves out the cards the user's roles do not allow). */
export function useDashboardSummary() {
  return useQuery({
    queryKey: [DASHBOARD_SUMMARY_PATH],
    queryFn: ({ signal }) => api.get(relative(DASHBOARD_SUMMARY_PATH), DashboardSummary, { signal, quiet: true }),
    refetchInterval: 5 * 60_000,
  });
}
