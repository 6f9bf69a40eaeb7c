import type { AccountInfo, PermissionsResponse } from '@/contract/auth';

/**
 * Who is signed in, as the session keeps it and the device remembers it for an offline unlock.
 * Types only, below both `session.ts` and `offline/identity.ts` so neither imports the other.
 */

export interface UserInfo {
  uid: number;
  displayName: string;
  email: string;
  photoURL: string;
  userRole: string;
}
export interface SelectedAccount {
  key: string;
  name: string;
  id: number;
  typeId: number;
  type: string;
}
/** One entry of `userAccounts`: the login result without its token. */
export interface UserAccount extends AccountInfo {
  homeScreenMessage: string;
  roles: string[];
}

/** The identity an online sign-in had (no tokens), restored by the same password offline. */
export interface OfflineIdentity {
  user: UserInfo;
  accounts: UserAccount[];
  userKey: string;
  account: SelectedAccount | null;
  roles: string[];
  permissions: PermissionsResponse | null;
  homeScreenMessage: string;
}
