/**
 * Profanity check of a search query (spec §2 Search dropdown, §5 "Profanity in the query switches the
 * no-results message"). Whole words and phrases of the English, French and Canadian-French lists of
 * `naughty-words` (CC-BY-4.0) are matched against the query's words (lower-cased, accents stripped,
 * split on anything that is not a letter or digit), with a grocery allow-list: a listed word inside an
 * allowed phrase ("pork butt", "spotted dick", "pussy willow", "chili con carne", "bite size"...) is
 * not flagged.
 *
 * The lists (~500 entries) are loaded lazily with {@link loadProfanityMatcher} (a separate chunk).
 */

/** Grocery phrases that contain a listed word but are real products (data/README, spec §5). */
export const GROCERY_ALLOW_LIST: readonly string[] = [
  'pork butt', 'butt roast', 'pork butt roast', 'boston butt', 'butt steak', 'butt chop', 'ham butt', 'beef butt',
  'spotted dick', 'pussy willow', 'pussy willows',
  'cock a leekie', 'cock-a-leekie',
  'jelly donut', 'jelly donuts', 'twinkie', 'twinkies',
  'baby juice', 'menage a trois', 'ménage à trois',
  'chili con carne', 'chile con carne', 'con carne', 'con queso', 'chile con queso', 'chili con queso', 'arroz con pollo', 'dulce con leche',
  'bite size', 'bite sized', 'bite-size', 'bite-sized',
  'bottle nipple', 'bottle nipples', 'baby bottle nipple', 'baby bottle nipples',
  'big black olives', 'big black beans', 'hot chick peas', 'salad tosser', 'tongue in a jar',
  'beaver tail', 'beaver tails', 'beavertails', 'tanche',
];

/** Splits text into normalised words: lower case, no accents, letters and digits only. */
export function words(text: string): string[] {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** A compiled matcher. */
export interface ProfanityMatcher {
  /** True when the text contains a listed word or phrase outside the allow-list. */
  test(text: string): boolean;
}

function findAll(haystack: string[], needle: string[]): number[] {
  const starts: number[] = [];
  if (needle.length === 0) return starts;
  for (let i = 0; i + needle.length <= haystack.length; i++) {
    let ok = true;
    for (let j = 0; j < needle.length && ok; j++) ok = haystack[i + j] === needle[j];
    if (ok) starts.push(i);
  }
  return starts;
}

/**
 * Builds a matcher from word lists (entries may be phrases; entries without any letter or digit,
 * such as an emoji, are matched as substrings).
 * @param lists e.g. [en, fr, frCA] from naughty-words
 * @param allow grocery phrases that are never flagged
 */
export function createProfanityMatcher(lists: ReadonlyArray<readonly string[]>, allow: readonly string[] = GROCERY_ALLOW_LIST): ProfanityMatcher {
  const single = new Set<string>();
  const phrases: string[][] = [];
  const symbols: string[] = [];
  for (const list of lists) {
    for (const entry of list) {
      const w = words(entry);
      if (w.length === 0) { if (entry.trim()) symbols.push(entry.trim()); } else if (w.length === 1) single.add(w[0]);
      else phrases.push(w);
    }
  }
  const allowed = allow.map(words).filter((w) => w.length > 0);
  return {
    test(text: string): boolean {
      if (symbols.some((s) => text.includes(s))) return true;
      const q = words(text);
      if (q.length === 0) return false;
      const covered = new Array<boolean>(q.length).fill(false);
      for (const phrase of allowed) for (const at of findAll(q, phrase)) for (let k = 0; k < phrase.length; k++) covered[at + k] = true;
      const flagged = (at: number, len: number) => { for (let k = 0; k < len; k++) if (!covered[at + k]) return true; return false; };
      for (let i = 0; i < q.length; i++) if (single.has(q[i]) && flagged(i, 1)) return true;
      for (const phrase of phrases) for (const at of findAll(q, phrase)) if (flagged(at, phrase.length)) return true;
      return false;
    },
  };
}

let loading: Promise<ProfanityMatcher> | null = null;

/** The matcher over naughty-words en + fr + fr-CA, loaded once in its own chunk. */
export function loadProfanityMatcher(): Promise<ProfanityMatcher> {
  loading ??= import(/* webpackChunkName: "profanity" */ './profanityLists').then(({ PROFANITY_LISTS }) => createProfanityMatcher(PROFANITY_LISTS));
  return loading;
}
