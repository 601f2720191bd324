/**
 * Card-popup suppression (spec §3 Suppression cookie, §4 Suppression, §9 "Card popup suppression
 * cookie 365 days", "Reshow after 7, 21, 30 days for visits 1, 2, 3; maximum 3 visits",
 * "Cookie-reset max age 94608000 s").
 *
 * One cookie per popup, `scene_popup_<popupType>` (e.g. `scene_popup_addCard`), holding the JSON
 * `{ lastShown, visits, suppressType }` (lastShown in epoch ms). Every soft ('Remind me later') or
 * hard (the x) close increments `visits` and sets `lastShown` to now.
 *
 * Cookie-reset max age: when a close takes `visits` past the maximum (the 4th close), the popup is
 * suppressed for good, and the cookie is then written with the reset max age 94608000 s (1095 days,
 * 3 years) instead of 365 days. When it expires, the suppression record is gone and the popup's visit
 * count starts again from zero: that expiry is what the reset resets.
 *
 * The rules only (pure); reading and writing the cookies is `api/suppressionCookies.ts`.
 */
import type { PopupType } from 'shared-events';

/** A popup that can be suppressed (every popupType except 'none'). */
export type SuppressiblePopup = Exclude<PopupType, 'none'>;

/** Every suppressible popup. */
export const SUPPRESSIBLE_POPUPS: readonly SuppressiblePopup[] = ['addCard', 'linkCard', 'ghostCard', 'createScenePopup'];

/** Spec §3 Suppression cookie: soft = 'remind later', hard = the x. */
export type SuppressType = 'soft' | 'hard';

/** Spec §3 Suppression cookie. `lastShown`: epoch ms of the last close; `visits`: closes so far (1..4). */
export interface SuppressionRecord {
  lastShown: number;
  visits: number;
  suppressType: SuppressType;
}

/** Suppression records by popup (missing or null = never closed). */
export type SuppressionState = Partial<Record<SuppressiblePopup, SuppressionRecord | null>>;

/** One day in ms. */
export const DAY_MS = 24 * 60 * 60 * 1000;
/** Spec §9: days before a popup may show again after visit 1, 2 and 3. */
export const RESHOW_AFTER_DAYS: readonly number[] = [7, 21, 30];
/** Spec §9: maximum visits (a popup closed more often never shows again until the reset). */
export const MAX_VISITS = 3;
/** Spec §9: suppression cookie lifetime, days. */
export const SUPPRESSION_COOKIE_DAYS = 365;
/** Spec §9: cookie-reset max age, seconds (94608000 s = 1095 days = 3 years). */
export const COOKIE_RESET_MAX_AGE_S = 94608000;

/** The cookie name of a popup's suppression record. */
export function cookieName(popup: SuppressiblePopup): string {
  return `scene_popup_${popup}`;
}

/**
 * Whether a popup is suppressed now (pure; spec §4 Suppression): shown again only when
 * `visits` ≤ 3 and the whole days since `lastShown` are at least 7, 21, 30 for visits 1, 2, 3.
 * @param record the popup's record, or null/undefined when it was never closed (not suppressed)
 * @param now    epoch ms
 */
export function isSuppressed(record: SuppressionRecord | null | undefined, now: number): boolean {
  if (!record) return false;
  if (record.visits > MAX_VISITS) return true;
  if (record.visits < 1) return false;
  const days = Math.floor((now - record.lastShown) / DAY_MS);
  return days < RESHOW_AFTER_DAYS[record.visits - 1];
}

/** The record after one more close (pure). */
export function nextRecord(previous: SuppressionRecord | null | undefined, suppressType: SuppressType, now: number): SuppressionRecord {
  return { lastShown: now, visits: (previous?.visits ?? 0) + 1, suppressType };
}

/** Parses a cookie value; anything malformed reads as "no record". */
export function parseRecord(raw: string | undefined): SuppressionRecord | null {
  if (!raw) return null;
  try {
    const v = JSON.parse(raw) as Partial<SuppressionRecord>;
    if (typeof v.lastShown !== 'number' || typeof v.visits !== 'number' || (v.suppressType !== 'soft' && v.suppressType !== 'hard')) return null;
    return { lastShown: v.lastShown, visits: v.visits, suppressType: v.suppressType };
  } catch {
    return null;
  }
}

/** The cookie's lifetime in days for a record: 365, or the cookie-reset max age (1095) once visits exceed 3. */
export function cookieDays(record: SuppressionRecord): number {
  return record.visits > MAX_VISITS ? COOKIE_RESET_MAX_AGE_S / (24 * 60 * 60) : SUPPRESSION_COOKIE_DAYS;
}
