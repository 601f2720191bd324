/**
 * Messages of the Scene+ stand-in (spec §8 error catalogue). The storefront maps codes to its own
 * wording; these server messages say the same thing for clients that show the message as is.
 */

/** Support phone used in every message (spec §8 {phone}). */
export const SUPPORT_PHONE = '1-866-586-2805';

/** Card status LP00 and LP02 (spec §8). */
export const CARD_STATUS_ERROR = `Please check your Scene+ Card number. If you are still experiencing issues, contact Scene+ support at ${SUPPORT_PHONE}.`;

/** Link-account codes answered with the generic "could not be completed" message (spec §8). */
export const GENERIC_LINK_CODES = [6001, 100, 401, 504, 500] as const;

/**
 * The server message for a link-account outcome (spec §8). `linkMessage` (the card record's own text) is
 * used for codes outside the catalogue; the storefront adds a trailing period to those ("Any other code").
 */
export function linkOutcomeMessage(code: number, linkMessage: string | null): string {
  if ((GENERIC_LINK_CODES as readonly number[]).includes(code)) {
    return `The request could not be completed. Please try again. If you are still experiencing issues, please contact us at ${SUPPORT_PHONE} for support. (${code})`;
  }
  switch (code) {
    case 6002:
      return `Please make sure a valid email address is on your Scene+ account, then contact Scene+ support at ${SUPPORT_PHONE}. (6002)`;
    case 6101:
      return `There is an issue linking this card. Please contact us at ${SUPPORT_PHONE}. (6101)`;
    case 6103:
    case 6104:
      return `There is an issue with your Scene+ account. Please contact Scene+ support at ${SUPPORT_PHONE}. (${code})`;
    case 6105:
      return 'This Scene+ card is not registered yet. Please complete your registration. (6105)';
    default:
      return linkMessage ?? 'The card could not be linked';
  }
}
