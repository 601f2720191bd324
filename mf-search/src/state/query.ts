/**
 * Search query rules (spec §5 Validation rules, §9 Business constants and limits).
 */

/** Maximum length of the search input, in characters (spec §5, §9: 100). */
export const MAX_QUERY_LENGTH = 100;

/** Debounce before suggestions are fetched, in ms (spec §5, §9: 1000 ms). */
export const SUGGESTION_DEBOUNCE_MS = 1000;

// C0 and C1 control characters (includes tab, newline, DEL).
// eslint-disable-next-line no-control-regex
const CONTROL_CHARS = /[\u0000-\u001f\u007f-\u009f]/g;

/**
 * Sanitises shopper-typed text before it is used anywhere (spec §5 "input is sanitised before use"):
 * strips control characters and `<` `>`, collapses runs of whitespace to one space, trims, and caps
 * the result at {@link MAX_QUERY_LENGTH} characters.
 * @example sanitizeQuery('  <b>milk</b>\n 2%  ') === 'bmilk/b 2%'
 */
export function sanitizeQuery(raw: string): string {
  return raw
    .replace(CONTROL_CHARS, ' ')
    .replace(/[<>]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, MAX_QUERY_LENGTH)
    .trim();
}

/**
 * The text actually sent to the search engine (spec §5): a query made only of digits, hyphens and
 * spaces (e.g. a PLU or article number '060-383 00') has its hyphens and spaces removed ('06038300').
 * Any other query is returned sanitised and otherwise unchanged.
 */
export function toSearchText(raw: string): string {
  const q = sanitizeQuery(raw);
  if (q !== '' && /^[\d\s-]+$/.test(q) && /\d/.test(q)) return q.replace(/[\s-]/g, '');
  return q;
}
