import './blocks.css';
import '../visually-hidden.css';

/** Props of {@link Skeleton}. */
export interface SkeletonProps {
  /** Read by screen readers while loading. Default `'Loading…'`. */
  label?: string;
  /** Grey text lines (default) or product-card tiles. */
  variant?: 'lines' | 'cards';
  /** How many lines / tiles. Default 3. */
  count?: number;
  /** Extra class names (e.g. the remote's reserved box, so nothing shifts when the data comes). */
  className?: string;
}

/**
 * A loading placeholder: `role="status"`, `aria-busy="true"`, polite; the `label` for screen readers,
 * grey lines or tiles (aria-hidden) for the eye.
 * @example <Skeleton label="Loading your list…" count={3} />
 */
export function Skeleton({ label = 'Loading…', variant = 'lines', count = 3, className }: SkeletonProps) {
  const part = variant === 'cards' ? 'kit-skeleton__card' : 'kit-skeleton__line';
  return (
    <div className={['kit-skeleton', `kit-skeleton--${variant}`, className].filter(Boolean).join(' ')} role="status" aria-live="polite" aria-busy="true">
      <span className="kit-visually-hidden">{label}</span>
      {Array.from({ length: Math.max(0, count) }, (_, i) => <div key={i} className={part} aria-hidden="true" />)}
    </div>
  );
}
