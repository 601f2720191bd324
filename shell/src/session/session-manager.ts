/**
 * The session of spec §3 on the bus (issue 3 "Session on the bus"). The shell is the only part of the
 * page that talks to the identity provider; remotes read `bus.state.session` and ask for changes with
 * `session/sign-in-requested`, `session/sign-out-requested` and `session/refresh-requested`.
 *
 * Building a session (spec §4 "After login the account info is read. A card number exists: the card
 * status is inquired"):
 * 1. publish `session/changed` with `isLoading: true` (uid, id_token and the names of the id token);
 * 2. the identity cache (spec §3, 55 s, ./identity-cache) answers when it holds this id token;
 * 3. otherwise `GET /api/account`, then `POST /api/services/Inquire` when the account has a card;
 * 4. publish the full session: uid, loggedIn, profile {firstName, lastName}, id_token,
 *    scene {cardNumber, enrollmentStatus, linkedStatus, info}, cardStatus (LP00–LP03),
 *    product {storeId: preferredStoreId, bannerCode: null}, subscribed.
 *
 * The preferred store (issue 11 point 5, shared-events README "State ownership"): the page's store is
 * `bus.state.store`, owned by mf-store-selector. `session.product` is the account record as the BFF
 * answered it (`storeId` = the account's `preferredStoreId`; the account carries no banner, so
 * `bannerCode` is null) and changes only when the account is read again: the shell neither reads
 * `bus.state.store` nor republishes the session on `store/changed`. A store confirmed while signed in is
 * saved on the account by mf-store-selector, which then sends `session/refresh-requested`; that re-read
 * (which clears the identity cache) is how `product.storeId` follows.
 *
 * Failures (spec §7 "if it fails it falls back to empty values"; §8):
 * - the account read fails (network, 5xx, error envelope): the shopper stays signed in with the names
 *   of the id token and empty account values (scene null, no store, not subscribed); nothing is cached;
 * - Inquire fails: the scene keeps the card number with no status;
 * - code 439 from any call: toast 'Something went wrong!' (kind error) and a forced sign-out;
 * - an expired id token (at start or while on the page) or a 401 from the BFF: silent sign-out to anonymous.
 */
import { safeReturnPath as kitSafeReturnPath } from '@storefront/remote-kit/safe-url';
import {
  BffError, callBff as realCallBff, EMPTY_SESSION,
  type BffEnvelope, type CardStatus, type EventBus, type Scene, type Session,
} from 'shared-events';
import type { Subscription } from 'rxjs';
import { reportShellError, SHELL_ERRORS } from '../errors';
import type { ShellRuntimeConfig } from '../runtime-config';
import { clearIdentityCache, readIdentityCache, writeIdentityCache, type CacheStorage, type IdentityCacheEntry } from './identity-cache';
import { CALLBACK_PATH, type OidcUser, type UserManagerLike } from './oidc';

/** Spec §8 "Response code 439: 'Something went wrong!' and forced logout". */
export const SESSION_PROBLEM_CODE = 439;
export const SESSION_PROBLEM_MESSAGE = 'Something went wrong!';
/** Toast id of the session-problem toast (a repeat replaces it). */
export const SESSION_PROBLEM_TOAST_ID = 'session-problem';
/** Spec §8 "Exception during a call". */
export const CALL_FAILED_MESSAGE = 'Something went wrong. please try later.';

/** `GET /api/account` data (wave-2 contract "BFF API"). */
export interface AccountData {
  uid: string;
  email: string;
  firstName: string;
  lastName: string;
  cardNumber: string | null;
  preferredStoreId: string | null;
  subscribed: boolean;
}

/** `POST /api/services/Inquire` data. Amounts: pointBalance in points, dollarValue in cents. */
export interface InquireData {
  cardNumber: string;
  cardStatus: CardStatus;
  enrollmentStatus: string | null;
  linkedStatus: boolean;
  info: { pointBalance: number; dollarValue: number } | null;
}

/** The `callBff` of shared-events (injectable in tests). */
export type CallBff = <T = unknown>(
  apiBase: string,
  path: string,
  options?: { method?: string; body?: unknown; session?: Pick<Session, 'id_token'> | null },
) => Promise<BffEnvelope<T>>;

/** The browser parts the manager touches (injectable in tests). */
export interface SessionWindow {
  location: Pick<Location, 'href' | 'origin' | 'pathname' | 'search' | 'hash'>;
  history: Pick<History, 'replaceState'>;
}

/** Options of {@link SessionManager}. */
export interface SessionManagerOptions {
  bus: EventBus;
  config: ShellRuntimeConfig;
  /** null when `/config.json` has no `oidc`: sign-in is unavailable, the shopper stays anonymous. */
  userManager: UserManagerLike | null;
  /** Where the identity cache lives (default: sessionStorage; null = no cache). */
  storage?: CacheStorage | null;
  win?: SessionWindow;
  callBff?: CallBff;
  /** Clock (ms since epoch). */
  now?: () => number;
}

const CARD_STATUSES: readonly string[] = ['LP00', 'LP01', 'LP02', 'LP03'];
const isSessionProblem = (env: BffEnvelope | undefined) => Number(env?.code) === SESSION_PROBLEM_CODE;

/** Signals a 439 answer through the build. */
class SessionProblem extends Error {}
/** Signals that the BFF refused the id token (401): the session is over. */
class TokenRefused extends Error {}

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
  idToken: string,
  account: Pick<AccountData, 'uid' | 'firstName' | 'lastName' | 'cardNumber' | 'preferredStoreId' | 'subscribed'>,
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
    id_token: idToken,
    scene,
    cardStatus,
    product: accountProduct(account.preferredStoreId),
    subscribed: !!account.subscribed,
  };
}

/**
 * `session.product` from the account's `preferredStoreId`, as the BFF answered it. The account has no
 * banner: `bannerCode` is null (the page's banner is `bus.state.store.value?.bannerCode`).
 */
export function accountProduct(preferredStoreId: string | null): Session['product'] {
  return { storeId: preferredStoreId, bannerCode: null };
}

/** The session of a signed-in shopper while (or instead of) reading the account: names from the id token. */
export function sessionFromToken(user: OidcUser, isLoading: boolean): Session {
  return {
    ...EMPTY_SESSION,
    uid: user.profile.sub,
    loggedIn: true,
    isLoading,
    profile: { firstName: user.profile.given_name ?? '', lastName: user.profile.family_name ?? '' },
    id_token: user.id_token ?? null,
    product: { storeId: null, bannerCode: null },
  };
}

function defaultStorage(): CacheStorage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/**
 * Owns the session: restores it at start, handles `/auth/callback`, and answers the session events.
 * @example
 *   const manager = new SessionManager({ bus, config, userManager: createUserManager(config.oidc, location.origin) });
 *   await manager.start();
 */
export class SessionManager {
  private readonly bus: EventBus;
  private readonly config: ShellRuntimeConfig;
  private readonly um: UserManagerLike | null;
  private readonly storage: CacheStorage | null;
  private readonly win: SessionWindow;
  private readonly call: CallBff;
  private readonly now: () => number;
  private readonly subscriptions: Subscription[] = [];
  private removeExpiredListener: (() => void) | null = null;
  /** Incremented by every build and sign-out: an older build's answer is dropped. */
  private generation = 0;

  constructor({ bus, config, userManager, storage = defaultStorage(), win = window, callBff = realCallBff as CallBff, now = Date.now }: SessionManagerOptions) {
    this.bus = bus;
    this.config = config;
    this.um = userManager;
    this.storage = storage;
    this.win = win;
    this.call = callBff;
    this.now = now;
  }

  /**
   * Subscribes to the session events, then restores the session: completes the sign-in on
   * `/auth/callback`, or rebuilds it from the stored user (a reload keeps the session).
   * Never rejects.
   */
  async start(): Promise<void> {
    const { bus } = this;
    this.subscriptions.push(
      bus.on('session/sign-in-requested').subscribe((e) => void this.signIn(e.payload.mode, e.payload.returnTo)),
      bus.on('session/sign-out-requested').subscribe(() => void this.signOut()),
      bus.on('session/refresh-requested').subscribe(() => void this.refresh()),
    );
    if (!this.um) return;
    this.removeExpiredListener = this.um.events.addAccessTokenExpired(() => void this.expire());
    try {
      if (this.win.location.pathname === CALLBACK_PATH) {
        await this.completeSignIn();
        return;
      }
      const user = await this.um.getUser();
      if (!user) return;
      if (this.isExpired(user)) {
        await this.expire();
        return;
      }
      await this.build(user, { useCache: true });
    } catch (error) {
      reportShellError(SHELL_ERRORS.SESSION_FAILED, 'Session: the stored sign-in could not be restored; the shopper is anonymous.', { error });
      this.publish(EMPTY_SESSION);
    }
  }

  /** Unsubscribes (tests, hot reload). */
  stop(): void {
    this.subscriptions.splice(0).forEach((s) => s.unsubscribe());
    this.removeExpiredListener?.();
    this.removeExpiredListener = null;
  }

  /**
   * Starts the authorization-code flow (spec §2 Header 'Log In' / 'Sign Up'): redirects to the provider's
   * sign-in page, or its sign-up page for `mode: 'signUp'` (`screen_hint=signup`). After the provider
   * redirects back to /auth/callback, the shopper returns to `returnTo` (default: the current page).
   */
  async signIn(mode: 'signIn' | 'signUp' = 'signIn', returnTo?: string): Promise<void> {
    const { location } = this.win;
    const back = safeReturnPath(returnTo ?? `${location.pathname}${location.search}${location.hash}`);
    if (!this.um) {
      reportShellError(SHELL_ERRORS.SESSION_FAILED, 'Session: sign-in requested but /config.json has no oidc issuer.');
      this.toast(CALL_FAILED_MESSAGE, 'session-sign-in');
      return;
    }
    try {
      await this.um.signinRedirect({ state: { returnTo: back }, ...(mode === 'signUp' ? { extraQueryParams: { screen_hint: 'signup' } } : {}) });
    } catch (error) {
      reportShellError(SHELL_ERRORS.SESSION_FAILED, 'Session: the identity provider could not be reached to sign in.', { error });
      this.toast(CALL_FAILED_MESSAGE, 'session-sign-in');
    }
  }

  /**
   * Shopper sign-out (spec §2 Account menu 'Sign Out'): tells the BFF the session ended (its tokens are
   * refused from then on, issue 19), forgets the user and the identity cache, publishes
   * the signed-out session, emits `analytics/track` `sign_out`, then ends the provider session
   * (end-session redirect; the provider returns to the home page).
   */
  async signOut(): Promise<void> {
    const user = await this.currentUser();
    // issue 19: the BFF refuses this shopper's current id tokens from now on (POST /api/session/end);
    // if it cannot be reached the shopper is still signed out here, and the tokens expire within 1 h
    if (user?.id_token) {
      try {
        await this.call(this.config.apiBase, '/session/end', { method: 'POST', body: {}, session: { id_token: user.id_token } });
      } catch (error) {
        reportShellError(SHELL_ERRORS.SESSION_FAILED, 'Session: the BFF could not record the sign-out; the old sign-in stays valid until it expires.', { error, level: 'warn' });
      }
    }
    await this.clearLocal();
    this.track('sign_out');
    if (!this.um) return;
    try {
      await this.um.signoutRedirect({ id_token_hint: user?.id_token, post_logout_redirect_uri: `${this.win.location.origin}/` });
    } catch (error) {
      reportShellError(SHELL_ERRORS.SESSION_FAILED, 'Session: the identity provider could not be reached to end its session; signed out on this site.', { error });
    }
  }

  /** Re-reads the account and the card status, bypassing the 55 s cache (`session/refresh-requested`). */
  async refresh(): Promise<void> {
    if (!this.um) return;
    const user = await this.currentUser();
    if (!user) return;
    if (this.isExpired(user)) {
      await this.expire();
      return;
    }
    clearIdentityCache(this.storage);
    await this.build(user, { useCache: false, keepValues: true });
  }

  /** The stored user, or null (storage errors read as signed out). */
  private async currentUser(): Promise<OidcUser | null> {
    try {
      return (await this.um?.getUser()) ?? null;
    } catch {
      return null;
    }
  }

  private isExpired(user: OidcUser): boolean {
    if (!user.id_token) return true;
    if (user.expired) return true;
    const exp = user.profile.exp;
    return typeof exp === 'number' && exp * 1000 <= this.now();
  }

  /** /auth/callback: exchanges the code, then goes back to the page the shopper was on. */
  private async completeSignIn(): Promise<void> {
    const um = this.um!;
    let user: OidcUser;
    try {
      user = await um.signinRedirectCallback(this.win.location.href);
    } catch (error) {
      reportShellError(SHELL_ERRORS.SESSION_FAILED, 'Session: the sign-in could not be completed (callback).', { error });
      this.publish(EMPTY_SESSION);
      this.win.history.replaceState(null, '', '/');
      this.toast(CALL_FAILED_MESSAGE, 'session-sign-in');
      return;
    }
    const returnTo = safeReturnPath((user.state as { returnTo?: unknown } | undefined)?.returnTo);
    clearIdentityCache(this.storage);
    const built = this.build(user, { useCache: false });
    this.win.history.replaceState(null, '', returnTo);
    await built;
  }

  /** Steps 1–4 of the module comment. */
  private async build(user: OidcUser, { useCache, keepValues = false }: { useCache: boolean; keepValues?: boolean }): Promise<void> {
    const gen = ++this.generation;
    const idToken = user.id_token!;
    const current = this.bus.state.session.value;
    this.publish(keepValues && current.loggedIn && current.id_token === idToken ? { ...current, isLoading: true } : sessionFromToken(user, true));

    const cached = useCache ? readIdentityCache(this.storage, idToken, this.now()) : null;
    if (cached) {
      this.publish(this.fromCache(cached));
      return;
    }
    const session = { id_token: idToken };
    try {
      const account = await this.call<AccountData>(this.config.apiBase, '/account', { method: 'GET', session });
      this.check(account);
      if (account.status !== 'success' || !account.data) throw new BffError(`GET /account answered ${account.code}: ${account.message}`, 200, account);
      const data = account.data;
      let inquire: { code: string | number; data: InquireData | null } | null | undefined = null;
      if (data.cardNumber) {
        try {
          const env = await this.call<InquireData>(this.config.apiBase, '/services/Inquire', { method: 'POST', body: {}, session });
          this.check(env);
          inquire = env.data ? { code: env.code, data: env.data } : undefined;
        } catch (error) {
          if (error instanceof SessionProblem || error instanceof TokenRefused) throw error;
          inquire = undefined; // spec §8 "Other failures are silently ignored": card with unknown status
        }
      }
      if (gen !== this.generation) return;
      const result = toSession(idToken, data, inquire);
      if (inquire !== undefined) {
        writeIdentityCache(this.storage, {
          idToken, uid: result.uid!, cardNumber: data.cardNumber, name: result.profile!,
          preferredStoreId: data.preferredStoreId, subscribed: result.subscribed, scene: result.scene, cardStatus: result.cardStatus ?? null,
        }, this.now());
      }
      this.publish(result);
    } catch (error) {
      if (gen !== this.generation) return;
      if (error instanceof SessionProblem) {
        await this.sessionProblem();
        return;
      }
      if (error instanceof TokenRefused) {
        await this.expire();
        return;
      }
      // Spec §7: the identity fetch fell back to empty values.
      reportShellError(SHELL_ERRORS.SESSION_FAILED, 'Session: the account could not be read; showing the shopper with empty account values.', { error });
      this.publish(sessionFromToken(user, false));
    }
  }

  /** Throws {@link SessionProblem} for code 439 and {@link TokenRefused} for 401. */
  private check(env: BffEnvelope): void {
    if (isSessionProblem(env)) throw new SessionProblem('code 439');
    if (Number(env.code) === 401) throw new TokenRefused(env.message);
  }

  private fromCache(c: IdentityCacheEntry): Session {
    return {
      uid: c.uid,
      loggedIn: true,
      isLoading: false,
      profile: { firstName: c.name.firstName, lastName: c.name.lastName },
      id_token: c.idToken,
      scene: c.scene,
      cardStatus: c.cardStatus,
      product: accountProduct(c.preferredStoreId),
      subscribed: c.subscribed,
    };
  }

  /** Spec §4/§8: code 439 → toast 'Something went wrong!' and forced sign-out (this site only). */
  private async sessionProblem(): Promise<void> {
    this.toast(SESSION_PROBLEM_MESSAGE, SESSION_PROBLEM_TOAST_ID);
    await this.clearLocal();
    this.track('sign_out', { reason: 'session_problem' });
  }

  /** An expired id token (or one the BFF refuses): silently back to anonymous. */
  private async expire(): Promise<void> {
    if (!this.bus.state.session.value.loggedIn && !(await this.currentUser())) return;
    await this.clearLocal();
  }

  /** Forgets the user and the cache, publishes the signed-out session. */
  private async clearLocal(): Promise<void> {
    this.generation++;
    clearIdentityCache(this.storage);
    try {
      await this.um?.removeUser();
    } catch {
      /* storage unavailable: nothing stored */
    }
    this.publish(EMPTY_SESSION);
  }

  private publish(session: Session): void {
    try {
      this.bus.emit('session/changed', session);
    } catch (error) {
      reportShellError(SHELL_ERRORS.SESSION_FAILED, 'Session: a session broke the shared-events contract and was not published.', { error });
    }
  }

  private toast(message: string, id: string): void {
    this.bus.emit('toast/show', { id, message, kind: 'error' });
  }

  private track(event: 'sign_out', params?: Record<string, string>): void {
    this.bus.emit('analytics/track', params ? { event, params } : { event });
  }
}
