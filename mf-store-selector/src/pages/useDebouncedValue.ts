import { useEffect, useState } from 'react';

/** `value`, once it has stayed the same for `delayMs` ms (e.g. 700 ms store search debounce, spec §9). */
export function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(t);
  }, [value, delayMs]);
  return settled;
}
