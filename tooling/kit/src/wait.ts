/**
 * `@storefront/remote-kit/wait`: a subpath, not the kit's root, on purpose. The root is a Module
 * Federation shared singleton provided by the shell, so a remote importing a new root export would
 * break under an older shell (remotes and shell release on their own); a subpath is bundled
 * into each remote that uses it.
 */
import { useEffect, useState } from 'react';

/**
 * True once `waiting` has stayed true for `delayMs` milliseconds in one go, and from then on (a
 * timeout for something that may never come). E.g. a page that needs the store selector's store gives
 * up waiting after 5 s and goes on with the default store (mf-flyer) or without one (mf-search
 * results): with the search engine down no store ever comes.
 * @param waiting true while the thing is still missing
 * @param delayMs how long to wait, ms
 * @example const waitOver = useWaitOver(!store, 5_000);
 */
export function useWaitOver(waiting: boolean, delayMs: number): boolean {
  const [over, setOver] = useState(false);
  useEffect(() => {
    if (!waiting) return;
    const timer = setTimeout(() => setOver(true), delayMs);
    return () => clearTimeout(timer);
  }, [waiting, delayMs]);
  return over;
}
