/**
 * What both pages share: their props, the signed-in page (frame and session gate, spec §4, §6:
 * loading, signed out (sign-in prompt), no card (link to /scene), card status LP00 (offers loading
 * skipped)) and the failed-read states.
 */
import { useRef, type ComponentType, type ReactNode, type RefObject } from 'react';
import { useNavigate } from '@storefront/remote-kit';
import { siteLinkClick, useBusState, type Session } from 'shared-events';
import { OffersError, type OffersApi } from '../api/offersApi';
import { PageFrame } from './PageFrame';
import { SignInPrompt } from './SignInPrompt';
import { useRemoteRuntime } from '@storefront/remote-kit';
import { CARD_STATUS_MESSAGE, EXCEPTION_MESSAGE, NO_CARD_MESSAGE } from '../state/messages';
import { isSignedIn } from '../state/signedIn';

/**
 * Props of the pages. The single-spa custom props (`bus`, `config.apiBase`, `navigate`) come from the
 * kit context; these are test doubles and options.
 */
export interface OffersPageProps {
  /** Replaces the real API (tests). */
  api?: OffersApi;
  /** Where offer images are served (none in the local platform: placeholders). */
  imageBase?: string;
}

/** 'Loading…' status of a page part (`role="status"`, `aria-busy`). */
export function Loading({ text }: { text: string }) {
  return <p className="mfo-loading" role="status" aria-busy="true">{text}</p>;
}

/** Signed in without a Scene+ card: the message and a link to /scene (add the card there). */
export function NoCard() {
  const navigate = useNavigate();
  return (
    <div className="mfo-notice">
      <p>{NO_CARD_MESSAGE}</p>
      <p><a className="mfo-link" href="/scene" onClick={siteLinkClick('/scene', navigate)}>Go to Scene+</a></p>
    </div>
  );
}

/** Card status LP00: offers loading is skipped (spec §4); the spec §8 card-status text explains why. */
export function CardProblem() {
  return (
    <div className="mfo-notice" data-card-status="LP00">
      <p className="mfo-notice__title">Offers are not available for this card.</p>
      <p>{CARD_STATUS_MESSAGE}</p>
    </div>
  );
}

/**
 * Renders `children(session)` only for a signed-in shopper with a card whose status is not LP00;
 * otherwise the matching message. No BFF call is made by the gate.
 */
export function SessionGate({ session, signInText, returnTo, children }: {
  session: Session;
  signInText: string;
  returnTo: string;
  children: (session: Session) => ReactNode;
}) {
  if (session.isLoading) return <Loading text="Loading your offers…" />;
  if (!isSignedIn(session)) return <SignInPrompt text={signInText} returnTo={returnTo} />;
  if (!session.scene?.cardNumber) return <NoCard />;
  if (session.cardStatus === 'LP00') return <CardProblem />;
  return <>{children(session)}</>;
}

/** A failed read the shopper may try again: the message (`role="alert"`) and 'Try again'. */
export function RetryNotice({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className="mfo-notice mfo-notice--error">
      <p role="alert">{message}</p>
      <button type="button" className="mfo-btn" onClick={onRetry}>Try again</button>
    </div>
  );
}

/**
 * A failed read of the shopper's offers or favourites: 409 `NO_CARD` → {@link NoCard}; 401 (the BFF's
 * session ended) → the sign-in prompt with `signInText`, back to `returnTo`; anything else → spec §8's
 * exception text with 'Try again' (`onRetry`).
 */
export function OffersFailure({ error, signInText, returnTo, onRetry }: {
  error: unknown;
  signInText: string;
  returnTo: string;
  onRetry: () => void;
}) {
  if (error instanceof OffersError && error.kind === 'no-card') return <NoCard />;
  if (error instanceof OffersError && error.kind === 'signed-out') return <SignInPrompt text={signInText} returnTo={returnTo} />;
  return <RetryNotice message={EXCEPTION_MESSAGE} onRetry={onRetry} />;
}

/** Props of a page's signed-in view, rendered by {@link ShopperPage}. */
export interface ShopperViewProps {
  session: Session;
  api: OffersApi;
  imageBase?: string;
  /** The page's `<h1>`: focus returns there when what had it goes away. */
  heading: RefObject<HTMLHeadingElement | null>;
}

/**
 * A signed-in page: the frame (intro, nav) and the session gate around `View`, which mounts afresh for
 * each shopper (its queries and state never carry over). Signing in comes back to `current`.
 */
export function ShopperPage({ title, current, signInText, api, imageBase, View }: {
  title: string;
  current: '/offers' | '/favourites';
  signInText: string;
  api: OffersApi;
  imageBase?: string;
  View: ComponentType<ShopperViewProps>;
}) {
  const session = useBusState(useRemoteRuntime().bus.state.session);
  const heading = useRef<HTMLHeadingElement>(null);
  return (
    <PageFrame ref={heading} title={title} current={current}>
      <SessionGate session={session} signInText={signInText} returnTo={current}>
        {(s) => <View key={s.uid ?? ''} session={s} api={api} imageBase={imageBase} heading={heading} />}
      </SessionGate>
    </PageFrame>
  );
}
