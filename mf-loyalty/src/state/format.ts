/** Number formats of the Scene+ views (spec §3 Scene.info: pointBalance in points, dollarValue in cents). */

const CAD = new Intl.NumberFormat('en-CA', { style: 'currency', currency: 'CAD' });
const POINTS = new Intl.NumberFormat('en-CA');

/** Cents → CAD, e.g. 1250 → '$12.50'. */
export function formatCents(cents: number): string {
  return CAD.format(cents / 100);
}

/** Points with grouping, e.g. 2450000 → '2,450,000'. */
export function formatPoints(points: number): string {
  return POINTS.format(points);
}

/** An ISO date or date-time → 'Mar 5, 2026' (en-CA), or the input when it is not a date. */
export function formatDate(iso: string): string {
  const d = /^\d{4}-\d{2}-\d{2}$/.test(iso) ? new Date(`${iso}T12:00:00`) : new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return d.toLocaleDateString('en-CA', { year: 'numeric', month: 'short', day: 'numeric' });
}
