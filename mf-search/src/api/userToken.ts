/**
 * The insights/analytics user token (Algolia: 1–129 characters of `[a-zA-Z0-9_=/+-]`): the signed-in
 * shopper's uid, else an anonymous token. The anonymous token is an identifier kept in the browser, so it
 * is written to `localStorage['mfs-user-token']` only once the analytics consent group is granted
 * (`api/consentGate.ts`); until then it lives in memory for the page, and a refusal removes a stored one.
 */
import type { Session } from 'shared-events';

/** localStorage key of the anonymous token. */
export const USER_TOKEN_KEY = 'mfs-user-token';

const clean = (s: string) => s.replace(/[^a-zA-Z0-9_=/+-]/g, '_').slice(0, 129);
const VALID = /^[a-zA-Z0-9_=/+-]{1,129}$/;

/** This page's anonymous token when none is stored (the same for every call on the page). */
let pageToken: string | null = null;
const newToken = () => `anonymous-${Math.random().toString(36).slice(2, 12)}${Date.now().toString(36)}`;

/**
 * The token for this shopper: the signed-in uid, else the stored anonymous token, else this page's (held
 * in memory; {@link storeUserTokenWithConsent} stores it once analytics are allowed).
 */
export function userTokenFor(session: Pick<Session, 'uid' | 'loggedIn'> | null | undefined): string {
  if (session?.loggedIn && session.uid) return clean(session.uid);
  try {
    const stored = window.localStorage.getItem(USER_TOKEN_KEY);
    if (stored && VALID.test(stored)) return stored;
  } catch {
    /* storage off: this page's token */
  }
  return (pageToken ??= newToken());
}

/**
 * Follows the analytics consent: granted → this page's anonymous token is stored (kept for later visits);
 * refused or withdrawn → a stored one is removed. Storage errors are ignored.
 */
export function storeUserTokenWithConsent(granted: boolean): void {
  try {
    if (!granted) {
      window.localStorage.removeItem(USER_TOKEN_KEY);
      return;
    }
    const stored = window.localStorage.getItem(USER_TOKEN_KEY);
    if (!stored || !VALID.test(stored)) window.localStorage.setItem(USER_TOKEN_KEY, (pageToken ??= newToken()));
  } catch {
    /* storage off */
  }
}
