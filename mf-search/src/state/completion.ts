/**
 * Inline completion (spec §2 Search dropdown "Autosuggest: inline completion appears when the query has
 * at least 2 characters; Tab accepts the first suggestion"). The suggestion completed is the first one
 * (in the engine's order) that starts with the typed text, so the completion always extends what the
 * shopper typed (fuzzy matches such as 'pecan' for 'pean' are skipped).
 */

/** Characters typed before the inline completion shows (spec §2: 2). */
export const COMPLETION_MIN_CHARS = 2;

/**
 * The suggestion Tab would accept: the first that starts with `typed` (case-insensitive) and is
 * longer; null when none, or when fewer than 2 characters are typed.
 * @example completionTarget('pea', ['pecan pie', 'peanut butter']) === 'peanut butter'
 */
export function completionTarget(typed: string, suggestions: readonly string[]): string | null {
  if (typed.trim().length < COMPLETION_MIN_CHARS || typed !== typed.trimStart()) return null;
  const lower = typed.toLowerCase();
  return suggestions.find((s) => s.length > typed.length && s.toLowerCase().startsWith(lower)) ?? null;
}

/**
 * The text shown after the typed text (the rest of {@link completionTarget}), or ''.
 * @example inlineCompletion('mi', ['milk', 'mint']) === 'lk'
 */
export function inlineCompletion(typed: string, suggestions: readonly string[]): string {
  const target = completionTarget(typed, suggestions);
  return target ? target.slice(typed.length) : '';
}
