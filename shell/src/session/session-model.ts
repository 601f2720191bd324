/**
 * The session model (spec §3): how the account and card answers of the BFF map to the bus's `Session`.
 * Pure: no I/O (./session-manager does the calls).
 */
// From the kit's shared root (one copy in the browser), not its subpath (a second copy in the shell's chunk).
import { safeReturnPath as kitSafeReturnPath } from '@storefront/remote-kit';
import { EMPTY_SESSION, type CardStatus, type Scene, type Session } from 'shared-events';
import type { AccountData } from 'shared-events/contracts';
import { CALLBACK_PATH, type SessionInfo } from './bff-session';

/**
 * `GET /api/account` data: the BFF's contract (shared-events/contracts `accountDataSchema`) plus the
 * preferred store's `bannerCode` and the shopper's `lifestyles` (spec §3 Session), which a BFF that does
 * not send them yet leaves out.
 */
export type AccountAnswer = AccountData & { bannerCode?: string | null; lifestyles?: string[] };
export type { AccountData };

/** `POST /api/services/Inquire` data. Amounts: pointBalance in points, dollarValue in cents. */
export interface InquireData {
  cardNumber: string;
  cardStatus: CardStatus;
  enrollmentStatus: string | null;
  linkedStatus: boolean;
  info: { pointBalance: number; dollarValue: number } | null;
}

const CARD_STATUSES: readonly string[] = ['LP00', 'LP01', 'LP02', 'LP03'];

/**
 * A same-origin path to return to after sign-in, never the callback itself; anything else gives '/'.
 * The one URL-safety rule of the storefront: `safeReturnPath` of @storefront/remote-kit (OWASP
 * unvalidated redirects; refuses other origins, `//x`, `/\x`, encoded and dot-segment bypasses).
 */
export function safeReturnPath(value: unknown): string {
  return kitSafeReturnPath(value, { exclude: [CALLBACK_PATH] });
}

/** The scene of a shopper without a card: spec §4 "No card number" (mf-loyalty shows addCard). */
export const NO_CARD_SCENE: Scene = Object.freeze({ cardNumber: null, enrollmentStatus: null, linkedStatus: false, info: null }) as Scene;

/**
 * Maps the account and card answers to the session of spec §3.
 * @param inquire the Inquire answer; null when the account has no card; undefined when Inquire failed
 */
export function toSession(
  account: Pick<AccountAnswer, 'uid' | 'firstName' | 'lastName' | 'cardNumber' | 'preferredStoreId' | 'subscribed' | 'bannerCode' | 'lifestyles'>,
  inquire: { code: string | number; data: InquireData | null } | null | undefined,
): Session {
  let scene: Scene;
  let cardStatus: CardStatus | null = null;
  if (!account.cardNumber) scene = NO_CARD_SCENE;
  else if (inquire?.data) {
    const d = inquire.data;
    scene = { cardNumber: d.cardNumber ?? account.cardNumber, enrollmentStatus: d.enrollmentStatus ?? null, linkedStatus: !!d.linkedStatus, info: d.info ?? null };
    const status = String(d.cardStatus ?? inquire.code);
    cardStatus = CARD_STATUSES.includes(status) ? (status as CardStatus) : null;
  } else {
    scene = { cardNumber: account.cardNumber, enrollmentStatus: null, linkedStatus: false, info: null };
  }
  return {
    uid: account.uid,
    loggedIn: true,
    isLoading: false,
    profile: { firstName: account.firstName, lastName: account.lastName },
    id_token: null,
    scene,
    cardStatus,
    lifestyles: accountLifestyles(account.lifestyles),
    product: accountProduct(account.preferredStoreId, account.bannerCode),
    subscribed: !!account.subscribed,
  };
}

/**
 * `session.product` (spec §3 "{product} (storeId as the preferred store, bannerCode)") from the account
 * as the BFF answered it: the preferred store and that store's banner ('standard' | 'coop'); `bannerCode`
 * is null without a preferred store or when the BFF did not send it. The page's store and banner are
 * `bus.state.store` (mf-store-selector), which may differ until the account is read again.
 */
export function accountProduct(preferredStoreId: string | null, bannerCode?: string | null): Session['product'] {
  return { storeId: preferredStoreId, bannerCode: preferredStoreId && typeof bannerCode === 'string' && bannerCode ? bannerCode : null };
}

/** `session.lifestyles` (spec §3): the account's lifestyle preferences, strings only; `[]` when it has none. */
export function accountLifestyles(lifestyles: unknown): string[] {
  return Array.isArray(lifestyles) ? lifestyles.filter((l): l is string => typeof l === 'string' && l.length > 0) : [];
}

/** The session of a signed-in shopper while (or instead of) reading the account: the names the BFF read from the id token. */
export function sessionFromInfo(user: SessionInfo, isLoading: boolean): Session {
  return {
    ...EMPTY_SESSION,
    uid: user.uid,
    loggedIn: true,
    isLoading,
    profile: { firstName: user.firstName, lastName: user.lastName },
    id_token: null,
    product: { storeId: null, bannerCode: null },
  };
}
