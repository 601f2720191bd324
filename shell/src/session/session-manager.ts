/**
 * The session of spec §3 on the bus. The shell is the only part of the page that starts or ends a
 * sign-in; remotes read `bus.state.session` and ask for changes with `session/sign-in-requested`,
 * `session/sign-out-requested` and `session/refresh-requested`. The sign-in itself lives at the BFF
 * (./bff-session): the page holds no token, so `session.id_token` is always null.
 *
 * Building a session (spec §4 "After login the account info is read. A card number exists: the card
 * status is inquired"):
 * 1. publish `session/changed` with `isLoading: true` (uid and the names the BFF read from the id token);
 * 2. the identity cache (spec §3, 55 s, ./identity-cache) answers when it holds this BFF session;
 * 3. otherwise `GET /api/account`, then `POST /api/services/Inquire` when the account has a card;
 * 4. publish the full session: uid, loggedIn, profile {firstName, lastName}, id_token (null),
 *    scene {cardNumber, enrollmentStatus, linkedStatus, info}, cardStatus (LP00–LP03), lifestyles,
 *    product {storeId: preferredStoreId, bannerCode: that store's banner}, subscribed.
 *
 * The preferred store (shared-events README "State ownership"): the page's store is
 * `bus.state.store`, owned by mf-store-selector. `session.product` is the account record as the BFF
 * answered it (`storeId` = the account's `preferredStoreId`, `bannerCode` = that store's banner)
 * and changes only when the account is read again: the shell neither reads
 * `bus.state.store` nor republishes the session on `store/changed`. A store confirmed while signed in is
 * saved on the account by mf-store-selector, which then sends `session/refresh-requested`; that re-read
 * (which clears the identity cache) is how `product.storeId` follows.
 *
 * Failures (spec §7 "if it fails it falls back to empty values"; §8):
 * - the account read fails (network, 5xx, error envelope): the shopper stays signed in with the names
 *   of the id token and empty account values (scene null, no store, not subscribed); nothing is cached;
 * - Inquire fails: the scene keeps the card number with no status;
 * - code 439 from any call: toast 'Something went wrong!' (kind error) and a forced sign-out;
 * - the BFF session ended (at start, at the id token's expiry when the BFF could not refresh it) or a 401
 *   from the BFF: silent sign-out to anonymous.
 */
import {
  BffError, callBff as realCallBff, EMPTY_SESSION,
  type BffEnvelope, type EventBus, type Session,
} from 'shared-events';
import type { Subscription } from 'rxjs';
import { reportShellError, SHELL_ERRORS } from '../errors';
import type { ShellRuntimeConfig } from '../runtime-config';
import { clearIdentityCache, readIdentityCache, writeIdentityCache, type CacheStorage, type IdentityCacheEntry } from './identity-cache';
import { CALLBACK_PATH, type AuthClient, type SessionInfo } from './bff-session';
import { CALL_FAILED_MESSAGE, SESSION_REQUESTS, type SessionRequest } from './requests';
import { PREFERRED_STORE_REASON, requestSignedToken, type SignedToken } from './store-account';
import { accountLifestyles, accountProduct, safeReturnPath, sessionFromInfo, toSession, type AccountAnswer, type InquireData } from './session-model';

export { accountProduct, NO_CARD_SCENE, safeReturnPath, sessionFromInfo, toSession, type AccountData, type InquireData } from './session-model';

/** Spec §8 "Response code 439: 'Something went wrong!' and forced logout". */
export const SESSION_PROBLEM_CODE = 439;
export const SESSION_PROBLEM_MESSAGE = 'Something went wrong!';
/** Toast id of the session-problem toast (a repeat replaces it). */
export const SESSION_PROBLEM_TOAST_ID = 'session-problem';
/** Spec §8 "Exception during a call". */
export { CALL_FAILED_MESSAGE } from './requests';

/** The `callBff` of shared-events (injectable in tests). */
export type CallBff = <T = unknown>(apiBase: string, path: string, options?: { method?: string; body?: unknown }) => Promise<BffEnvelope<T>>;

/** The browser parts the manager touches (injectable in tests). */
export interface SessionWindow {
  location: Pick<Location, 'href' | 'origin' | 'pathname' | 'search' | 'hash' | 'assign'>;
  history: Pick<History, 'replaceState'>;
}

/** Options of {@link SessionManager}. */
export interface SessionManagerOptions {
  bus: EventBus;
  config: ShellRuntimeConfig;
  /** null when `/config.json` has no `oidc`: sign-in is unavailable, the shopper stays anonymous. */
  auth: AuthClient | null;
  /** Where the identity cache lives (default: sessionStorage; null = no cache). */
  storage?: CacheStorage | null;
  win?: SessionWindow;
  callBff?: CallBff;
  /** Clock (ms since epoch). */
  now?: () => number;
  /** Timer for the id token's expiry check (injectable in tests). */
  setTimer?: (fn: () => void, ms: number) => () => void;
}

/** Longest timer the browser keeps (2^31 - 1 ms); a later expiry is checked again then. */
const MAX_TIMER_MS = 2_147_483_647;
const defaultTimer = (fn: () => void, ms: number) => {
  const id = setTimeout(fn, ms);
  return () => clearTimeout(id);
};

const isSessionProblem = (env: BffEnvelope | undefined) => Number(env?.code) === SESSION_PROBLEM_CODE;

/** Signals a 439 answer through the build. */
class SessionProblem extends Error {}
/** Signals that the BFF refused the session (401): it is over. */
class TokenRefused extends Error {}

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
 *   const manager = new SessionManager({ bus, config, auth: createBffAuthClient(config.apiBase) });
 *   await manager.start();
 */
export class SessionManager {
  private readonly bus: EventBus;
  private readonly config: ShellRuntimeConfig;
  private readonly auth: AuthClient | null;
  private readonly storage: CacheStorage | null;
  private readonly win: SessionWindow;
  private readonly call: CallBff;
  private readonly now: () => number;
  private readonly setTimer: (fn: () => void, ms: number) => () => void;
  private readonly subscriptions: Subscription[] = [];
  private cancelExpiryCheck: (() => void) | null = null;
  /** Incremented by every build and sign-out: an older build's answer is dropped. */
  private generation = 0;
  private token: SignedToken | null = null; // spec §7 signed token, from when the preferred store was set

  constructor({ bus, config, auth, storage = defaultStorage(), win = window, callBff = realCallBff as CallBff, now = Date.now, setTimer = defaultTimer }: SessionManagerOptions) {
    this.bus = bus;
    this.config = config;
    this.auth = auth;
    this.storage = storage;
    this.win = win;
    this.call = callBff;
    this.now = now;
    this.setTimer = setTimer;
  }

  /**
   * Subscribes to the session events, then restores the session: completes the sign-in on
   * `/auth/callback`, or asks the BFF who is signed in when its hint cookie is present (a reload keeps
   * the session; an anonymous visit makes no request). Never rejects.
   */
  async start(): Promise<void> {
    const { bus } = this;
    this.subscriptions.push(...SESSION_REQUESTS.map((type) => bus.on(type).subscribe((e) => void this.handle(e))));
    if (!this.auth) return;
    try {
      if (this.win.location.pathname === CALLBACK_PATH) {
        await this.completeSignIn();
        return;
      }
      if (!this.auth.hasSessionHint()) return;
      const user = await this.auth.current();
      if (!user) return;
      await this.build(user, { useCache: true });
    } catch (error) {
      reportShellError(SHELL_ERRORS.SESSION_FAILED, 'Session: the BFF session could not be read; the shopper is anonymous.', { error });
      this.publish(EMPTY_SESSION);
    }
  }

  /**
   * Answers one session request of the bus: sign-in (or sign-up), sign-out, or refresh. {@link start}
   * routes every request here; the shell's lazy start hands over the requests made before this code loaded.
   */
  handle(event: SessionRequest): Promise<void> {
    if (event.type === 'session/sign-in-requested') return this.signIn(event.payload.mode, event.payload.returnTo);
    if (event.type === 'session/sign-out-requested') return this.signOut();
    return this.refresh(event.payload.reason);
  }

  /** The signed token of the shopper's card (./store-account) while it is valid, else null. */
  signedToken(): SignedToken | null {
    return this.token && this.token.expiresAt > this.now() ? this.token : null;
  }

  /** Unsubscribes (tests, hot reload). */
  stop(): void {
    this.subscriptions.splice(0).forEach((s) => s.unsubscribe());
    this.cancelExpiryCheck?.();
    this.cancelExpiryCheck = null;
  }

  /**
   * Starts the authorization-code flow (spec §2 Header 'Log In' / 'Sign Up'): the BFF prepares it and the
   * page goes to the provider's sign-in page, or its sign-up page for `mode: 'signUp'`. After the
   * provider redirects back to /auth/callback, the shopper returns to `returnTo` (default: the current page).
   */
  async signIn(mode: 'signIn' | 'signUp' = 'signIn', returnTo?: string): Promise<void> {
    const { location } = this.win;
    const back = safeReturnPath(returnTo ?? `${location.pathname}${location.search}${location.hash}`);
    if (!this.auth) {
      reportShellError(SHELL_ERRORS.SESSION_FAILED, 'Session: sign-in requested but /config.json has no oidc issuer.');
      this.toast(CALL_FAILED_MESSAGE, 'session-sign-in');
      return;
    }
    try {
      location.assign(await this.auth.startSignIn(mode, back));
    } catch (error) {
      reportShellError(SHELL_ERRORS.SESSION_FAILED, 'Session: the sign-in could not be started (BFF or identity provider unreachable).', { error });
      this.toast(CALL_FAILED_MESSAGE, 'session-sign-in');
    }
  }

  /**
   * Shopper sign-out (spec §2 Account menu 'Sign Out'): the BFF ends the session by its id (the cookie
   * and the tokens behind it are refused from then on), the page forgets the identity cache, publishes
   * the signed-out session, emits `analytics/track` `sign_out`, then goes to the provider's end-session
   * page (which returns to the home page).
   */
  async signOut(): Promise<void> {
    let endSessionUrl: string | null = null;
    if (this.auth) {
      try {
        endSessionUrl = await this.auth.signOut();
      } catch (error) {
        reportShellError(SHELL_ERRORS.SESSION_FAILED, 'Session: the BFF could not end the session; signed out on this page only.', { error, level: 'warn' });
      }
    }
    this.clearLocal();
    this.track('sign_out');
    if (endSessionUrl) this.win.location.assign(endSessionUrl);
  }

  /** Re-reads session, account and card status, bypassing the 55 s cache; `reason` 'preferred-store': then the signed token (./store-account). */
  async refresh(reason?: string): Promise<void> {
    if (!this.auth || !this.bus.state.session.value.loggedIn) return;
    let user: SessionInfo | null;
    try {
      user = await this.auth.current();
    } catch (error) {
      reportShellError(SHELL_ERRORS.SESSION_FAILED, 'Session: the BFF session could not be re-read; keeping the current session.', { error, level: 'warn' });
      return;
    }
    if (!user) {
      this.expire();
      return;
    }
    clearIdentityCache(this.storage);
    await this.build(user, { useCache: false, keepValues: true });
    if (reason !== PREFERRED_STORE_REASON) return;
    const gen = this.generation; // a sign-out or another build meanwhile drops this token
    const token = await requestSignedToken(this.call, this.config.apiBase, this.bus.state.session.value, this.now);
    if (gen === this.generation) this.token = token;
  }

  /**
   * At the id token's expiry the BFF refreshes it; the page asks again then, and signs out silently
   * when the BFF could not (the provider session ended).
   */
  private scheduleExpiryCheck(user: SessionInfo): void {
    this.cancelExpiryCheck?.();
    const wait = Math.min(Math.max(user.expiresAt - this.now(), 5_000), MAX_TIMER_MS);
    const gen = this.generation;
    this.cancelExpiryCheck = this.setTimer(() => {
      if (gen !== this.generation || !this.auth) return;
      this.auth.current().then(
        (next) => { if (gen !== this.generation) return; if (next) this.scheduleExpiryCheck(next); else this.expire(); },
        () => { if (gen === this.generation) this.scheduleExpiryCheck({ ...user, expiresAt: this.now() + 60_000 }); },
      );
    }, wait);
  }

  /** /auth/callback: the BFF exchanges the code, then the page goes back to where the shopper was. */
  private async completeSignIn(): Promise<void> {
    let done: { returnTo: string; user: SessionInfo };
    try {
      done = await this.auth!.completeSignIn(this.win.location.search);
    } catch (error) {
      reportShellError(SHELL_ERRORS.SESSION_FAILED, 'Session: the sign-in could not be completed (callback).', { error });
      this.publish(EMPTY_SESSION);
      this.win.history.replaceState(null, '', '/');
      this.toast(CALL_FAILED_MESSAGE, 'session-sign-in');
      return;
    }
    const returnTo = safeReturnPath(done.returnTo);
    clearIdentityCache(this.storage);
    const built = this.build(done.user, { useCache: false });
    this.win.history.replaceState(null, '', returnTo);
    await built;
  }

  /** Steps 1–4 of the module comment. */
  private async build(user: SessionInfo, { useCache, keepValues = false }: { useCache: boolean; keepValues?: boolean }): Promise<void> {
    const gen = ++this.generation;
    const { sessionId } = user;
    const current = this.bus.state.session.value;
    this.publish(keepValues && current.loggedIn && current.uid === user.uid ? { ...current, isLoading: true } : sessionFromInfo(user, true));
    this.scheduleExpiryCheck(user);

    const cached = useCache ? readIdentityCache(this.storage, sessionId, this.now()) : null;
    if (cached) {
      this.publish(this.fromCache(cached));
      return;
    }
    try {
      const account = await this.call<AccountAnswer>(this.config.apiBase, '/account', { method: 'GET' });
      this.check(account);
      if (account.status !== 'success' || !account.data) throw new BffError(`GET /account answered ${account.code}: ${account.message}`, 200, account);
      const data = account.data;
      let inquire: { code: string | number; data: InquireData | null } | null | undefined = null;
      if (data.cardNumber) {
        try {
          const env = await this.call<InquireData>(this.config.apiBase, '/services/Inquire', { method: 'POST', body: {} });
          this.check(env);
          inquire = env.data ? { code: env.code, data: env.data } : undefined;
        } catch (error) {
          if (error instanceof SessionProblem || error instanceof TokenRefused) throw error;
          inquire = undefined; // spec §8 "Other failures are silently ignored": card with unknown status
        }
      }
      if (gen !== this.generation) return;
      const result = toSession(data, inquire);
      if (inquire !== undefined) {
        writeIdentityCache(this.storage, {
          sessionId, uid: result.uid!, cardNumber: data.cardNumber, name: result.profile!,
          preferredStoreId: data.preferredStoreId, bannerCode: result.product.bannerCode, lifestyles: result.lifestyles ?? [],
          subscribed: result.subscribed, scene: result.scene, cardStatus: result.cardStatus ?? null,
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
        this.expire();
        return;
      }
      // Spec §7: the identity fetch fell back to empty values.
      reportShellError(SHELL_ERRORS.SESSION_FAILED, 'Session: the account could not be read; showing the shopper with empty account values.', { error });
      this.publish(sessionFromInfo(user, false));
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
      id_token: null,
      scene: c.scene,
      cardStatus: c.cardStatus,
      lifestyles: accountLifestyles(c.lifestyles),
      product: accountProduct(c.preferredStoreId, c.bannerCode),
      subscribed: c.subscribed,
    };
  }

  /** Spec §4/§8: code 439 → toast 'Something went wrong!' and forced sign-out (the BFF session too). */
  private async sessionProblem(): Promise<void> {
    this.toast(SESSION_PROBLEM_MESSAGE, SESSION_PROBLEM_TOAST_ID);
    try {
      await this.auth?.signOut();
    } catch (error) {
      reportShellError(SHELL_ERRORS.SESSION_FAILED, 'Session: the BFF could not end the session after a session problem.', { error, level: 'warn' });
    }
    this.clearLocal();
    this.track('sign_out', { reason: 'session_problem' });
  }

  /** The BFF session ended (or the BFF refuses it): silently back to anonymous. */
  private expire(): void {
    if (!this.bus.state.session.value.loggedIn) return;
    this.clearLocal();
  }

  /** Forgets the cache and the expiry check, publishes the signed-out session. */
  private clearLocal(): void {
    this.generation++;
    this.token = null;
    this.cancelExpiryCheck?.();
    this.cancelExpiryCheck = null;
    clearIdentityCache(this.storage);
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
