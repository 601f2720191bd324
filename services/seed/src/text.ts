/**
 * The storefront's rules for text a shopper types, in one place for every service that keeps or counts
 * it: the BFF's stored texts (list item and recipe list names, recent-search labels) and the queries the
 * search engine counts for the popular searches. After Unicode TR #36 "Unicode Security Considerations"
 * (§3.5 deletion of code points, §3.6 no ill-formed UTF-16) and UTS #39 "Unicode Security Mechanisms"
 * (default-ignorable characters are not part of what a reader sees).
 */

/** Most combining marks kept on one base character (a longer run — "Zalgo" text — is cut to this). */
export const MAX_COMBINING_MARKS = 4;

/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
/** C0 and C1 control characters that separate words: they become a space. */
const CONTROL_SPACE = /[\t\n\v\f\r\u0085]/g;
/**
 * Removed: every other C0 / C1 control character (\p{Cc}); invisible formatting characters (\p{Cf}:
 * zero-width space, non-joiner and joiner, LRM / RLM, bidi embeddings, overrides and isolates, word
 * joiner, soft hyphen, byte order mark, tags…); lone surrogates (\p{Cs}); and the blank fillers and
 * selectors that show nothing (combining grapheme joiner U+034F, Hangul fillers U+115F, U+1160, U+3164,
 * U+FFA0, variation selectors).
 */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Cs}\u034f\u115f\u1160\u3164\uffa0]|\p{Variation_Selector}/gu;
/** A run of combining marks longer than {@link MAX_COMBINING_MARKS}: the base keeps the first ones. */
const MARK_RUN = new RegExp(`(\\p{M}{${MAX_COMBINING_MARKS}})\\p{M}+`, 'gu');

/** Whether `text` holds an unpaired surrogate (ill-formed UTF-16: refuse it, TR #36 §3.6). */
export function hasLoneSurrogate(text: string): boolean {
  return LONE_SURROGATE.test(text);
}

/**
 * Cleans one text a shopper typed:
 * 1. tab, line and page breaks and U+0085 become a space; {@link INVISIBLE} characters are removed, so
 *    'Milk' and 'Mi\u200Blk' are one text;
 * 2. more than {@link MAX_COMBINING_MARKS} combining marks (\p{M}, counted in NFD) in a row on one base are
 *    cut to 4 (cut, not refused: UAX #15's stream-safe format caps runs at 30; 4 covers Vietnamese, Hebrew
 *    points and Indic scripts);
 * 3. NFC (Unicode normalisation form C): 'e' + U+0301 and 'é' are alike;
 * 4. whitespace runs collapse to one space, trimmed.
 * @returns the cleaned text ('' when nothing visible is left)
 */
export function cleanText(raw: string): string {
  const visible = raw.replace(CONTROL_SPACE, ' ').replace(INVISIBLE, '');
  // marks are counted decomposed (NFD: 'é' is e + one mark), then composed again (NFC)
  return visible.normalize('NFD').replace(MARK_RUN, '$1').normalize('NFC').replace(/\s+/g, ' ').trim();
}

/**
 * The key two texts are "the same" by: {@link cleanText}, lower-cased (NFC again after lower-casing).
 * `'\u0000Milk\u200b '` and `'milk'` have one key.
 */
export function textKey(raw: string): string {
  return cleanText(raw).toLowerCase().normalize('NFC');
}
