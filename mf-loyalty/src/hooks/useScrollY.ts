import { useEffect, useState } from 'react';

/**
 * `window.scrollY` in px, tracked (passive listener) only while `enabled` — the createScenePopup
 * rule needs it on recipe detail pages only (spec §4, §9 scroll threshold 100px). 0 when disabled.
 */
export function useScrollY(enabled: boolean): number {
  const [y, setY] = useState(0);
  useEffect(() => {
    if (!enabled) return undefined;
    const onScroll = () => setY(window.scrollY);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [enabled]);
  return enabled ? y : 0;
}
