import { useQuery } from '@tanstack/react-query';
import { MAX_PAGE_SIZE } from '@/contract/constants';
import type { Option } from '@/lib/reference/labels';
import { clients } from './clients';

/** The account's customers (first 200 by name) and their sites, for pickers and filters. */
export function useCustomerOptions(): Option[] {
  const { data } = useQuery({
    queryKey: ['commercial', 'customer-options'],
    queryFn: ({ signal }) => clients.customers.list({ pageSize: MAX_PAGE_SIZE, sort: 'name' }, signal),
  });
  return (data?.items ?? []).map((c) => ({ value: c.id, label: c.name }));
}

export function useSiteOptions(customerId: string | undefined): Option[] {
  const { data } = useQuery({
    queryKey: ['commercial', 'site-options', customerId],
    enabled: !!customerId,
    queryFn: ({ signal }) =>
      clients.sites.list({ pageSize: MAX_PAGE_SIZE, sort: 'name', 'f.customerId': customerId! }, signal),
  });
  return (data?.items ?? []).map((s) => ({ value: s.id, label: s.name }));
}
