import type { Session } from 'shared-events';

/** The route of the card verification page (spec §2 Routes). */
export const VERIFY_CARD_PATH = '/verify-card';

/**
 * What the Scene+ panel of the account menu shows (spec §2 Header "exactly one of four states",
 * spec §4 Card popup state):
 * - `link`: 'Link Your Scene+ Card' — signed in with no card; opens the addCard popup;
 * - `register`: 'Register Scene+ Card' — card status LP03 (ghost card); opens the ghostCard popup;
 * - `verify`: 'Verify Your Scene+ Card' — any other status with a card that is not linked;
 *   `disabled` while the shopper is on /verify-card;
 * - `balance`: the card is linked — points (PTS badge) and dollar value;
 * - `none`: nothing — signed out, session loading, or card status LP00 (spec §4 "LP00: … the Scene+
 *   panel shows nothing"; its error toast is raised by mf-loyalty).
 */
export type ScenePanelState =
  | { kind: 'none' }
  | { kind: 'link' }
  | { kind: 'register' }
  | { kind: 'verify'; disabled: boolean }
  | { kind: 'balance'; pointBalance: number; dollarValueCents: number };

/**
 * Picks the Scene+ panel state from the session (spec §2 Header, §4). Pure.
 *
 * Order of the rules: signed out / loading → none; no card number → link; LP00 → none;
 * LP03 → register; linked → balance (`info` amounts: points, and cents; missing info counts as 0);
 * otherwise (LP01, LP02 or a status not read yet, card not linked) → verify, disabled on /verify-card.
 *
 * @param session  `bus.state.session` (scene, cardStatus)
 * @param pathname current `location.pathname`
 */
export function scenePanelState(
  session: Pick<Session, 'loggedIn' | 'isLoading' | 'scene' | 'cardStatus'>,
  pathname: string,
): ScenePanelState {
  if (!session.loggedIn || session.isLoading) return { kind: 'none' };
  const scene = session.scene;
  if (!scene?.cardNumber) return { kind: 'link' };
  if (session.cardStatus === 'LP00') return { kind: 'none' };
  if (session.cardStatus === 'LP03') return { kind: 'register' };
  if (scene.linkedStatus) {
    return { kind: 'balance', pointBalance: scene.info?.pointBalance ?? 0, dollarValueCents: scene.info?.dollarValue ?? 0 };
  }
  return { kind: 'verify', disabled: pathname === VERIFY_CARD_PATH || pathname.startsWith(`${VERIFY_CARD_PATH}/`) };
}

/**
 * Where 'Verify Your Scene+ Card' goes: `/verify-card?redirectUrl=<current path and query>`
 * (spec §2 Routes "/verify-card … takes a redirectUrl parameter"). Pure.
 * @example verifyCardHref('/recipes', '?tag=quick') // '/verify-card?redirectUrl=%2Frecipes%3Ftag%3Dquick'
 */
export function verifyCardHref(pathname: string, search = ''): string {
  return `${VERIFY_CARD_PATH}?redirectUrl=${encodeURIComponent(`${pathname}${search}`)}`;
}

const points = new Intl.NumberFormat('en-CA', { maximumFractionDigits: 0 });
const dollars = new Intl.NumberFormat('en-CA', { style: 'currency', currency: 'CAD', currencyDisplay: 'narrowSymbol' });

/** Points as shown in the panel: 1250 → '1,250' (en-CA grouping). Pure. */
export function formatPoints(pointBalance: number): string {
  return points.format(pointBalance);
}

/** A dollar value in cents as CAD: 1250 → '$12.50' (spec §3 Scene info.dollarValue is in cents). Pure. */
export function formatCents(cents: number): string {
  return dollars.format(cents / 100);
}
