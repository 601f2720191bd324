/**
 * Spec §7 Account and identity: "Signed token request (fields: card number, first name); set account
 * data for the store id". When a signed-in shopper's preferred store is set on the account
 * (mf-store-selector saves it, then asks `session/refresh-requested { reason: 'preferred-store' }`), the
 * shell, once the account is read again, requests the signed token of the shopper's card:
 * `POST {apiBase}/account/signed-token { cardNumber, firstName }` → `{ token, expiresIn }` (an HS256 JWT
 * for the Scene+ registration, `expiresIn` in seconds, 300). Pure of the page: the caller passes the BFF call.
 */
import type { BffEnvelope, Session } from 'shared-events';

/** The reason mf-store-selector gives when it saved the preferred store on the account. */
export const PREFERRED_STORE_REASON = 'preferred-store';

/** A signed token and when it stops being valid (ms since epoch). */
export interface SignedToken {
  token: string;
  expiresAt: number;
}

type Call = <T = unknown>(apiBase: string, path: string, options?: { method?: string; body?: unknown }) => Promise<BffEnvelope<T>>;

/**
 * The signed-token request's body for a session, or null when it has none to make: not signed in, no
 * preferred store on the account, no 16-digit card number, or no first name. `firstName` is cut to the
 * BFF's 50 characters.
 */
export function signedTokenBody(session: Session): { cardNumber: string; firstName: string } | null {
  const cardNumber = session.scene?.cardNumber ?? '';
  const firstName = session.profile?.firstName.trim().slice(0, 50) ?? '';
  if (!session.loggedIn || !session.product.storeId || !/^[0-9]{16}$/.test(cardNumber) || !firstName) return null;
  return { cardNumber, firstName };
}

/**
 * Requests the signed token for `session` (see the module comment).
 * @param now clock, ms since epoch
 * @returns the token, or null when the session has none to request ({@link signedTokenBody}) or the
 *   BFF refused (400 bad field, 403 not the shopper's card) or did not answer: the caller carries on
 *   (spec §8 "Other failures are silently ignored").
 */
export async function requestSignedToken(call: Call, apiBase: string, session: Session, now: () => number = Date.now): Promise<SignedToken | null> {
  const body = signedTokenBody(session);
  if (!body) return null;
  try {
    const env = await call<{ token: string; expiresIn: number }>(apiBase, '/account/signed-token', { method: 'POST', body });
    if (env.status !== 'success' || typeof env.data?.token !== 'string' || typeof env.data.expiresIn !== 'number') return null;
    return { token: env.data.token, expiresAt: now() + env.data.expiresIn * 1000 };
  } catch {
    return null;
  }
}
