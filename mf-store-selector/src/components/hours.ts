import type { Store } from 'shared-events';

/** Text shown for a 24-hour store (spec §2 Store selector). */
export const OPEN_24_HOURS = 'Open 24 Hours';

/** '07:00' → '7:00 a.m.', '22:30' → '10:30 p.m.', '24:00' → '12:00 a.m.' (en-CA style). */
export function formatClock(hhmm: string): string {
  const m = /^(\d{1,2}):(\d{2})$/.exec(hhmm.trim());
  if (!m) return hhmm;
  const h = Number(m[1]) % 24;
  const suffix = h < 12 ? 'a.m.' : 'p.m.';
  return `${h % 12 || 12}:${m[2]} ${suffix}`;
}

/**
 * The hours line of a store card (spec §2 Store selector: "hours (or 'Open 24 Hours')").
 * @param hours the store's hours; `storeHours` holds one entry per weekday name ('Monday', ...)
 * @param now   the shopper's current date (local time) choosing today's entry
 * @returns 'Open 24 Hours', 'Today: 7:00 a.m. – 10:00 p.m.', or 'Hours not available today'
 */
export function hoursText(hours: Store['hours'], now: Date = new Date()): string {
  if (hours.is24Hours) return OPEN_24_HOURS;
  const today = now.toLocaleDateString('en-CA', { weekday: 'long' }).toLowerCase();
  const entry = hours.storeHours.find((h) => h.day.trim().toLowerCase() === today);
  if (!entry) return 'Hours not available today';
  return `Today: ${formatClock(entry.open)} – ${formatClock(entry.close)}`;
}
