/**
 * The account calls of mf-loyalty's account pages (`/my-profile`, `/preferences-centre`), made
 * with `callBff` from shared-events as the shopper of the BFF's HttpOnly session cookie (`credentials:
 * 'same-origin'`, `x-storefront-csrf: 1`, nonce; no token is on the page or sent from it). Each returns
 * the envelope `{ status, code, message, data }`; network failures and 5xx throw `BffError`.
 */
import { callBff, type BffEnvelope } from 'shared-events';
import { accountDataSchema, type AccountData, type Preferences } from 'shared-events/contracts';
import { parsedData } from './parsedData';

/** `data` of `GET /api/account` and of the preferences calls: typed once, in shared-events/contracts. */
export type { AccountData, PreferenceLanguage, Preferences } from 'shared-events/contracts';

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
    getAccount: () => parsedData(callBff(apiBase, '/account', { method: 'GET' }), accountDataSchema),
    getPreferences: () => callBff<Preferences>(apiBase, '/account/preferences', { method: 'GET' }),
    savePreferences: (preferences) => callBff<Preferences>(apiBase, '/account/preferences', { method: 'PUT', body: preferences }),
  };
}
