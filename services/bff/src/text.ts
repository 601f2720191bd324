/**
 * Shopper-typed text (list item names, recipe list names, recent-search labels…): one set of rules for
 * every text the BFF stores, after Unicode TR #36 "Unicode Security Considerations" (§3.5 deletion of
 * code points, §3.6 secure encoding conversion: no ill-formed UTF-16) and UTS #39 "Unicode Security
 * Mechanisms" (§5 mixed-script / invisible characters; default-ignorable format characters are not
 * part of what a reader sees). Also the JSON nesting limit of request bodies.
 */
import { HttpError } from './http';

/** Most combining marks kept on one base character (a longer run — "Zalgo" text — is cut to this). */
export const MAX_COMBINING_MARKS = 4;

/** Deepest JSON nesting accepted in a request body (objects and arrays together). */
export const MAX_JSON_DEPTH = 64;

/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
/**
 * Invisible formatting characters (UTS #39 / TR #36: default-ignorable, change what is shown or
 * matched without being seen): zero-width space, non-joiner and joiner U+200B–U+200D, LRM / RLM
 * U+200E / U+200F, bidi embeddings and overrides U+202A–U+202E, word joiner U+2060, bidi isolates
 * U+2066–U+2069, byte order mark / zero-width no-break space U+FEFF.
 */
const INVISIBLE = /[\u200b-\u200f\u202a-\u202e\u2060\u2066-\u2069\ufeff]/g;
/** C0 and C1 control characters that separate words: they become a space. */
const CONTROL_SPACE = /[\t\n\v\f\r\u0085]/g;
/** Every other C0 / C1 control character (U+0000–U+001F, U+007F–U+009F): removed. */
// eslint-disable-next-line no-control-regex -- control characters are what is looked for
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/g;
/** A run of combining marks longer than {@link MAX_COMBINING_MARKS}: the base keeps the first ones. */
const MARK_RUN = new RegExp(`(\\p{M}{${MAX_COMBINING_MARKS}})\\p{M}+`, 'gu');

/** Options of {@link normaliseText}. */
export interface TextRule {
  /** Field named in the 400 reason, e.g. 'body.meta.name'. */
  field: string;
  /** Longest text kept, in characters (Unicode code points) after normalisation. */
  maxLength: number;
  /** Reason when longer (default `must be at most <maxLength> characters after trimming`). */
  tooLong?: string;
  /** Reason when nothing is left (default `must not be blank`). */
  blank?: string;
}

/**
 * Normalises one text a shopper typed, the same way for every stored text:
 * 1. lone (unpaired) surrogates → 400 `Invalid <field>: must be valid Unicode text (unpaired surrogate)`
 *    (TR #36 §3.6: ill-formed text is refused, never repaired);
 * 2. invisible formatting characters removed (zero-width U+200B–U+200D, U+2060, U+FEFF; bidi controls
 *    U+200E / U+200F, U+202A–U+202E, U+2066–U+2069) — so 'Milk' and 'Mi\u200Blk' are one name;
 * 3. C0 / C1 control characters removed (tab, line and page breaks, U+0085 become a space first);
 * 4. more than {@link MAX_COMBINING_MARKS} combining marks (\p{M}, counted in NFD) in a row on one base are cut to 4
 *    (trimmed, not refused: UAX #15's stream-safe format caps runs at 30; 4 covers Vietnamese, Hebrew
 *    points and Indic scripts);
 * 5. NFC (Unicode normalisation form C): 'e' + U+0301 and 'é' are stored alike;
 * 6. whitespace runs collapse to one space, trimmed.
 *
 * @returns the text to store (1–`maxLength` code points)
 * @throws HttpError 400 `Invalid <field>: must not be blank` (nothing left) or
 *   `Invalid <field>: must be at most <maxLength> characters after trimming`, or the unpaired-surrogate reason
 */
export function normaliseText(raw: string, rule: TextRule): string {
  if (LONE_SURROGATE.test(raw)) throw new HttpError(400, `Invalid ${rule.field}: must be valid Unicode text (unpaired surrogate)`);
  const text = cleanText(raw);
  if (text.length === 0) throw new HttpError(400, `Invalid ${rule.field}: ${rule.blank ?? 'must not be blank'}`);
  if ([...text].length > rule.maxLength) {
    throw new HttpError(400, `Invalid ${rule.field}: ${rule.tooLong ?? `must be at most ${rule.maxLength} characters after trimming`}`);
  }
  return text;
}

/** Steps 2–6 of {@link normaliseText} without the checks (the text must be well-formed UTF-16). */
export function cleanText(raw: string): string {
  const visible = raw.replace(INVISIBLE, '').replace(CONTROL_SPACE, ' ').replace(CONTROL, '');
  // marks are counted decomposed (NFD: 'é' is e + one mark), then composed again (NFC)
  return visible.normalize('NFD').replace(MARK_RUN, '$1').normalize('NFC').replace(/\s+/g, ' ').trim();
}
