/**
 * The store whose flyer is shown: the preferred store, following its changes after
 * {@link FLYER_DEBOUNCE_MS} of quiet (spec §5 "Flyer changes are debounced 500 ms", §9). The first
 * store is shown at once (there is nothing to debounce yet).
 */
import { useEffect, useState } from 'react';
import type { FlyerStore } from '../state/storeLabel';

export const FLYER_DEBOUNCE_MS = 500;

/**
 * @param current the preferred store now (null: not known yet)
 * @param holding a store change was requested and is not answered yet: keep what is shown (nothing
 *   at first) until it is
 */
export function useShownStore(current: FlyerStore | null, holding: boolean): FlyerStore | null {
  const [shown, setShown] = useState<FlyerStore | null>(() => (holding ? null : current));
  const number = current?.storeNumber ?? null;
  const name = current?.locationName ?? null;
  const shownNumber = shown?.storeNumber ?? null;

  useEffect(() => {
    if (holding || number === null) return;
    const next = { storeNumber: number, locationName: name };
    if (shownNumber === null) {
      setShown(next);
      return;
    }
    if (shownNumber === number) {
      setShown((s) => (s && s.locationName === name ? s : next));
      return;
    }
    const timer = setTimeout(() => setShown(next), FLYER_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [holding, number, name, shownNumber]);

  return shown;
}
