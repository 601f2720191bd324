import { useEffect, useRef, useState } from 'react';
import type { ToastItem } from '../hooks/toasts';
import './toasts.css';

export interface ToastStackProps {
  /** The toasts on screen, oldest first ({@link useToasts}). */
  toasts: readonly ToastItem[];
  /** Removes a toast by its `key`. */
  onClose: (key: string) => void;
}

/**
 * The toasts inside the header's live region ({@link ./Toasts}), loaded on demand (chunk `mfh-toasts`,
 * with toasts.css) when the first toast arrives. Each toast has a 'Close notification' button and
 * closes by itself after its `autoCloseMs`; the countdown pauses while the pointer is over it or focus
 * is inside it (WCAG 2.2.1), then resumes with the time left. An error toast is `role="alert"`.
 */
export function ToastStack({ toasts, onClose }: ToastStackProps) {
  return <>{toasts.map((t) => <Toast key={t.key} toast={t} onClose={onClose} />)}</>;
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
