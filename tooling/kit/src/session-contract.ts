/**
 * The BFF's session endpoints as both sides read them (services/bff `/api/auth/*`, shell
 * src/session/bff-session.ts): one definition, so the shape cannot drift between the writer and the reader.
 * Types and names only: nothing here runs in the browser bundle.
 */

/** The HttpOnly session cookie (`__Host-`: Secure, Path=/, no Domain; SameSite=Lax). Never readable by a script. */
export const SESSION_COOKIE = '__Host-storefront-session';
/** A readable, secret-free hint the BFF sets with the session cookie: `1` while a session may exist. */
export const SIGNED_IN_HINT_COOKIE = '__Host-storefront-signed-in';
/** The header a cookie-authenticated write must carry (a cross-origin page cannot send it without a preflight). */
export const CSRF_HEADER = 'x-storefront-csrf';

/** `GET /api/auth/session` data of a signed-in browser: the names from the id token, no token. */
export interface SessionInfo {
  signedIn: true;
  /** OIDC `sub`. */
  uid: string;
  email: string | null;
  firstName: string;
  lastName: string;
  /** A non-secret handle of the session (16 hex characters): keys the shell's identity cache. */
  sessionId: string;
  /** When the session's current id token expires, ms since epoch (the BFF refreshes it). */
  expiresAt: number;
}

/** `GET /api/auth/session` data: a {@link SessionInfo} or `{ signedIn: false }`. */
export type SessionAnswer = SessionInfo | { signedIn: false };
