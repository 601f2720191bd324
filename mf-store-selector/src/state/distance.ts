/**
 * Distance text of the store locator (spec §2 Routes `/store-locator`: "nearest-first list with
 * distance in km"). en-CA number format: one decimal under 10 km, whole kilometres from 10 km.
 *
 * @param meters distance in metres (engine `_rankingInfo.geoDistance`)
 * @returns e.g. `0.4 km`, `2.3 km`, `153 km`, `1,204 km`; '' for a missing or invalid distance
 */
export function formatDistanceKm(meters: number | null | undefined): string {
  if (meters === null || meters === undefined || !Number.isFinite(meters) || meters < 0) return '';
  const km = meters / 1000;
  const digits = km < 10 ? 1 : 0;
  const text = new Intl.NumberFormat('en-CA', { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(km);
  return `${text} km`;
}

/** The same distance for screen readers: '2.3 kilometres away'. '' when unknown. */
export function distanceLabel(meters: number | null | undefined): string {
  const text = formatDistanceKm(meters);
  return text ? `${text.replace(/ km$/, '')} kilometres away` : '';
}
