import type { Session } from 'shared-events';
import { formatCents, formatPoints, scenePanelState, verifyCardHref } from '../state/scenePanel';
import { useHeaderRemote } from '../hooks/useHeaderRemote';
import { useLocation } from '@storefront/remote-kit';

export interface ScenePanelProps {
  session: Session;
  /** Called after a button was used (the account menu closes). */
  onDone: () => void;
}

/**
 * The Scene+ panel of the account menu (spec §2 Header "exactly one of four states", spec §4),
 * from the pure {@link scenePanelState}:
 * - 'Link Your Scene+ Card' → publishes `popup/open { popupType: 'addCard' }` (mf-loyalty opens it);
 * - 'Register Scene+ Card' (LP03) → publishes `popup/open { popupType: 'ghostCard' }`: the ghost-card
 *   popup of spec §4 ("LP03: show ghostCard popup … the panel offers 'Register Scene+ Card'") is
 *   where registration is explained and /register is linked, so the button reopens it on request
 *   (even after the shopper dismissed the automatic one);
 * - 'Verify Your Scene+ Card' → goes to `/verify-card?redirectUrl=<current path>`; disabled while on
 *   /verify-card;
 * - the balance: points with a 'PTS' badge and the dollar value (cents → CAD), e.g. '1,250' PTS, '$12.50';
 * - nothing (signed out, loading, LP00).
 */
export function ScenePanel({ session, onDone }: ScenePanelProps) {
  const { bus, navigate } = useHeaderRemote();
  const { pathname, search } = useLocation();
  const state = scenePanelState(session, pathname);
  if (state.kind === 'none') return null;

  const openPopup = (popupType: 'addCard' | 'ghostCard') => () => {
    onDone();
    bus.emit('popup/open', { popupType });
  };

  return (
    <section className="mfh-scene" aria-label="Scene+ card" data-testid="scene-panel" data-state={state.kind}>
      {state.kind === 'link' && (
        <button type="button" className="mfh-button mfh-button--scene" onClick={openPopup('addCard')}>Link Your Scene+ Card</button>
      )}
      {state.kind === 'register' && (
        <button type="button" className="mfh-button mfh-button--scene" onClick={openPopup('ghostCard')}>Register Scene+ Card</button>
      )}
      {state.kind === 'verify' && (
        <button
          type="button"
          className="mfh-button mfh-button--scene"
          disabled={state.disabled}
          onClick={() => {
            const href = verifyCardHref(pathname, search);
            onDone();
            if (navigate) navigate(href);
            else window.location.assign(href);
          }}
        >
          Verify Your Scene+ Card
        </button>
      )}
      {state.kind === 'balance' && (
        <dl className="mfh-scene__balance">
          <div className="mfh-scene__row">
            <dt className="mfh-visually-hidden">Scene+ points</dt>
            <dd className="mfh-scene__points">
              <span data-testid="scene-points">{formatPoints(state.pointBalance)}</span>
              <abbr className="mfh-scene__badge" title="points">PTS</abbr>
            </dd>
          </div>
          <div className="mfh-scene__row">
            <dt className="mfh-scene__label">Points value</dt>
            <dd className="mfh-scene__dollars" data-testid="scene-dollars">{formatCents(state.dollarValueCents)}</dd>
          </div>
        </dl>
      )}
    </section>
  );
}
