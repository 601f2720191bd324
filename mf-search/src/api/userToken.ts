/**
 * The insights/analytics user token (Algolia: 1–129 characters of `[a-zA-Z0-9_=/+-]`): the signed-in
 * shopper's uid, else an anonymous token kept in `localStorage['mfs-user-token']`.
 */
import type { Session } from 'shared-events';

/** localStorage key of the anonymous token. */
export const USER_TOKEN_KEY = 'mfs-user-token';

const clean = (s: string) => s.replace(/[^a-zA-Z0-9_=/+-]/g, '_').slice(0, 129);

/** The token for this shopper. */
export function userTokenFor(session: Pick<Session, 'uid' | 'loggedIn'> | null | undefined): string {
  if (session?.loggedIn && session.uid) return clean(session.uid);
  try {
    const stored = window.localStorage.getItem(USER_TOKEN_KEY);
    if (stored && /^[a-zA-Z0-9_=/+-]{1,129}$/.test(stored)) return stored;
    const token = `anonymous-${Math.random().toString(36).slice(2, 12)}${Date.now().toString(36)}`;
    window.localStorage.setItem(USER_TOKEN_KEY, token);
    return token;
  } catch {
    return 'anonymous';
  }
}
