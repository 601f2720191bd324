import type { Session } from 'shared-events';

/**
 * "Signed in" for this remote: the shell says so (`loggedIn`) and names the shopper (`uid`). The id
 * token is never on the page (the BFF holds it behind its HttpOnly session cookie), so `id_token` is
 * not looked at.
 */
export function isSignedIn(s: Session | null | undefined): s is Session & { uid: string } {
  return !!s && s.loggedIn && !!s.uid;
}

/** True while `s` is signed in as the shopper `uid`. */
export function signedInAs(s: Session | null | undefined, uid: string): boolean {
  return isSignedIn(s) && s.uid === uid;
}
