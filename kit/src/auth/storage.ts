// Browser storage of docs/product/accounts-billing-admin.md (Data): `userId` and `userData` (the cached user JSON).
import type { User } from './user';

export const USER_ID_KEY = 'userId';
export const USER_DATA_KEY = 'userData';

/** localStorage when present (browsers), else nothing: the kit also runs in node tests. */
function storage(): Storage | null {
  try {
    return typeof globalThis.localStorage === 'undefined' ? null : globalThis.localStorage;
  } catch {
    return null; // access can throw when storage is disabled
  }
}

export function readStoredUserId(): string | null {
  return storage()?.getItem(USER_ID_KEY) ?? null;
}

export function readStoredUser(): User | null {
  const raw = storage()?.getItem(USER_DATA_KEY);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as User;
  } catch {
    return null;
  }
}

export function storeUser(user: User): void {
  const store = storage();
  store?.setItem(USER_ID_KEY, user.id);
  store?.setItem(USER_DATA_KEY, JSON.stringify(user));
}

export function clearStoredUser(): void {
  const store = storage();
  store?.removeItem(USER_ID_KEY);
  store?.removeItem(USER_DATA_KEY);
}
