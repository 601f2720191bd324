/**
 * Flyer weeks: a weekly flyer runs Thursday to Wednesday, in the store's local time. Dates are ISO
 * calendar dates ('YYYY-MM-DD'); date arithmetic is done at UTC midnight, so no daylight-saving surprise.
 */

/** Province code → IANA time zone of the stores there (a flyer turns over at local midnight). */
export const PROVINCE_TIME_ZONES: Readonly<Record<string, string>> = {
  NS: 'America/Halifax',
  NB: 'America/Moncton',
  PE: 'America/Halifax',
  NL: 'America/St_Johns',
  ON: 'America/Toronto',
};

const DAY_MS = 24 * 60 * 60 * 1000;
const THURSDAY = 4;

/** The calendar date ('YYYY-MM-DD') at instant `now` in `timeZone`. */
export function localDate(now: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(now);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

/** Milliseconds of UTC midnight of an ISO date. */
function utcMidnight(isoDate: string): number {
  const [y, m, d] = isoDate.split('-').map(Number) as [number, number, number];
  return Date.UTC(y, m - 1, d);
}

/** `isoDate` plus `days` (may be negative). */
export function addDays(isoDate: string, days: number): string {
  return new Date(utcMidnight(isoDate) + days * DAY_MS).toISOString().slice(0, 10);
}

/** True for a real calendar date written 'YYYY-MM-DD'. */
export function isIsoDate(s: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  return new Date(utcMidnight(s)).toISOString().slice(0, 10) === s;
}

/** True when `isoDate` is a Thursday (the first day of a flyer week). */
export function isThursday(isoDate: string): boolean {
  return new Date(utcMidnight(isoDate)).getUTCDay() === THURSDAY;
}

/** The flyer week (Thursday to Wednesday, inclusive) that contains `isoDate`. */
export function weekOf(isoDate: string): { validFrom: string; validTo: string } {
  const back = (new Date(utcMidnight(isoDate)).getUTCDay() - THURSDAY + 7) % 7;
  const validFrom = addDays(isoDate, -back);
  return { validFrom, validTo: addDays(validFrom, 6) };
}
