import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';

/**
 * WAI-ARIA disclosure pattern (ARCHITECTURE §8; used by the account menu and the compact 'Menu').
 *
 * Spread `buttonProps` on the trigger `<button>`, `panelProps` on the controlled element and
 * `containerProps` on an element wrapping both. Behaviour:
 * - the button toggles; it carries `aria-expanded` and `aria-controls` (the panel id);
 * - Escape (from the button or inside the panel) closes and returns focus to the button;
 * - a pointer press outside the container closes without moving focus.
 */
export function useDisclosure() {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const containerRef = useRef<HTMLDivElement>(null);

  const close = useCallback((returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  }, []);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (e: PointerEvent | MouseEvent) => {
      if (containerRef.current && !containerRef.current.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onPointerDown);
    return () => document.removeEventListener('mousedown', onPointerDown);
  }, [open]);

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape' && open) {
      e.preventDefault();
      close(true);
    }
  };

  return {
    open,
    close,
    containerProps: { ref: containerRef, onKeyDown },
    buttonProps: {
      ref: buttonRef,
      type: 'button' as const,
      'aria-expanded': open,
      'aria-controls': panelId,
      onClick: () => setOpen((o) => !o),
    },
    panelProps: { id: panelId, hidden: !open },
  };
}
