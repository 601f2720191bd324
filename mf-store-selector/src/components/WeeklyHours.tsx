import type { Store } from 'shared-events';
import { formatClock, OPEN_24_HOURS } from './hours';

const WEEK = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

export interface WeeklyHoursProps {
  hours: Store['hours'];
  /** Table caption, e.g. 'Store hours'. */
  caption: string;
  /** Marks today's row (local time); default now. */
  now?: Date;
}

/**
 * Hours for each day (spec §3 Store `hours`: is24Hours, storeHours), Monday first, as a table with
 * a row per day ('Monday | 7:00 a.m. – 10:00 p.m.'); days without an entry read 'Closed'.
 * A 24-hour store shows 'Open 24 Hours' instead.
 */
export function WeeklyHours({ hours, caption, now = new Date() }: WeeklyHoursProps) {
  if (hours.is24Hours) return <p className="mfsp-hours__24">{OPEN_24_HOURS}</p>;
  const today = now.toLocaleDateString('en-CA', { weekday: 'long' }).toLowerCase();
  const byDay = new Map(hours.storeHours.map((h) => [h.day.trim().toLowerCase(), h]));
  const extra = hours.storeHours.filter((h) => !WEEK.some((d) => d.toLowerCase() === h.day.trim().toLowerCase()));
  return (
    <table className="mfsp-hours">
      <caption className="mfsp-visually-hidden">{caption}</caption>
      <tbody>
        {[...WEEK.map((d) => ({ day: d, entry: byDay.get(d.toLowerCase()) })), ...extra.map((e) => ({ day: e.day, entry: e }))].map(({ day, entry }) => {
          const isToday = day.toLowerCase() === today;
          return (
            <tr key={day} className={isToday ? 'mfsp-hours__today' : undefined} aria-current={isToday ? 'date' : undefined}>
              <th scope="row">{day}</th>
              <td>{entry ? `${formatClock(entry.open)} – ${formatClock(entry.close)}` : 'Closed'}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
