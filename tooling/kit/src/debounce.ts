/**
 * Debouncing for every remote: one small hook, what the store search, the search suggestions and the
 * recipe picker use (no library: they need nothing more). All delays are in milliseconds.
 */
import { useEffect, useState } from 'react';

/**
 * `value`, once it has stayed the same (`Object.is`) for `delayMs` milliseconds; every change restarts
 * the wait. The first render returns `value` at once; a change still waiting is dropped on unmount.
 * E.g. the store search waits 700 ms after the last keystroke (spec §5, §9), the search dropdown 1000 ms.
 * @param value the fast-changing value (search text)
 * @param delayMs quiet time in ms before the returned value follows
 * @example const settled = useDebouncedValue(text.trim(), 700);
 */
export function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    if (Object.is(value, settled)) return undefined;
    const timer = setTimeout(() => setSettled(() => value), delayMs);
    return () => clearTimeout(timer);
  }, [value, settled, delayMs]);
  return settled;
}
