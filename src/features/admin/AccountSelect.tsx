import { SearchSelect } from '@/app/ui/form/SearchSelect';
import { ACCOUNTS_LIST } from '@/contract/admin';
import { adminClients } from './client';

/** The value `AccountSelect` gives for "All accounts" (with `all`). */
export const ALL_ACCOUNTS = 'all';
const ALL_LABEL = 'All accounts';

/**
 * One of ThebigBoss's accounts: type to search the `/accounts` list on the server (there may be
 * more accounts than one page may hold). `all` offers "All accounts" first.
 */
export function AccountSelect({
  value,
  selectedLabel,
  onChange,
  onBlur,
  error,
  all = false,
}: {
  value: string;
  selectedLabel: string;
  onChange: (value: string, label: string) => void;
  onBlur?: () => void;
  error?: string;
  all?: boolean;
}) {
  return (
    <SearchSelect
      label="Account"
      value={value}
      selectedLabel={selectedLabel}
      placeholder="Type an account's name"
      error={error}
      queryKey={[ACCOUNTS_LIST.path, 'select', all]}
      search={async (q, signal) => {
        const page = await adminClients.accounts.list({ q, pageSize: 20, sort: 'name' }, signal);
        const options = page.items.map((a) => ({
          value: String(a.id),
          label: a.blocked ? `${a.name} (blocked)` : a.name,
        }));
        const offerAll = all && ALL_LABEL.toLowerCase().includes(q.toLowerCase());
        return offerAll ? [{ value: ALL_ACCOUNTS, label: ALL_LABEL }, ...options] : options;
      }}
      onChange={onChange}
      onBlur={onBlur}
    />
  );
}
