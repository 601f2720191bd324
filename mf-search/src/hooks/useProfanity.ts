import { useEffect, useState } from 'react';
import { loadProfanityMatcher, type ProfanityMatcher } from '../state/profanity';

/**
 * Whether `text` contains profanity (spec §5), once the word lists are loaded (their own chunk,
 * loaded when `enabled` first turns true). null while loading or when disabled.
 */
export function useProfanity(text: string, enabled: boolean): boolean | null {
  const [matcher, setMatcher] = useState<ProfanityMatcher | null>(null);
  useEffect(() => {
    if (!enabled || matcher) return undefined;
    let live = true;
    loadProfanityMatcher().then((m) => { if (live) setMatcher(m); }, () => undefined);
    return () => { live = false; };
  }, [enabled, matcher]);
  if (!enabled || !matcher) return null;
  return matcher.test(text);
}
