/**
 * The BFF calls of mf-loyalty (spec §7 Calls made; shared contract "BFF API"), made with `callBff`
 * from shared-events (bearer id token, focus header `x-id-token`, nonce). Each returns the envelope
 * `{ status, code, message, data }`; network failures and 5xx throw `BffError` (shown as spec §8
 * "Exception during a call").
 */
import { callBff, type BffEnvelope, type Session } from 'shared-events';
import { historyRequestBody } from '../state/history';

/** One transaction (historyLite and transactionHistory). `date`: ISO; `points`: signed points. */
export interface Transaction {
  id: string;
  date: string;
  description: string;
  points: number;
  storeNumber?: string | null;
}

/** `data` of historyLite / transactionHistory. */
export interface TransactionsData {
  transactions: Transaction[];
}

type Auth = Pick<Session, 'id_token'>;

/** The calls, bound to `apiBase` (RuntimeConfig.apiBase, normally '/api'). Tests replace this object. */
export interface LoyaltyApi {
  /** `POST /api/account/card` `{ cardNumber }` (16 digits): adds the card to the account. */
  addCard(session: Auth, cardNumber: string): Promise<BffEnvelope<unknown>>;
  /** `POST /api/services/linkAccount` `{}`: code 200 = verification code sent (verify cookies set). */
  linkAccount(session: Auth): Promise<BffEnvelope<unknown>>;
  /** `POST /api/services/verifyCode` `{ code }`. */
  verifyCode(session: Auth, code: string): Promise<BffEnvelope<unknown>>;
  /** `POST /api/services/resendCode` `{}`. */
  resendCode(session: Auth): Promise<BffEnvelope<unknown>>;
  /** `POST /api/services/historyLite` `{}` → latest 5 transactions. */
  historyLite(session: Auth): Promise<BffEnvelope<TransactionsData>>;
  /** `POST /api/services/transactionHistory` `{ data: base64(JSON{startDate, endDate, enrollmentStatus}) }` (180 days; `now` epoch ms). */
  transactionHistory(session: Auth, enrollmentStatus: string | null, now?: number): Promise<BffEnvelope<TransactionsData>>;
}

/** The real API over `callBff`. */
export function createLoyaltyApi(apiBase: string): LoyaltyApi {
  return {
    addCard: (session, cardNumber) => callBff(apiBase, '/account/card', { body: { cardNumber }, session }),
    linkAccount: (session) => callBff(apiBase, '/services/linkAccount', { body: {}, session }),
    verifyCode: (session, code) => callBff(apiBase, '/services/verifyCode', { body: { code }, session }),
    resendCode: (session) => callBff(apiBase, '/services/resendCode', { body: {}, session }),
    historyLite: (session) => callBff<TransactionsData>(apiBase, '/services/historyLite', { body: {}, session }),
    transactionHistory: (session, enrollmentStatus, now = Date.now()) =>
      callBff<TransactionsData>(apiBase, '/services/transactionHistory', { body: historyRequestBody(now, enrollmentStatus), session }),
  };
}
