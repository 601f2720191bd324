/**
 * The account calls of mf-loyalty's account pages (issue 16: `/my-profile`, `/preferences-centre`), made
 * with `callBff` from shared-events (bearer id token, focus header `x-id-token`, nonce). Each returns
 * the envelope `{ status, code, message, data }`; network failures and 5xx throw `BffError`.
 */
import { callBff, type BffEnvelope, type Session } from 'shared-events';

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

type Auth = Pick<Session, 'id_token'>;

/** The calls, bound to `apiBase` (RuntimeConfig.apiBase, normally '/api'). Tests replace this object. */
export interface AccountApi {
  /** `GET /api/account` → name, email, card, preferred store, subscribed. */
  getAccount(session: Auth): Promise<BffEnvelope<AccountData>>;
  /** `GET /api/account/preferences`. */
  getPreferences(session: Auth): Promise<BffEnvelope<Preferences>>;
  /** `PUT /api/account/preferences` `{ flyerEmail, offersEmail, language }` → the saved preferences. */
  savePreferences(session: Auth, preferences: Preferences): Promise<BffEnvelope<Preferences>>;
}

/** The real API over `callBff`. */
export function createAccountApi(apiBase: string): AccountApi {
  return {
    getAccount: (session) => callBff<AccountData>(apiBase, '/account', { method: 'GET', session }),
    getPreferences: (session) => callBff<Preferences>(apiBase, '/account/preferences', { method: 'GET', session }),
    savePreferences: (session, preferences) => callBff<Preferences>(apiBase, '/account/preferences', { method: 'PUT', body: preferences, session }),
  };
}
