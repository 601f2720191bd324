/**
 * `set_preferred_store_number` (spec §2 /flyer, §5 "left-padded with zeros to 4 characters").
 */

/** The query parameter of /flyer that sets the preferred store. */
export const STORE_PARAM = 'set_preferred_store_number';

/**
 * The store number of a `set_preferred_store_number` value, left-padded with zeros to 4 digits
 * ('42' → '0042'), or null when it is not 1 to 4 digits (letters, signs, spaces, more than 4 digits,
 * empty): such a value is refused without asking the store selector.
 */
export function padStoreNumber(raw: string): string | null {
  if (!/^\d{1,4}$/.test(raw)) return null;
  return raw.padStart(4, '0');
}

/** How a refused value is quoted back to the shopper: at most 12 characters, as text. */
export function quoteRequested(raw: string): string {
  const clean = raw.replace(/[\p{C}]/gu, '');
  return clean.length > 12 ? `${clean.slice(0, 12)}…` : clean;
}

/** The URL without `set_preferred_store_number` (other parameters and the hash kept). */
export function urlWithoutStoreParam(pathname: string, search: string, hash: string): string {
  const params = new URLSearchParams(search);
  params.delete(STORE_PARAM);
  const rest = params.toString();
  return `${pathname}${rest ? `?${rest}` : ''}${hash}`;
}
