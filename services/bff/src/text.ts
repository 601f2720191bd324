/**
 * Shopper-typed text the BFF stores (list item names, recipe list names, recent-search labels…): the
 * storefront's text rules (@storefront/seed `cleanText`, shared with the search engine's popular-search
 * counts), plus what the BFF refuses: ill-formed text, blank text and text over a field's length. Also the
 * JSON nesting limit of request bodies.
 */
import { cleanText, hasLoneSurrogate, textKey } from '@storefront/seed';
import { HttpError } from './http';

export { textKey };

/** Deepest JSON nesting accepted in a request body (objects and arrays together). */
export const MAX_JSON_DEPTH = 64;

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
 * 2. then @storefront/seed `cleanText`: control and invisible formatting characters removed (line breaks
 *    become a space), combining-mark runs cut at 4, NFC, whitespace collapsed, trimmed.
 *
 * @returns the text to store (1–`maxLength` code points)
 * @throws HttpError 400 `Invalid <field>: must not be blank` (nothing left) or
 *   `Invalid <field>: must be at most <maxLength> characters after trimming`, or the unpaired-surrogate reason
 */
export function normaliseText(raw: string, rule: TextRule): string {
  if (hasLoneSurrogate(raw)) throw new HttpError(400, `Invalid ${rule.field}: must be valid Unicode text (unpaired surrogate)`);
  const text = cleanText(raw);
  if (text.length === 0) throw new HttpError(400, `Invalid ${rule.field}: ${rule.blank ?? 'must not be blank'}`);
  if ([...text].length > rule.maxLength) {
    throw new HttpError(400, `Invalid ${rule.field}: ${rule.tooLong ?? `must be at most ${rule.maxLength} characters after trimming`}`);
  }
  return text;
}
