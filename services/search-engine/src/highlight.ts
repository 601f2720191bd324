import { boundedDistance, maxTypos, normalizeTerm, splitKeepingSeparators } from './text';

/** One highlighted value, as in Algolia's `_highlightResult`. */
export interface HighlightResult {
  /** The attribute value with matched parts wrapped in the pre/post tags (not HTML-escaped). */
  value: string;
  /** `full`: every query word matched; `partial`: some did; `none`: none did. */
  matchLevel: 'none' | 'partial' | 'full';
  /** The query words (as typed) that matched in this value. */
  matchedWords: string[];
  /** True when every word of the value is highlighted. */
  fullyHighlighted?: boolean;
}

/** A highlight tree mirrors the record: objects and arrays of {@link HighlightResult}. */
export type HighlightTree = HighlightResult | HighlightTree[] | { [key: string]: HighlightTree };

/** What the highlighter needs to know about the query. */
export interface HighlightQuery {
  /** Query words as typed. */
  words: string[];
  /** Normalised query words (lower-case, no accents). */
  norm: string[];
  /** Per word: whether prefix matching applies. */
  prefix: boolean[];
  /** Whether typo-tolerant matching applies. */
  typo: boolean;
  pre: string;
  post: string;
}

function highlightString(text: string, q: HighlightQuery): HighlightResult {
  if (q.norm.length === 0) return { value: text, matchLevel: 'none', matchedWords: [] };
  const parts = splitKeepingSeparators(text);
  const matched = new Set<number>();
  let out = '';
  let words = 0;
  let highlightedWords = 0;
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i];
    if (i % 2 === 1 || part === '') {
      out += part;
      continue;
    }
    words++;
    const tn = normalizeTerm(part);
    let hlLen = 0;
    for (let qi = 0; qi < q.norm.length; qi++) {
      const w = q.norm[qi];
      if (tn === w) {
        hlLen = part.length;
        matched.add(qi);
      } else if (q.prefix[qi] && tn.startsWith(w)) {
        const len = tn.length === part.length ? w.length : part.length;
        if (len > hlLen) hlLen = len;
        matched.add(qi);
      } else if (q.typo) {
        const max = maxTypos(w);
        if (max > 0 && boundedDistance(tn, w, max) <= max) {
          hlLen = part.length;
          matched.add(qi);
        }
      }
    }
    if (hlLen > 0) {
      if (hlLen >= part.length) highlightedWords++;
      out += q.pre + part.slice(0, hlLen) + q.post + part.slice(hlLen);
    } else {
      out += part;
    }
  }
  const matchedWords = [...matched].sort((a, b) => a - b).map((i) => q.words[i]);
  const matchLevel = matched.size === 0 ? 'none' : matched.size === q.norm.length ? 'full' : 'partial';
  const result: HighlightResult = { value: out, matchLevel, matchedWords };
  if (matchLevel !== 'none') result.fullyHighlighted = words > 0 && highlightedWords === words;
  return result;
}

/** Highlights every string/number leaf of a value. Returns undefined for null/undefined. */
export function highlightValue(value: unknown, q: HighlightQuery): HighlightTree | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string') return highlightString(value, q);
  if (typeof value === 'number' || typeof value === 'boolean') return highlightString(String(value), q);
  if (Array.isArray(value)) {
    const arr: HighlightTree[] = [];
    for (const v of value) {
      const h = highlightValue(v, q);
      if (h !== undefined) arr.push(h);
    }
    return arr;
  }
  if (typeof value === 'object') {
    const obj: { [key: string]: HighlightTree } = {};
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
      const h = highlightValue(v, q);
      if (h !== undefined) obj[k] = h;
    }
    return obj;
  }
  return undefined;
}

/** Highlights only the leaves at a dotted path (`address.city`), keeping the record's structure. */
function highlightPath(value: unknown, path: string[], q: HighlightQuery): HighlightTree | undefined {
  if (path.length === 0) return highlightValue(value, q);
  if (value === undefined || value === null) return undefined;
  if (Array.isArray(value)) {
    const arr: HighlightTree[] = [];
    for (const v of value) {
      const h = highlightPath(v, path, q);
      if (h !== undefined) arr.push(h);
    }
    return arr;
  }
  if (typeof value !== 'object') return undefined;
  const child = highlightPath((value as Record<string, unknown>)[path[0]], path.slice(1), q);
  return child === undefined ? undefined : { [path[0]]: child };
}

function isResult(t: HighlightTree): t is HighlightResult {
  return !Array.isArray(t) && typeof (t as HighlightResult).matchLevel === 'string' && typeof (t as HighlightResult).value === 'string';
}

function merge(a: HighlightTree, b: HighlightTree): HighlightTree {
  if (isResult(a) || isResult(b)) return b;
  if (Array.isArray(a) && Array.isArray(b)) return a.map((x, i) => (b[i] !== undefined ? merge(x, b[i]) : x));
  if (!Array.isArray(a) && !Array.isArray(b)) {
    const out: { [key: string]: HighlightTree } = { ...a };
    for (const [k, v] of Object.entries(b)) out[k] = out[k] !== undefined ? merge(out[k], v) : v;
    return out;
  }
  return b;
}

/**
 * Builds a record's `_highlightResult` for the given attribute paths (`*` = every attribute).
 *
 * @param record - The stored record.
 * @param attributes - Attribute names or dotted paths to highlight.
 */
export function buildHighlight(record: Record<string, unknown>, attributes: string[], q: HighlightQuery): Record<string, HighlightTree> {
  const out: Record<string, HighlightTree> = {};
  const attrs = attributes.includes('*') ? Object.keys(record).filter((k) => k !== 'objectID' && !k.startsWith('_')) : attributes;
  for (const attr of attrs) {
    const path = attr.split('.');
    const top = path[0];
    const h = highlightPath(record[top], path.slice(1), q);
    if (h === undefined) continue;
    out[top] = out[top] !== undefined ? merge(out[top], h) : h;
  }
  return out;
}
