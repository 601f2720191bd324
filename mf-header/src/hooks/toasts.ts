import { useCallback, useEffect, useRef, useState } from 'react';
import type { EventBus, PayloadOf } from 'shared-events';

/** Spec §8 / §9 "Toast auto-close": header toasts close after 7 s = 7000 ms unless the event says otherwise. */
export const DEFAULT_TOAST_AUTO_CLOSE_MS = 7000;

/** At most this many toasts are stacked; the oldest is dropped when a new one arrives. */
export const MAX_TOASTS = 5;

/**
 * A toast on screen: the `toast/show` payload with nothing left out (`id`: the payload's, or the key
 * when none was given; `autoCloseMs`: milliseconds until it closes by itself, 0 or less or not finite =
 * stays until closed) and `key`, unique per shown toast (React key: a re-shown `id` gets a new key, so
 * its timer restarts).
 */
export type ToastItem = Required<PayloadOf<'toast/show'>> & { key: string };

/**
 * Keeps the header's toast stack (spec §2 Header "Toasts for messages").
 *
 * Consumes `toast/show` `{ id?, message, kind: 'success'|'error'|'info', autoCloseMs? }` from the bus.
 * A toast with the `id` of one already shown replaces it (no duplicates). Timers live in the toast
 * view (it pauses while hovered or focused); this hook only holds the list.
 *
 * @returns the toasts, oldest first, and `dismiss(key)`.
 */
export function useToasts(bus: EventBus): { toasts: ToastItem[]; dismiss: (key: string) => void } {
  const [toasts, setToasts] = useState<ToastItem[]>([]);
  const seq = useRef(0);

  useEffect(() => {
    // replayMs: a toast raised while the header was still loading shows too (spec §8, 7 s).
    const sub = bus.on('toast/show', { replayMs: 7000 }).subscribe(({ payload }) => {
      seq.current += 1;
      const key = `mfh-toast-${seq.current}`;
      const item: ToastItem = {
        key,
        id: payload.id ?? key,
        message: payload.message,
        kind: payload.kind,
        autoCloseMs: payload.autoCloseMs ?? DEFAULT_TOAST_AUTO_CLOSE_MS,
      };
      setToasts((current) => [...current.filter((t) => t.id !== item.id), item].slice(-MAX_TOASTS));
    });
    return () => sub.unsubscribe();
  }, [bus]);

  const dismiss = useCallback((key: string) => {
    setToasts((current) => current.filter((t) => t.key !== key));
  }, []);

  return { toasts, dismiss };
}
