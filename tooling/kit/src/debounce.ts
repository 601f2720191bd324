/**
 * Debouncing for every remote, on `use-debounce` (MIT, ~1 KB, hooks-first, used widely) instead of
 * the hand-written `setTimeout` debouncers (mf-store-selector `useDebouncedValue`, `useStoreSearch`,
 * mf-search `useSuggestions`). All delays are in milliseconds.
 */
import { useDebounce, useDebouncedCallback as useDebouncedCallbackLib, type DebouncedState, type Options } from 'use-debounce';

export type { DebouncedState };

/** Options of {@link useDebouncedCallback} (use-debounce `Options`; `maxWait` is in ms). */
export type DebounceOptions = Options;

/** Options of {@link useDebouncedValue}. */
export interface DebouncedValueOptions<T> {
  /** Longest time in ms the value may lag behind (default: unbounded). */
  maxWait?: number;
  /** Also update at once on the first change of a burst. Default false. */
  leading?: boolean;
  /** Update at the end of a burst. Default true. */
  trailing?: boolean;
  /** Equality of two values (default `===`); equal values do not restart the timer. */
  equalityFn?: (left: T, right: T) => boolean;
}

/**
 * `value`, once it has stayed the same for `delayMs` milliseconds (the first render returns `value`
 * at once). E.g. the store search waits 700 ms after the last keystroke (spec §5, §9), the search
 * dropdown 1000 ms.
 * @param value the fast-changing value (search text)
 * @param delayMs quiet time in ms before the returned value follows
 * @example const settled = useDebouncedValue(text.trim(), 700);
 */
export function useDebouncedValue<T>(value: T, delayMs: number, options?: DebouncedValueOptions<T>): T {
  return useDebounce(value, delayMs, options)[0];
}

/**
 * A debounced version of `callback`: calls it `delayMs` milliseconds after the last call, with the
 * last arguments. The result also has `cancel()` (drop a pending call, e.g. on submit or unmount is
 * automatic), `flush()` (run it now) and `isPending()`. The latest `callback` is always used, so it
 * need not be memoised.
 * @param delayMs quiet time in ms
 * @param options `leading`, `trailing`, `maxWait` (ms), `flushOnExit` (see use-debounce)
 * @example const save = useDebouncedCallback((q: string) => search(q), 700); <input onChange={(e) => save(e.target.value)} />
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- same constraint as use-debounce
export function useDebouncedCallback<F extends (...args: any[]) => ReturnType<F>>(callback: F, delayMs: number, options?: DebounceOptions): DebouncedState<F> {
  return useDebouncedCallbackLib(callback, delayMs, options);
}
