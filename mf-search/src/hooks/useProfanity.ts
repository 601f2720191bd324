import { useQuery } from '@storefront/remote-kit';
import { loadProfanityMatcher } from '../state/profanity';

/**
 * Whether `text` contains profanity (spec §5), once the word lists are loaded (their own chunk,
 * loaded through the kit's `useQuery` when `enabled` first turns true, then kept for the page's life).
 * @returns true/false, or null while loading, on failure or when disabled
 */
export function useProfanity(text: string, enabled: boolean): boolean | null {
  const { data: matcher } = useQuery({
    queryKey: ['profanity-matcher'],
    queryFn: loadProfanityMatcher,
    enabled,
    staleTime: Infinity,
    structuralSharing: false,
  });
  if (!enabled || !matcher) return null;
  return matcher.test(text);
}
