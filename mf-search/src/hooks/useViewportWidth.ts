import { useSyncExternalStore } from 'react';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
}

/**
 * The viewport width in CSS px (`window.innerWidth`), re-rendering on `resize`.
 * Feed it to `cardsForWidth` (spec §9 dropdown card counts). Server snapshot: 1024.
 */
export function useViewportWidth(): number {
  return useSyncExternalStore(subscribe, () => window.innerWidth, () => 1024);
}
