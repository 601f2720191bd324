/**
 * What both pages share: their props, the API instance, and the session gate (spec §4, §6): loading,
 * signed out (sign-in prompt), no card (link to /scene), card status LP00 (offers loading skipped).
 */
import { useMemo, type ReactNode } from 'react';
import { siteLinkClick, type EventBus, type Session } from 'shared-events';
import { createOffersApi, type OffersApi } from '../api/offersApi';
import { SignInPrompt } from '../components/SignInPrompt';
import { CARD_STATUS_MESSAGE, NO_CARD_MESSAGE } from '../state/messages';
import { isSignedIn } from '../state/signedIn';

/** Props of the pages: the single-spa custom props they use, and test doubles. */
export interface OffersPageProps {
  bus: EventBus;
  /** BFF base path (RuntimeConfig.apiBase, normally '/api'). */
  apiBase?: string;
  /** Replaces the real API (tests). */
  api?: OffersApi;
  /** In-site navigation (the shell's single-spa `navigateToUrl`). */
  navigate?: (url: string) => void;
  /** Where offer images are served (none in the local platform: placeholders). */
  imageBase?: string;
}

/** The given API, or the real one on `apiBase` (one per page mount). */
export function useOffersApi(api: OffersApi | undefined, apiBase: string | undefined): OffersApi {
  return useMemo(() => api ?? createOffersApi(apiBase ?? '/api'), [api, apiBase]);
}

/** 'Loading…' status of a page part (`role="status"`, `aria-busy`). */
export function Loading({ text }: { text: string }) {
  return <p className="mfo-loading" role="status" aria-busy="true">{text}</p>;
}

/** Signed in without a Scene+ card: the message and a link to /scene (add the card there). */
export function NoCard({ navigate }: { navigate?: (url: string) => void }) {
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
export function SessionGate({ bus, session, signInText, returnTo, navigate, children }: {
  bus: EventBus;
  session: Session;
  signInText: string;
  returnTo: string;
  navigate?: (url: string) => void;
  children: (session: Session) => ReactNode;
}) {
  if (session.isLoading) return <Loading text="Loading your offers…" />;
  if (!isSignedIn(session)) return <SignInPrompt bus={bus} text={signInText} returnTo={returnTo} />;
  if (!session.scene?.cardNumber) return <NoCard navigate={navigate} />;
  if (session.cardStatus === 'LP00') return <CardProblem />;
  return <>{children(session)}</>;
}
