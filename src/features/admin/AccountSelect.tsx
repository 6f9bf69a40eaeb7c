import { SearchSelect, type SearchSelectProps } from '@/app/ui/form/SearchSelect';
import { ACCOUNTS_LIST } from '@/contract/admin';
import { searchAccounts } from '@/lib/accounts';

/** The value `AccountSelect` gives for "All accounts" (with `all`). */
export const ALL_ACCOUNTS = 'all';
const ALL_LABEL = 'All accounts';

/**
 * One of ThebigBoss's accounts: type to search the `/accounts` list on the server (there may be
 * more accounts than one page may hold). `all` offers "All accounts" first.
 */
export function AccountSelect({
  all = false,
  ...field
}: Pick<SearchSelectProps, 'value' | 'selectedLabel' | 'onChange' | 'onBlur' | 'error'> & { all?: boolean }) {
  return (
    <SearchSelect
      label="Account"
      placeholder="Type an account's name"
      {...field}
      queryKey={[ACCOUNTS_LIST.path, 'select', all]}
      search={async (q, signal) => {
        const options = await searchAccounts(q, signal);
        const offerAll = all && ALL_LABEL.toLowerCase().includes(q.toLowerCase());
        return offerAll ? [{ value: ALL_ACCOUNTS, label: ALL_LABEL }, ...options] : options;
      }}
    />
  );
}
