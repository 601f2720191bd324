import { useEffect, useRef, useState } from 'react';
import type { EventBus } from 'shared-events';
import { useToasts, type ToastItem } from '../hooks/toasts';

export interface ToastsProps {
  bus: EventBus;
}

/**
 * The header's toast stack (spec §2 Header "Toasts for messages"; spec §8 header toasts auto-close
 * after 7000 ms). Listens to `toast/show` on the bus.
 *
 * The stack is an always-present polite live region (`role="status"`, name 'Notifications');
 * an error toast is itself `role="alert"` so it is announced at once. Each toast has a
 * 'Close notification' button and closes by itself after `autoCloseMs ?? 7000` ms; the countdown
 * pauses while the pointer is over it or focus is inside it (WCAG 2.2.1), then resumes.
 */
export function Toasts({ bus }: ToastsProps) {
  const { toasts, dismiss } = useToasts(bus);
  return (
    <div className="mfh-toasts" role="status" aria-live="polite" aria-label="Notifications">
      {toasts.map((t) => <Toast key={t.key} toast={t} onClose={dismiss} />)}
    </div>
  );
}

function Toast({ toast, onClose }: { toast: ToastItem; onClose: (key: string) => void }) {
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const remaining = useRef(toast.autoCloseMs);
  const paused = hovered || focused;
  const { key, autoCloseMs } = toast;

  useEffect(() => {
    if (paused || !(autoCloseMs > 0) || !Number.isFinite(autoCloseMs)) return;
    const startedAt = Date.now();
    const timer = setTimeout(() => onClose(key), Math.max(0, remaining.current));
    return () => {
      clearTimeout(timer);
      remaining.current -= Date.now() - startedAt;
    };
  }, [paused, key, autoCloseMs, onClose]);

  return (
    <div
      className={`mfh-toast mfh-toast--${toast.kind}`}
      role={toast.kind === 'error' ? 'alert' : undefined}
      data-testid="header-toast"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(e) => { if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false); }}
    >
      <span className="mfh-toast__icon" aria-hidden="true">{toast.kind === 'error' ? '!' : toast.kind === 'success' ? '✓' : 'i'}</span>
      <p className="mfh-toast__message">{toast.message}</p>
      <button type="button" className="mfh-toast__close" aria-label="Close notification" onClick={() => onClose(key)}>
        <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" focusable="false">
          <path d="M3.5 3.5l9 9M12.5 3.5l-9 9" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
    </div>
  );
}
