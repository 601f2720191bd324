/**
 * Shopper-facing messages of mf-loyalty, word for word from spec §8 Error catalogue where it gives
 * them. Support phone everywhere: 1-866-586-2805.
 */

/** Support phone (spec §8 `{phone}`). */
export const SUPPORT_PHONE = '1-866-586-2805';

/** Spec §8 "Card status LP00 and LP02". */
export const CARD_STATUS_MESSAGE = `Please check your Scene+ Card number. If you are still experiencing issues, contact Scene+ support at ${SUPPORT_PHONE}.`;

/** Spec §8 "Response code 439" (toast; forced logout follows). */
export const SESSION_PROBLEM_MESSAGE = 'Something went wrong!';

/** Spec §8 "Exception during a call". */
export const EXCEPTION_MESSAGE = 'Something went wrong. please try later.';

/** Toast id of the card-status toast (shared contract: a repeated id replaces the toast). */
export const CARD_STATUS_TOAST_ID = 'scene-card-status';

/** Link-account codes answered with the generic 'could not be completed' message (spec §8). */
const GENERIC_CODES = new Set(['6001', '100', '401', '504', '500']);

/** Adds a trailing period unless the text already ends with terminal punctuation. */
function withPeriod(text: string): string {
  const t = text.trim();
  if (t === '') return EXCEPTION_MESSAGE;
  return /[.!?]$/.test(t) ? t : `${t}.`;
}

/**
 * The message shown for a link-account answer (spec §8 Error catalogue, `POST /api/services/linkAccount`).
 *
 * - 6001, 100, 401, 504, 500 → 'The request could not be completed. Please try again. If you are still
 *   experiencing issues, please contact us at 1-866-586-2805 for support. (<code>)'
 * - 6002 → 'Ensure a valid email is on the Scene+ account and contact support (6002).'
 * - 6101 → 'There is an issue linking this card, contact us (6101).'
 * - 6103, 6104 → 'There is an issue with the Scene+ account, contact support.'
 * - 6105 → 'The card is not registered; complete registration.'
 * - any other code → the server message with a trailing period added.
 *
 * @param code          the envelope's `code` (number or numeric string)
 * @param serverMessage the envelope's `message`
 */
export function linkAccountMessage(code: string | number, serverMessage: string): string {
  const c = String(code);
  if (GENERIC_CODES.has(c)) {
    return `The request could not be completed. Please try again. If you are still experiencing issues, please contact us at ${SUPPORT_PHONE} for support. (${c})`;
  }
  switch (c) {
    case '6002': return 'Ensure a valid email is on the Scene+ account and contact support (6002).';
    case '6101': return 'There is an issue linking this card, contact us (6101).';
    case '6103':
    case '6104': return 'There is an issue with the Scene+ account, contact support.';
    case '6105': return 'The card is not registered; complete registration.';
    default: return withPeriod(serverMessage);
  }
}

/**
 * Message of an add-card answer (`POST /api/account/card`). CARD_UNAVAILABLE — the BFF's one answer for
 * a number that is unknown or on another account (the answer must not tell which) — gets
 * spec §8's card-number text; any other code → the server message with a trailing period (as spec §8
 * "Any other code").
 */
export function addCardMessage(code: string | number, serverMessage: string): string {
  switch (String(code)) {
    case 'CARD_UNAVAILABLE': return `Please check your Scene+ Card number. If you are still experiencing issues, contact Scene+ support at ${SUPPORT_PHONE}.`;
    default: return withPeriod(serverMessage);
  }
}

/** Message of a verify-code or resend-code answer (`/api/services/verifyCode`, `/resendCode`). */
export function verifyMessage(code: string | number, serverMessage: string): string {
  switch (String(code)) {
    case 'INVALID_CODE': return 'That code is not correct. Check the code and try again.';
    case 'CODE_EXPIRED': return 'Your code has expired. Send a new code and try again.';
    case 'RESEND_TOO_SOON': return 'Please wait before asking for a new code.';
    default: return withPeriod(serverMessage);
  }
}
