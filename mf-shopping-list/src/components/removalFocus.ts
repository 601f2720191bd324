import { useLayoutEffect, useRef, type RefObject } from 'react';

/**
 * Keeps focus sensible when a row is removed (its Remove button had focus and disappears): after the
 * next render, focus moves to the Remove button of the row now at the same place (the next one), else
 * the last row, else `fallback` (e.g. the list's heading).
 * @param root the element holding every row (`[data-item-row]`)
 * @returns call it with the row just before removing it
 */
export function useRemovalFocus(root: RefObject<HTMLElement | null>, fallback: RefObject<HTMLElement | null>): (row: HTMLElement) => void {
  const pending = useRef<number | null>(null);
  useLayoutEffect(() => {
    const index = pending.current;
    if (index === null) return;
    pending.current = null;
    const rows = root.current ? Array.from(root.current.querySelectorAll<HTMLElement>('[data-item-row]')) : [];
    const row = rows[Math.min(index, rows.length - 1)];
    (row?.querySelector<HTMLElement>('.mfsl-item__remove') ?? fallback.current)?.focus();
  });
  return (row) => {
    const rows = root.current ? Array.from(root.current.querySelectorAll<HTMLElement>('[data-item-row]')) : [];
    pending.current = Math.max(0, rows.indexOf(row));
  };
}
