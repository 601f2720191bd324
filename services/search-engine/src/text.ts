/** Separator between words: whitespace or punctuation (same as MiniSearch's default tokenizer). */
export const SEPARATOR = /[\n\r\p{Z}\p{P}]+/u;
const SEPARATOR_CAPTURE = /([\n\r\p{Z}\p{P}]+)/u;
const MARKS = /\p{M}/gu;

/** Lower-cases a term and strips accents (`Crème` → `creme`). */
export function normalizeTerm(term: string): string {
  return term.normalize('NFD').replace(MARKS, '').toLowerCase();
}

/** Splits text into raw words (no normalisation). Empty strings are dropped. */
export function tokenize(text: string): string[] {
  return text.split(SEPARATOR).filter((t) => t !== '');
}

/** Splits text into alternating [word, separator, word, ...] parts (odd indexes are separators). */
export function splitKeepingSeparators(text: string): string[] {
  return text.split(SEPARATOR_CAPTURE);
}

/**
 * Values found at a dotted path (`address.city`, `ingredients.name`); arrays anywhere along the path
 * are flattened, so the result is the list of leaf values (possibly objects or arrays).
 */
export function valuesAtPath(obj: unknown, path: string[], depth = 0, out: unknown[] = []): unknown[] {
  if (obj === undefined || obj === null) return out;
  if (Array.isArray(obj)) {
    for (const item of obj) valuesAtPath(item, path, depth, out);
    return out;
  }
  if (depth === path.length) {
    out.push(obj);
    return out;
  }
  if (typeof obj !== 'object') return out;
  return valuesAtPath((obj as Record<string, unknown>)[path[depth]], path, depth + 1, out);
}

/** Scalar leaves (strings, numbers, booleans) under a value, depth-first. */
export function scalarLeaves(value: unknown, out: Array<string | number | boolean> = []): Array<string | number | boolean> {
  if (value === undefined || value === null) return out;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
    out.push(value);
  } else if (Array.isArray(value)) {
    for (const v of value) scalarLeaves(v, out);
  } else if (typeof value === 'object') {
    for (const v of Object.values(value as Record<string, unknown>)) scalarLeaves(v, out);
  }
  return out;
}

/** Text of the string/number leaves under a value, space-joined (what gets indexed for a field). */
export function textOf(value: unknown): string {
  const leaves = scalarLeaves(value);
  let s = '';
  for (const l of leaves) {
    if (typeof l === 'boolean') continue;
    s += (s ? ' ' : '') + String(l);
  }
  return s;
}

/**
 * Levenshtein distance between a and b if it is ≤ max, else max + 1 (bounded, O(len·max)).
 */
export function boundedDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prev = new Array<number>(b.length + 1);
  let cur = new Array<number>(b.length + 1);
  for (let j = 0; j <= b.length; j++) prev[j] = j;
  for (let i = 1; i <= a.length; i++) {
    cur[0] = i;
    let rowMin = cur[0];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      cur[j] = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost);
      if (cur[j] < rowMin) rowMin = cur[j];
    }
    if (rowMin > max) return max + 1;
    [prev, cur] = [cur, prev];
  }
  return prev[b.length] <= max ? prev[b.length] : max + 1;
}

/** Maximum typo distance for a query word: 20 % of its length (rounded), only for words ≥ 4 chars. */
export function maxTypos(word: string): number {
  return word.length >= 4 ? Math.min(6, Math.round(word.length * 0.2)) : 0;
}
