/**
 * The word lists of `naughty-words` (CC-BY-4.0, LDNOOBW) the storefront uses: English, French and
 * Canadian French. Only these three are bundled (a lazily loaded chunk, see `profanity.ts`).
 */
import en from 'naughty-words/en.json';
import fr from 'naughty-words/fr.json';
import frCA from 'naughty-words/fr-CA-u-sd-caqc.json';

export const PROFANITY_LISTS: ReadonlyArray<readonly string[]> = [en, fr, frCA];
