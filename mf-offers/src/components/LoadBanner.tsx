import { forwardRef, useEffect, useRef } from 'react';
import { LOADED_BANNER_MS, loadedMessage, offersCount } from '../state/messages';

/** What one 'Load to card' / 'Load all' ended with. */
export interface LoadOutcome {
  /** Distinguishes outcomes (a new one restarts the 900000 ms timer). */
  key: number;
  /** How many offers were loaded. */
  loaded: number;
  /** The offers that did not load: description shown to the shopper and the BFF's reason. */
  failed: Array<{ id: string; text: string; reason: string }>;
  /** The whole call failed (network, session): the message. */
  error?: string;
}

/** Props of {@link LoadBanner}. */
export interface LoadBannerProps {
  outcome: LoadOutcome | null;
  /** 'Dismiss', and after {@link LOADED_BANNER_MS} ms. */
  onDismiss: () => void;
  /** Banner lifetime, ms (spec §9 Loaded-offers banner: 900000). */
  closeAfterMs?: number;
}

/**
 * The load result (spec §4 "a success banner shows the count; that banner closes after 900000 ms"):
 * 'N offers loaded to your card' in a polite status; the offers that did not load, with the reason, in
 * an alert; a 'Dismiss' button. Both live regions are always in the page (empty when there is nothing),
 * so screen readers announce a new result. The wrapper takes focus (tabIndex -1) after a load, so
 * keyboard users land on the result when the button they pressed goes away.
 */
export const LoadBanner = forwardRef<HTMLDivElement, LoadBannerProps>(function LoadBanner({ outcome, onDismiss, closeAfterMs = LOADED_BANNER_MS }, ref) {
  const dismiss = useRef(onDismiss);
  dismiss.current = onDismiss;
  const key = outcome?.key;
  useEffect(() => {
    if (key === undefined) return undefined;
    const timer = setTimeout(() => dismiss.current(), closeAfterMs);
    return () => clearTimeout(timer);
  }, [key, closeAfterMs]);

  const failed = outcome?.failed ?? [];
  return (
    <div ref={ref} tabIndex={-1} className={outcome ? 'mfo-banner' : 'mfo-banner mfo-banner--empty'} data-testid="load-banner">
      <div role="status" className="mfo-banner__ok">
        {outcome && outcome.loaded > 0 && <p className="mfo-banner__title">{loadedMessage(outcome.loaded)}</p>}
      </div>
      <div role="alert" className="mfo-banner__problems">
        {outcome?.error && <p className="mfo-banner__error">{outcome.error}</p>}
        {failed.length > 0 && (
          <>
            <p className="mfo-banner__error">{offersCount(failed.length)} could not be loaded:</p>
            <ul className="mfo-banner__list">
              {failed.map((f) => <li key={f.id}>{f.text} — {f.reason}</li>)}
            </ul>
          </>
        )}
      </div>
      {outcome && (
        <button type="button" className="mfo-banner__close" aria-label="Dismiss" onClick={() => dismiss.current()}>
          <span aria-hidden="true">×</span>
        </button>
      )}
    </div>
  );
});
