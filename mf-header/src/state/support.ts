/** Spec §8 support phone ('{phone}' of the error catalogue), shown in the footer and when live chat is unavailable. */
export const SUPPORT_PHONE = '1-866-586-2805';
/** The same number as a tel: link target. */
export const SUPPORT_PHONE_TEL = 'tel:+18665862805';
