/**
 * The account calls of mf-loyalty's account pages (`/my-profile`, `/preferences-centre`), made
 * with `callBff` from shared-events as the shopper of the BFF's HttpOnly session cookie (`credentials:
 * 'same-origin'`, `x-storefront-csrf: 1`, nonce; no token is on the page or sent from it). Each returns
 * the envelope `{ status, code, message, data }`; network failures and 5xx throw `BffError`.
 */
import { callBff, type BffEnvelope } from 'shared-events';

/** `data` of `GET /api/account` (services/bff README). */
export interface AccountData {
  uid: string;
  email: string | null;
  firstName: string;
  lastName: string;
  cardNumber: string | null;
  preferredStoreId: string | null;
  subscribed: boolean;
}

/** Email language of the Preferences Centre. */
export type PreferenceLanguage = 'en' | 'fr';

/** `data` of `GET` / `PUT /api/account/preferences`, and the `PUT` body. */
export interface Preferences {
  flyerEmail: boolean;
  offersEmail: boolean;
  language: PreferenceLanguage;
}

/** The calls, bound to `apiBase` (RuntimeConfig.apiBase, normally '/api'), as the shopper of the session cookie. Tests replace this object. */
export interface AccountApi {
  /** `GET /api/account` → name, email, card, preferred store, subscribed. */
  getAccount(): Promise<BffEnvelope<AccountData>>;
  /** `GET /api/account/preferences`. */
  getPreferences(): Promise<BffEnvelope<Preferences>>;
  /** `PUT /api/account/preferences` `{ flyerEmail, offersEmail, language }` → the saved preferences. */
  savePreferences(preferences: Preferences): Promise<BffEnvelope<Preferences>>;
}

/** The real API over `callBff`. */
export function createAccountApi(apiBase: string): AccountApi {
  return {
    getAccount: () => callBff<AccountData>(apiBase, '/account', { method: 'GET' }),
    getPreferences: () => callBff<Preferences>(apiBase, '/account/preferences', { method: 'GET' }),
    savePreferences: (preferences) => callBff<Preferences>(apiBase, '/account/preferences', { method: 'PUT', body: preferences }),
  };
}
