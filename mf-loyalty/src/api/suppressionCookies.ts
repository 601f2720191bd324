/**
 * The card-popup suppression cookies (spec §3 Suppression cookie, §9): reads and writes
 * `scene_popup_<popupType>` with js-cookie. The rules are in `state/suppression.ts`.
 */
import Cookies from 'js-cookie';
import {
  cookieDays, cookieName, nextRecord, parseRecord, SUPPRESSIBLE_POPUPS,
  type SuppressiblePopup, type SuppressionRecord, type SuppressionState, type SuppressType,
} from '../state/suppression';

/** Reads one popup's record from `document.cookie`. */
export function readRecord(popup: SuppressiblePopup): SuppressionRecord | null {
  return parseRecord(Cookies.get(cookieName(popup)));
}

/** Reads every popup's record (the machine's `suppression` input). */
export function readSuppression(): SuppressionState {
  return Object.fromEntries(SUPPRESSIBLE_POPUPS.map((p) => [p, readRecord(p)])) as SuppressionState;
}

/**
 * Records a soft or hard close (spec §4 Suppression): writes the popup's cookie for 365 days, or for
 * the cookie-reset max age (94608000 s) once visits exceed 3.
 * @returns the record written
 */
export function recordClose(popup: SuppressiblePopup, suppressType: SuppressType, now: number = Date.now()): SuppressionRecord {
  const record = nextRecord(readRecord(popup), suppressType, now);
  Cookies.set(cookieName(popup), JSON.stringify(record), { expires: cookieDays(record), path: '/', sameSite: 'Lax' });
  return record;
}

/** Spec §4: "Adding a card clears the add and link suppression cookies." */
export function clearCardSuppression(): void {
  Cookies.remove(cookieName('addCard'), { path: '/' });
  Cookies.remove(cookieName('linkCard'), { path: '/' });
}
