import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useQuery } from '@storefront/remote-kit';
import { bus as sharedBus, useBusState, type EventBus, type PopupType, type Session } from 'shared-events';
import type { LoyaltyApi } from '../api/loyaltyApi';
import { useLoyaltyApi, type LoyaltyProps } from '../hooks/useLoyaltyApi';
import { trackPopupClick, trackPopupView, trackSceneRegistration, type PopupAction } from '../api/analytics';
import { runBusEffects } from '../api/busEffects';
import { decidePopup, effectsForResponseCode, isRecipeDetailPath } from '../state/popupMachine';
import { recentActivity } from '../hooks/recentActivity';
import { clearCardSuppression, readSuppression, recordClose } from '../api/suppressionCookies';
import type { SuppressiblePopup, SuppressType } from '../state/suppression';
import { useScrollY } from '../hooks/useScrollY';
import { startCountdown } from '../state/verifyCountdown';
import { isSignedIn } from '../state/signedIn';
import { AddCardPopup, CreateScenePopup, GhostCardPopup, LinkCardPopup, type CallOutcome } from './popups';
import './loyalty.css';

/** `meta.source` of the popup/open events the host publishes to keep `bus.state.popup` right. */
export const HOST_SOURCE = 'mf-loyalty/popup-host';

/** Message shown when the verification code was sent (spec §4 Verify flow "shows a message"). */
export const CODE_SENT_MESSAGE = 'We sent a verification code to the email on your Scene+ account. Enter it to finish linking your card.';
/** Message shown when a card was added. */
export const CARD_ADDED_MESSAGE = 'Your Scene+ card was added to your account.';

/** Props of {@link PopupHost}: the single-spa custom props it uses, and test doubles. */
export type PopupHostProps = LoyaltyProps;

/** What the machine's effects depend on (spec §4): a new value runs them again. */
function sessionKey(s: Session): string {
  return [s.loggedIn, s.isLoading, s.uid, s.scene?.cardNumber ?? '', s.cardStatus ?? '', s.scene?.linkedStatus ?? ''].join('|');
}

/**
 * The machine's historyLite effect as a query (spec §4 "When linked and status is LP01 or LP02, the
 * history (historyLite) is fetched too"): one `POST /api/services/historyLite` per session state that
 * asks for it (`enabled`), no retry; the answer goes to {@link recentActivity} for the /scene page; a
 * 439 answer raises the toast and the forced sign-out; other failures are silently ignored (spec §8).
 */
function useHistoryLite(bus: EventBus, api: LoyaltyApi, apiBase: string, session: Session, enabled: boolean): void {
  useQuery({
    queryKey: ['mf-loyalty', 'historyLite', apiBase, sessionKey(session)],
    enabled: enabled && !!session.uid,
    retry: false,
    // Every new session state fetches again, also one seen before (as the hand-run effect did);
    // nothing else does (no refetch on reconnect).
    staleTime: 0,
    refetchOnReconnect: false,
    queryFn: async () => {
      const env = await api.historyLite();
      if (runBusEffects(bus, effectsForResponseCode(env.code)).length === 0 && env.status === 'success' && env.data && session.uid) {
        recentActivity.set({ uid: session.uid, transactions: env.data.transactions ?? [] });
      }
      return env;
    },
  });
}

/**
 * The always-on part of mf-loyalty ('./spa'): runs the popup state machine ({@link decidePopup},
 * spec §4) on the session, path, suppression cookies, clock and scroll position; performs its
 * effects (card-status toast, historyLite fetch, 439 sign-out); shows the popup it chooses or the
 * one asked for with `popup/open` on the bus; writes the suppression cookie on soft/hard close;
 * keeps `bus.state.popup` right (publishes popup/open and popup/closed); starts the verify flow after
 * a successful link (30 s countdown, message, route to `/verify-card?redirectUrl=<current path>`).
 * Reads the URL with the kit's `useLocation()`; needs the kit's providers (QueryClient), which
 * `createRemoteLifecycles`, `mountStandalone` and `renderWithKit` give.
 */
export function PopupHost({ bus = sharedBus, apiBase = '/api', api: apiProp, navigate, now = Date.now }: PopupHostProps) {
  const api = useLoyaltyApi(apiBase, apiProp);
  const session = useBusState(bus.state.session);
  const { pathname: path, search } = useLocation();
  const [cookieVersion, setCookieVersion] = useState(0);
  /** A popup asked for on the bus (overrides the machine until closed). */
  const [requested, setRequested] = useState<Exclude<PopupType, 'none'> | null>(null);
  /** After a successful call the machine's choice is held back until the session changes (refresh). */
  const [quietFor, setQuietFor] = useState<Session | null>(null);

  const cardNumber = session.scene?.cardNumber ?? null;
  const scrollY = useScrollY(isSignedIn(session) && !cardNumber && isRecipeDetailPath(path));
  const decision = useMemo(
    () => decidePopup({ session, path, suppression: readSuppression(), now: now(), scrollY }),
    // cookieVersion: re-read the cookies after a close
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [session, path, scrollY, cookieVersion, now],
  );
  const auto = quietFor === session ? 'none' : decision.popupType;
  const shown: PopupType = isSignedIn(session) ? (requested ?? auto) : 'none';

  // Machine bus effects: once per session state (spec §4 card-status toast); historyLite is a query.
  const ranFor = useRef<string | null>(null);
  const key = sessionKey(session);
  useEffect(() => {
    if (ranFor.current === key) return;
    ranFor.current = key;
    runBusEffects(bus, decision.effects);
  }, [key, bus, decision.effects]);
  useHistoryLite(bus, api, apiBase, session, decision.effects.some((e) => e.kind === 'fetchHistoryLite'));

  // popup/open from other remotes (e.g. the header's 'Link Your Scene+ Card' → addCard).
  useEffect(() => {
    const sub = bus.on('popup/open').subscribe((e) => {
      if (e.meta?.source === HOST_SOURCE) return;
      if (e.payload.popupType === 'none') {
        setRequested(null);
        setQuietFor(bus.state.session.value);
      } else {
        setRequested(e.payload.popupType);
      }
    });
    return () => sub.unsubscribe();
  }, [bus]);

  // Keep bus.state.popup right, and count views (spec §7 popup_view).
  const published = useRef<PopupType>('none');
  useEffect(() => {
    if (published.current === shown) return;
    published.current = shown;
    if (bus.state.popup.value !== shown) bus.publish({ type: 'popup/open', payload: { popupType: shown }, meta: { source: HOST_SOURCE } });
    if (shown !== 'none') trackPopupView(bus, shown);
  }, [shown, bus]);

  const closeWith = useCallback((popup: SuppressiblePopup, closeType: SuppressType) => {
    recordClose(popup, closeType, now());
    trackPopupClick(bus, popup, closeType === 'soft' ? 'remind_later' : 'close');
    published.current = 'none';
    bus.emit('popup/closed', { popupType: popup, closeType });
    setRequested(null);
    setCookieVersion((v) => v + 1);
  }, [bus, now]);

  /** Closes without suppression (the shopper acted), holding the machine back until the session changes. */
  const closeQuietly = useCallback(() => {
    setRequested(null);
    setQuietFor(bus.state.session.value);
  }, [bus]);

  const onOutcome = useCallback((popup: SuppressiblePopup) => (outcome: CallOutcome) => {
    closeQuietly();
    if (outcome.kind === 'sessionProblem') {
      runBusEffects(bus, effectsForResponseCode(439));
      return;
    }
    if (outcome.kind === 'alreadyLinked') {
      bus.emit('session/refresh-requested', { reason: 'card-already-linked' });
      return;
    }
    if (popup === 'addCard') {
      clearCardSuppression();
      setCookieVersion((v) => v + 1);
      bus.emit('toast/show', { id: 'scene-card-added', message: CARD_ADDED_MESSAGE, kind: 'success' });
      bus.emit('session/refresh-requested', { reason: 'card-added' });
      return;
    }
    // linkCard: spec §4 Verify flow.
    startCountdown(now());
    bus.emit('toast/show', { id: 'scene-verify', message: CODE_SENT_MESSAGE, kind: 'success' });
    const target = `/verify-card?redirectUrl=${encodeURIComponent(`${path}${search}`)}`;
    if (navigate) navigate(target);
    else window.location.assign(target);
  }, [bus, closeQuietly, navigate, now, path, search]);

  if (shown === 'none') return null;
  const soft = () => closeWith(shown, 'soft');
  const hard = () => closeWith(shown, 'hard');
  const click = (action: PopupAction) => () => trackPopupClick(bus, shown, action);
  const register = () => {
    trackPopupClick(bus, shown, 'register');
    trackSceneRegistration(bus, shown);
  };

  switch (shown) {
    case 'addCard':
      return <AddCardPopup api={api} onOutcome={onOutcome('addCard')} onAction={click('add_card')} onRegister={register} onSoftClose={soft} onHardClose={hard} />;
    case 'linkCard':
      return <LinkCardPopup api={api} session={session} onOutcome={onOutcome('linkCard')} onAction={click('link_card')} onSoftClose={soft} onHardClose={hard} />;
    case 'ghostCard':
      return <GhostCardPopup onRegister={register} onSoftClose={soft} onHardClose={hard} />;
    default:
      return <CreateScenePopup onRegister={register} onSoftClose={soft} onHardClose={hard} />;
  }
}
