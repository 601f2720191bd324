/**
 * The Scene+ stand-in module: card records in Postgres that Inquire reads, linkAccount / verifyCode /
 * resendCode that mail and check link codes (spec §4 Verify flow), and points history (historyLite, transactionHistory).
 */
export { sceneRoutes, VERIFY_CODE_COOKIE, RESEND_COOKIE, HISTORY_CACHE_TTL_MS, HISTORY_LITE_COUNT, type SceneRoutesOptions } from './routes';
export { addCard, cardOf, type CardRow, type InquireData, type Transaction } from './store';
export { VERIFY_CODE_TTL_S, RESEND_AFTER_S, MAX_VERIFY_ATTEMPTS, newVerificationCode } from './verification';
export { SUPPORT_PHONE, CARD_STATUS_ERROR, linkOutcomeMessage } from './messages';
export { HISTORY_WINDOW_DAYS, parseHistoryRequest, type HistoryRequest } from './history-request';
export { TtlCache } from './ttl-cache';
