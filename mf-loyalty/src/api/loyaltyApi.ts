/**
 * The BFF calls of mf-loyalty (spec §7 Calls made; shared contract "BFF API"), made with `callBff`
 * from shared-events as the shopper of the BFF's HttpOnly session cookie (`credentials: 'same-origin'`,
 * `x-storefront-csrf: 1`, nonce; no token is on the page or sent from it). Each returns the envelope
 * `{ status, code, message, data }`; network failures and 5xx throw `BffError` (shown as spec §8
 * "Exception during a call").
 */
import { callBff, type BffEnvelope } from 'shared-events';
import { transactionsDataSchema, type TransactionsData } from 'shared-events/contracts';
import { historyRequestBody } from '../state/history';
import { parsedData } from './parsedData';

/** One transaction and the `data` of historyLite / transactionHistory: typed once, in shared-events/contracts. */
export type { Transaction, TransactionsData } from 'shared-events/contracts';

/** The calls, bound to `apiBase` (RuntimeConfig.apiBase, normally '/api'), as the shopper of the session cookie. Tests replace this object. */
export interface LoyaltyApi {
  /** `POST /api/account/card` `{ cardNumber }` (16 digits): adds the card to the account. */
  addCard(cardNumber: string): Promise<BffEnvelope<unknown>>;
  /** `POST /api/services/linkAccount` `{}`: code 200 = verification code sent (verify cookies set). */
  linkAccount(): Promise<BffEnvelope<unknown>>;
  /** `POST /api/services/verifyCode` `{ code }`. */
  verifyCode(code: string): Promise<BffEnvelope<unknown>>;
  /** `POST /api/services/resendCode` `{}`. */
  resendCode(): Promise<BffEnvelope<unknown>>;
  /** `POST /api/services/historyLite` `{}` → latest 5 transactions. */
  historyLite(): Promise<BffEnvelope<TransactionsData>>;
  /** `POST /api/services/transactionHistory` `{ data: base64(JSON{startDate, endDate, enrollmentStatus}) }` (180 days; `now` epoch ms). */
  transactionHistory(enrollmentStatus: string | null, now?: number): Promise<BffEnvelope<TransactionsData>>;
}

/** The real API over `callBff`. */
export function createLoyaltyApi(apiBase: string): LoyaltyApi {
  return {
    addCard: (cardNumber) => callBff(apiBase, '/account/card', { body: { cardNumber } }),
    linkAccount: () => callBff(apiBase, '/services/linkAccount', { body: {} }),
    verifyCode: (code) => callBff(apiBase, '/services/verifyCode', { body: { code } }),
    resendCode: () => callBff(apiBase, '/services/resendCode', { body: {} }),
    historyLite: () => parsedData(callBff(apiBase, '/services/historyLite', { body: {} }), transactionsDataSchema),
    transactionHistory: (enrollmentStatus, now = Date.now()) =>
      parsedData(callBff(apiBase, '/services/transactionHistory', { body: historyRequestBody(now, enrollmentStatus) }), transactionsDataSchema),
  };
}
