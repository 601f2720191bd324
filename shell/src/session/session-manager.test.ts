import { EMPTY_SESSION, type BffEnvelope, type Session } from 'shared-events';
import { createTestBus, type TestBus } from 'shared-events/testing';
import { DEFAULT_RUNTIME_CONFIG } from 'shared-events';
import { shellErrors } from '../errors';
import { IDENTITY_CACHE_KEY, IDENTITY_CACHE_TTL_MS, readIdentityCache } from './identity-cache';
import type { AuthClient, SessionInfo } from './bff-session';
import { safeReturnPath, SessionManager, type SessionWindow } from './session-manager';

const NOW = Date.parse('2026-03-02T15:00:00Z');
const config = { ...DEFAULT_RUNTIME_CONFIG, oidc: { issuer: 'http://localhost:4100', clientId: 'storefront' } };

/** What GET /api/auth/session answers for Lena (no token: names, a session handle, the token's expiry). */
const LENA: SessionInfo = { signedIn: true, uid: 'u-1003', email: 'lena.linked@example.com', firstName: 'Lena', lastName: 'Linked', sessionId: '5e551011aa00bb11', expiresAt: NOW + 3_600_000 };

const LENA_ACCOUNT = {
  uid: 'u-1003', email: 'lena.linked@example.com', firstName: 'Lena', lastName: 'Linked', cardNumber: '6046000000001003', preferredStoreId: '3299', subscribed: true,
  bannerCode: 'standard', lifestyles: ['vegetarian'],
};
const LENA_INQUIRE = { cardNumber: '6046000000001003', cardStatus: 'LP01', enrollmentStatus: 'ENROLLED', linkedStatus: true, info: { pointBalance: 1250, dollarValue: 1250 } };
const ok = <T>(data: T, code: string | number = 200): BffEnvelope<T> => ({ status: 'success', code, message: 'OK', data });

/** An AuthClient double over one BFF session (null: none). */
function fakeAuth(stored: SessionInfo | null, callback?: { returnTo: string; user: SessionInfo }) {
  let current = stored;
  const auth = {
    hasSessionHint: jest.fn(() => current !== null),
    current: jest.fn(async () => current),
    startSignIn: jest.fn(async (mode: string) => `http://localhost:4100/auth?client_id=storefront&state=s1${mode === 'signUp' ? '&screen_hint=signup' : ''}`),
    completeSignIn: jest.fn(async (_search: string) => {
      if (!callback) throw new Error('POST /auth/callback: 400 Sign-in refused: state does not match');
      current = callback.user;
      return callback;
    }),
    signOut: jest.fn(async () => {
      current = null;
      return 'http://localhost:4100/session/end?client_id=storefront&post_logout_redirect_uri=http%3A%2F%2Flocalhost%3A8080%2F';
    }),
  };
  return { auth: auth as AuthClient & typeof auth, end: () => { current = null; } };
}

type Route = (init: RequestInit) => { status?: number; body: unknown } | Promise<never>;
/** Mocks `fetch` (what shared-events' callBff calls) by path. */
function mockFetch(routes: Record<string, Route>) {
  const fn = jest.fn(async (url: string, init: RequestInit = {}) => {
    const route = routes[url];
    if (!route) throw new TypeError(`no route for ${url}`);
    const answer = await route(init);
    return { status: answer.status ?? 200, json: async () => answer.body } as Response;
  });
  global.fetch = fn as unknown as typeof fetch;
  return fn;
}

function fakeWindow(path = '/'): SessionWindow & { history: { replaceState: jest.Mock }; location: { assign: jest.Mock } } {
  const url = new URL(path, 'http://localhost:8080');
  return {
    location: { href: url.href, origin: url.origin, pathname: url.pathname, search: url.search, hash: url.hash, assign: jest.fn() },
    history: { replaceState: jest.fn() },
  };
}

let kit: TestBus;
const sessions = () => kit.published('session/changed').map((e) => e.payload);
const last = (): Session => kit.bus.state.session.value;
const flush = () => new Promise((r) => setTimeout(r, 0));

beforeEach(() => {
  kit = createTestBus();
  timers = [];
  sessionStorage.clear();
  shellErrors().length = 0;
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

/** Expiry checks the manager scheduled (run by hand). */
let timers: Array<{ fn: () => void; ms: number }> = [];
function manager(auth: AuthClient | null, win = fakeWindow(), now = () => NOW) {
  return new SessionManager({ bus: kit.bus, config, auth, storage: sessionStorage, win, now, setTimer: (fn, ms) => { const t = { fn, ms }; timers.push(t); return () => { timers = timers.filter((x) => x !== t); }; } });
}

describe('session building (spec §3 Session, §4 "After login the account info is read")', () => {
  it('reads the account, inquires the card, and publishes the session with scene data (isLoading first)', async () => {
    const fetchMock = mockFetch({
      '/api/account': () => ({ body: ok(LENA_ACCOUNT) }),
      '/api/services/Inquire': () => ({ body: ok(LENA_INQUIRE, 'LP01') }),
    });
    kit.bus.emit('store/changed', { store: kit.fixtures.store({ storeNumber: '3299', bannerCode: 'standard' }), source: 'storage' });
    await manager(fakeAuth(LENA).auth).start();

    expect(sessions()[0]).toMatchObject({ uid: 'u-1003', loggedIn: true, isLoading: true, id_token: null, profile: { firstName: 'Lena', lastName: 'Linked' } });
    expect(last()).toEqual({
      uid: 'u-1003',
      loggedIn: true,
      isLoading: false,
      profile: { firstName: 'Lena', lastName: 'Linked' },
      id_token: null,
      scene: { cardNumber: '6046000000001003', enrollmentStatus: 'ENROLLED', linkedStatus: true, info: { pointBalance: 1250, dollarValue: 1250 } },
      cardStatus: 'LP01',
      lifestyles: ['vegetarian'],
      product: { storeId: '3299', bannerCode: 'standard' },
      subscribed: true,
    });
    // the BFF session cookie (same-origin), its CSRF header and a nonce, no token; Inquire with an empty JSON body.
    const [accountUrl, accountInit] = fetchMock.mock.calls[0]!;
    expect(accountUrl).toBe('/api/account');
    expect(accountInit).toMatchObject({ method: 'GET', credentials: 'same-origin', headers: expect.objectContaining({ 'x-storefront-csrf': '1', 'x-nonce': expect.any(String) }) });
    expect(accountInit!.headers).not.toHaveProperty('authorization');
    const [inquireUrl, inquireInit] = fetchMock.mock.calls[1]!;
    expect(inquireUrl).toBe('/api/services/Inquire');
    expect(inquireInit).toMatchObject({ method: 'POST', body: '{}' });
  });

  it('does not inquire without a card: spec §4 "No card number" scene', async () => {
    const fetchMock = mockFetch({ '/api/account': () => ({ body: ok({ ...LENA_ACCOUNT, uid: 'u-1001', cardNumber: null, preferredStoreId: null, subscribed: false, bannerCode: null, lifestyles: [] }) }) });
    await manager(fakeAuth({ ...LENA, uid: 'u-1001' }).auth).start();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(last()).toMatchObject({ uid: 'u-1001', scene: { cardNumber: null, linkedStatus: false, info: null }, cardStatus: null, lifestyles: [], product: { storeId: null, bannerCode: null } });
  });

  it('spec §3 lifestyles and {product}.bannerCode come from the account, also from the identity cache; a BFF without them gives [] and null', async () => {
    mockFetch({ '/api/account': () => ({ body: ok({ ...LENA_ACCOUNT, preferredStoreId: '2062', bannerCode: 'coop' }) }), '/api/services/Inquire': () => ({ body: ok(LENA_INQUIRE, 'LP01') }) });
    await manager(fakeAuth(LENA).auth).start();
    expect(last()).toMatchObject({ lifestyles: ['vegetarian'], product: { storeId: '2062', bannerCode: 'coop' } });
    const fetchMock = mockFetch({});
    await manager(fakeAuth(LENA).auth).start(); // within 55 s: from the identity cache
    expect(fetchMock).not.toHaveBeenCalled();
    expect(last()).toMatchObject({ isLoading: false, lifestyles: ['vegetarian'], product: { storeId: '2062', bannerCode: 'coop' } });

    sessionStorage.clear();
    const { bannerCode: _b, lifestyles: _l, ...older } = LENA_ACCOUNT;
    mockFetch({ '/api/account': () => ({ body: ok(older) }), '/api/services/Inquire': () => ({ body: ok(LENA_INQUIRE, 'LP01') }) });
    await manager(fakeAuth(LENA).auth).start();
    expect(last()).toMatchObject({ lifestyles: [], product: { storeId: '3299', bannerCode: null } });
  });

  it.each(['LP00', 'LP02', 'LP03'])('publishes card status %s from Inquire (error envelopes carry data too)', async (code) => {
    mockFetch({
      '/api/account': () => ({ body: ok(LENA_ACCOUNT) }),
      '/api/services/Inquire': () => ({ body: { status: code === 'LP03' ? 'success' : 'error', code, message: code, data: { ...LENA_INQUIRE, cardStatus: code, linkedStatus: false } } }),
    });
    await manager(fakeAuth(LENA).auth).start();
    expect(last()).toMatchObject({ cardStatus: code, scene: { cardNumber: '6046000000001003', linkedStatus: false } });
  });

  it('an Inquire failure keeps the card number with no status (spec §8 "Other failures are silently ignored")', async () => {
    mockFetch({ '/api/account': () => ({ body: ok(LENA_ACCOUNT) }), '/api/services/Inquire': () => Promise.reject(new TypeError('Failed to fetch')) });
    await manager(fakeAuth(LENA).auth).start();
    expect(last()).toMatchObject({ loggedIn: true, isLoading: false, cardStatus: null, scene: { cardNumber: '6046000000001003', enrollmentStatus: null, linkedStatus: false, info: null } });
    expect(sessionStorage.getItem(IDENTITY_CACHE_KEY)).toBeNull();
  });
});

describe('identity cache (spec §3 Identity cache; §7 "Identity fetch is cached 55 seconds")', () => {
  it('reuses the cache within 55 s (reload) and reads the BFF again after 55 s', async () => {
    jest.useFakeTimers({ now: NOW, doNotFake: ['setTimeout', 'setImmediate', 'queueMicrotask', 'nextTick'] });
    const fetchMock = mockFetch({ '/api/account': () => ({ body: ok(LENA_ACCOUNT) }), '/api/services/Inquire': () => ({ body: ok(LENA_INQUIRE, 'LP01') }) });
    const { auth } = fakeAuth(LENA);
    await manager(auth, fakeWindow(), Date.now).start();
    expect(fetchMock).toHaveBeenCalledTimes(2);
    const entry = JSON.parse(sessionStorage.getItem(IDENTITY_CACHE_KEY)!);
    expect(entry).toMatchObject({ sessionId: LENA.sessionId, uid: 'u-1003', cardNumber: '6046000000001003', name: { firstName: 'Lena', lastName: 'Linked' }, cachedAt: NOW });
    const full = last();

    jest.advanceTimersByTime(IDENTITY_CACHE_TTL_MS - 1_000); // 54 s later: a reload
    kit = createTestBus();
    await manager(auth, fakeWindow(), Date.now).start();
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(last()).toEqual(full);

    jest.advanceTimersByTime(2_000); // 56 s after caching
    kit = createTestBus();
    await manager(auth, fakeWindow(), Date.now).start();
    expect(fetchMock).toHaveBeenCalledTimes(4);
  });

  it('never serves another BFF session\'s entry', () => {
    sessionStorage.setItem(IDENTITY_CACHE_KEY, JSON.stringify({ sessionId: 'other', uid: 'u-1', cachedAt: NOW }));
    expect(readIdentityCache(sessionStorage, LENA.sessionId, NOW)).toBeNull();
    expect(sessionStorage.getItem(IDENTITY_CACHE_KEY)).toBeNull();
  });

  it('session/refresh-requested re-reads the account and Inquire, bypassing the cache', async () => {
    let points = 1250;
    const fetchMock = mockFetch({
      '/api/account': () => ({ body: ok(LENA_ACCOUNT) }),
      '/api/services/Inquire': () => ({ body: ok({ ...LENA_INQUIRE, info: { pointBalance: points, dollarValue: points } }, 'LP01') }),
    });
    const m = manager(fakeAuth(LENA).auth);
    await m.start();
    points = 2000;
    kit.reset();
    kit.bus.emit('session/refresh-requested', { reason: 'card-linked' });
    await flush();
    await flush();
    expect(fetchMock).toHaveBeenCalledTimes(4);
    // The refresh keeps what the header shows while loading (no flash back to the bare token names).
    expect(sessions()[0]).toMatchObject({ isLoading: true, scene: { info: { pointBalance: 1250 } } });
    expect(last()).toMatchObject({ isLoading: false, scene: { info: { pointBalance: 2000 } } });
    m.stop();
  });
});

describe('failures (spec §7 fallback to empty values; §8 code 439)', () => {
  it('the identity fetch fails: the shopper stays signed in with empty account values and the page keeps working', async () => {
    mockFetch({ '/api/account': () => Promise.reject(new TypeError('Failed to fetch')) });
    await manager(fakeAuth(LENA).auth).start();
    expect(last()).toEqual({
      ...EMPTY_SESSION,
      uid: 'u-1003', loggedIn: true, isLoading: false, id_token: null,
      profile: { firstName: 'Lena', lastName: 'Linked' },
      product: { storeId: null, bannerCode: null },
    });
    expect(shellErrors()).toEqual([expect.objectContaining({ code: 'SHELL-008' })]);
    expect(sessionStorage.getItem(IDENTITY_CACHE_KEY)).toBeNull();
  });

  it('a 502 from the edge (BFF down) falls back the same way', async () => {
    mockFetch({ '/api/account': () => ({ status: 502, body: { error: 'Bad Gateway', message: 'The BFF did not answer.' } }) });
    await manager(fakeAuth(LENA).auth).start();
    expect(last()).toMatchObject({ loggedIn: true, scene: null, subscribed: false });
  });

  it.each([
    ['/api/account', { '/api/account': () => ({ body: { status: 'error', code: 439, message: 'Session expired', data: null } }) }],
    ['/api/services/Inquire', { '/api/account': () => ({ body: ok(LENA_ACCOUNT) }), '/api/services/Inquire': () => ({ body: { status: 'error', code: 439, message: 'Session expired', data: null } }) }],
  ] as Array<[string, Record<string, Route>]>)('code 439 from %s: toast "Something went wrong!" (error) and forced sign-out', async (_path, routes) => {
    mockFetch(routes);
    const { auth } = fakeAuth({ ...LENA, uid: 'u-1009' });
    await manager(auth).start();
    expect(kit.published('toast/show').map((e) => e.payload)).toEqual([{ id: 'session-problem', message: 'Something went wrong!', kind: 'error' }]);
    expect(last()).toEqual(EMPTY_SESSION);
    expect(auth.signOut).toHaveBeenCalled();
    expect(await auth.current()).toBeNull();
    expect(kit.published('analytics/track').map((e) => e.payload)).toEqual([{ event: 'sign_out', params: { reason: 'session_problem' } }]);
  });

  it('a 401 from the BFF (session refused) signs out silently', async () => {
    mockFetch({ '/api/account': () => ({ status: 401, body: { status: 'error', code: 401, message: 'Session expired', data: null } }) });
    await manager(fakeAuth(LENA).auth).start();
    expect(last()).toEqual(EMPTY_SESSION);
    expect(kit.published('toast/show')).toHaveLength(0);
  });

  it('no session hint cookie: anonymous with no BFF call (an anonymous visit costs no request)', async () => {
    const fetchMock = mockFetch({});
    const { auth } = fakeAuth(null);
    await manager(auth).start();
    expect(auth.current).not.toHaveBeenCalled();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(last()).toEqual(EMPTY_SESSION);
  });

  it('the BFF session ended before the page loaded (hint left behind): anonymous, no account read', async () => {
    const fetchMock = mockFetch({});
    const { auth } = fakeAuth(null);
    auth.hasSessionHint.mockReturnValue(true);
    await manager(auth).start();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(last()).toEqual(EMPTY_SESSION);
    expect(kit.published('analytics/track')).toHaveLength(0);
  });

  it('at the id token\'s expiry the page asks the BFF again: still signed in (refreshed) or silently signed out', async () => {
    mockFetch({ '/api/account': () => ({ body: ok(LENA_ACCOUNT) }), '/api/services/Inquire': () => ({ body: ok(LENA_INQUIRE, 'LP01') }) });
    const { auth, end } = fakeAuth(LENA);
    await manager(auth).start();
    expect(timers.map((t) => t.ms)).toEqual([3_600_000]);
    auth.current.mockResolvedValueOnce({ ...LENA, expiresAt: NOW + 7_200_000 }); // the BFF refreshed it
    timers[0]!.fn();
    await flush();
    expect(last().loggedIn).toBe(true);
    end(); // the provider session ended: the BFF could not refresh
    timers.at(-1)!.fn();
    await flush();
    expect(last()).toEqual(EMPTY_SESSION);
    expect(sessionStorage.getItem(IDENTITY_CACHE_KEY)).toBeNull();
  });
});

describe('sign-in and sign-out (spec §2 Header account menu; the session at the BFF)', () => {
  it('session/sign-in-requested asks the BFF to start the code flow with the current page to return to, then goes to the provider', async () => {
    const { auth } = fakeAuth(null);
    const win = fakeWindow('/?query=milk&tab=product');
    await manager(auth, win).start();
    kit.bus.emit('session/sign-in-requested', { mode: 'signIn' });
    await flush();
    expect(auth.startSignIn).toHaveBeenCalledWith('signIn', '/?query=milk&tab=product');
    expect(win.location.assign).toHaveBeenCalledWith('http://localhost:4100/auth?client_id=storefront&state=s1');
  });

  it("mode 'signUp' asks for the provider's sign-up page; an unsafe returnTo becomes '/'", async () => {
    const { auth } = fakeAuth(null);
    await manager(auth, fakeWindow('/store-locator')).start();
    kit.bus.emit('session/sign-in-requested', { mode: 'signUp', returnTo: 'https://evil.example/' });
    await flush();
    expect(auth.startSignIn).toHaveBeenCalledWith('signUp', '/');
  });

  it('the BFF or the provider cannot be reached: an error toast (spec §8 exception text) and SHELL-008, no navigation', async () => {
    const { auth } = fakeAuth(null);
    auth.startSignIn.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const win = fakeWindow();
    await manager(auth, win).start();
    kit.bus.emit('session/sign-in-requested', { mode: 'signIn' });
    await flush();
    expect(kit.published('toast/show')[0]!.payload).toMatchObject({ message: 'Something went wrong. please try later.', kind: 'error' });
    expect(shellErrors()[0]).toMatchObject({ code: 'SHELL-008' });
    expect(win.location.assign).not.toHaveBeenCalled();
  });

  it('/auth/callback hands the query to the BFF, returns to the page the shopper was on, and builds the session', async () => {
    mockFetch({ '/api/account': () => ({ body: ok(LENA_ACCOUNT) }), '/api/services/Inquire': () => ({ body: ok(LENA_INQUIRE, 'LP01') }) });
    const { auth } = fakeAuth(null, { returnTo: '/stores/halifax-quinpool-road-3299', user: LENA });
    const win = fakeWindow('/auth/callback?code=abc&state=xyz&iss=http%3A%2F%2Flocalhost%3A4100');
    await manager(auth, win).start();
    expect(auth.completeSignIn).toHaveBeenCalledWith('?code=abc&state=xyz&iss=http%3A%2F%2Flocalhost%3A4100');
    expect(win.history.replaceState).toHaveBeenCalledWith(null, '', '/stores/halifax-quinpool-road-3299');
    expect(last()).toMatchObject({ uid: 'u-1003', loggedIn: true, isLoading: false, cardStatus: 'LP01', id_token: null });
  });

  it('a failed callback (bad state) leaves the shopper anonymous on the home page with a toast', async () => {
    const { auth } = fakeAuth(null);
    const win = fakeWindow('/auth/callback?code=abc&state=forged');
    await manager(auth, win).start();
    expect(win.history.replaceState).toHaveBeenCalledWith(null, '', '/');
    expect(last()).toEqual(EMPTY_SESSION);
    expect(kit.published('toast/show')).toHaveLength(1);
  });

  it('session/sign-out-requested ends the BFF session, publishes the signed-out session, emits sign_out, then goes to the provider\'s end-session page', async () => {
    mockFetch({ '/api/account': () => ({ body: ok(LENA_ACCOUNT) }), '/api/services/Inquire': () => ({ body: ok(LENA_INQUIRE, 'LP01') }) });
    const { auth } = fakeAuth(LENA);
    const win = fakeWindow();
    await manager(auth, win).start();
    const order: string[] = [];
    kit.bus.events$.subscribe((e) => order.push(e.type === 'analytics/track' ? `track:${e.payload.event}` : e.type));
    auth.signOut.mockImplementationOnce(async () => { order.push('bff:logout'); return 'http://localhost:4100/session/end?client_id=storefront'; });
    win.location.assign.mockImplementation(() => { order.push('assign'); });
    kit.bus.emit('session/sign-out-requested', {});
    await flush();
    await flush();
    expect(last()).toEqual(EMPTY_SESSION);
    expect(order.filter((step) => step !== 'session/sign-out-requested')).toEqual(['bff:logout', 'session/changed', 'track:sign_out', 'assign']);
    expect(win.location.assign).toHaveBeenCalledWith('http://localhost:4100/session/end?client_id=storefront');
    expect(sessionStorage.getItem(IDENTITY_CACHE_KEY)).toBeNull();
    expect(timers).toHaveLength(0);
  });

  it('sign-out with the BFF down: signed out on the page (a warning), no navigation', async () => {
    mockFetch({ '/api/account': () => ({ body: ok(LENA_ACCOUNT) }), '/api/services/Inquire': () => ({ body: ok(LENA_INQUIRE, 'LP01') }) });
    const { auth } = fakeAuth(LENA);
    auth.signOut.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const win = fakeWindow();
    await manager(auth, win).start();
    kit.bus.emit('session/sign-out-requested', {});
    await flush();
    expect(last()).toEqual(EMPTY_SESSION);
    expect(shellErrors()).toEqual([expect.objectContaining({ code: 'SHELL-008', message: expect.stringContaining('signed out on this page only') })]);
    expect(win.location.assign).not.toHaveBeenCalled();
  });

  it('without an oidc config the shopper stays anonymous and a sign-in request explains itself', async () => {
    await manager(null).start();
    kit.bus.emit('session/sign-in-requested', { mode: 'signIn' });
    expect(kit.published('toast/show')).toHaveLength(1);
    expect(last()).toEqual(EMPTY_SESSION);
  });
});

describe('preferred store: one owner on the bus (shared-events README "State ownership")', () => {
  const coop = () => kit.fixtures.store({ storeNumber: '4886', locationName: 'Dartmouth Co-op', bannerCode: 'coop' });

  it.each(['user', 'account', 'storage', 'default', 'geolocation'] as const)(
    'store/changed (source %s) does not change the session, nor clear the identity cache',
    async (source) => {
      mockFetch({ '/api/account': () => ({ body: ok(LENA_ACCOUNT) }), '/api/services/Inquire': () => ({ body: ok(LENA_INQUIRE, 'LP01') }) });
      await manager(fakeAuth(LENA).auth).start();
      const before = last();
      const published = sessions().length;
      const cached = sessionStorage.getItem(IDENTITY_CACHE_KEY);
      expect(cached).not.toBeNull();

      kit.bus.emit('store/changed', { store: coop(), source });
      await flush();

      expect(sessions()).toHaveLength(published);
      expect(last()).toBe(before);
      expect(last().product).toEqual({ storeId: '3299', bannerCode: 'standard' });
      expect(sessionStorage.getItem(IDENTITY_CACHE_KEY)).toBe(cached);
    },
  );

  it('session.product is the account record whatever store the page shows (the banner is not copied from bus.state.store)', async () => {
    mockFetch({ '/api/account': () => ({ body: ok(LENA_ACCOUNT) }), '/api/services/Inquire': () => ({ body: ok(LENA_INQUIRE, 'LP01') }) });
    kit.bus.emit('store/changed', { store: coop(), source: 'storage' });
    await manager(fakeAuth(LENA).auth).start();
    expect(last().product).toEqual({ storeId: '3299', bannerCode: 'standard' });
    expect(kit.bus.state.store.value?.storeNumber).toBe('4886');
  });

  it('a store saved on the account reaches product.storeId only through session/refresh-requested (re-read, cache cleared)', async () => {
    let account = LENA_ACCOUNT;
    const fetchMock = mockFetch({ '/api/account': () => ({ body: ok(account) }), '/api/services/Inquire': () => ({ body: ok(LENA_INQUIRE, 'LP01') }) });
    await manager(fakeAuth(LENA).auth).start();
    // What mf-store-selector's confirmStoreChoice does for a signed-in shopper: store/changed, account save, refresh.
    kit.bus.emit('store/changed', { store: coop(), source: 'user' });
    account = { ...LENA_ACCOUNT, preferredStoreId: '4886', bannerCode: 'coop' };
    expect(last().product.storeId).toBe('3299');
    kit.bus.emit('session/refresh-requested', { reason: 'preferred-store' });
    await flush();
    await flush();
    expect(last()).toMatchObject({ isLoading: false, product: { storeId: '4886', bannerCode: 'coop' } });
    expect(fetchMock.mock.calls.filter(([url]) => url === '/api/account')).toHaveLength(2);
    expect(readIdentityCache(sessionStorage, LENA.sessionId, NOW)?.preferredStoreId).toBe('4886');
  });

  it('spec §7: once the preferred store is set on the account, the signed token is requested with the card number and first name', async () => {
    let account = LENA_ACCOUNT;
    const fetchMock = mockFetch({
      '/api/account': () => ({ body: ok(account) }),
      '/api/services/Inquire': () => ({ body: ok(LENA_INQUIRE, 'LP01') }),
      '/api/account/signed-token': () => ({ body: ok({ token: 'eyJ.signed.token', expiresIn: 300 }) }),
    });
    const tokenCalls = () => fetchMock.mock.calls.filter(([url]) => url === '/api/account/signed-token');
    const m = manager(fakeAuth(LENA).auth);
    await m.start();
    kit.bus.emit('session/refresh-requested', {}); // any other refresh: no token
    await flush();
    await flush();
    expect(tokenCalls()).toHaveLength(0);
    expect(m.signedToken()).toBeNull();

    account = { ...LENA_ACCOUNT, preferredStoreId: '4886', bannerCode: 'coop' };
    kit.bus.emit('session/refresh-requested', { reason: 'preferred-store' });
    for (let i = 0; i < 4; i += 1) await flush();
    expect(tokenCalls()).toHaveLength(1);
    const [, init] = tokenCalls()[0]!;
    expect(init).toMatchObject({ method: 'POST', credentials: 'same-origin' });
    expect(JSON.parse(String(init!.body))).toEqual({ cardNumber: '6046000000001003', firstName: 'Lena' });
    expect(m.signedToken()).toEqual({ token: 'eyJ.signed.token', expiresAt: NOW + 300_000 });

    kit.bus.emit('session/sign-out-requested', {});
    await flush();
    expect(m.signedToken()).toBeNull();
    m.stop();
  });

  it('no signed-token request without a card; a refused one leaves the session as it is', async () => {
    let account: typeof LENA_ACCOUNT | (Omit<typeof LENA_ACCOUNT, 'cardNumber'> & { cardNumber: null }) = { ...LENA_ACCOUNT, cardNumber: null };
    const fetchMock = mockFetch({
      '/api/account': () => ({ body: ok(account) }),
      '/api/services/Inquire': () => ({ body: ok(LENA_INQUIRE, 'LP01') }),
      '/api/account/signed-token': () => ({ status: 403, body: { status: 'error', code: 403, message: 'Forbidden: not your card', data: null } }),
    });
    const tokenCalls = () => fetchMock.mock.calls.filter(([url]) => url === '/api/account/signed-token');
    const m = manager(fakeAuth(LENA).auth);
    await m.start();
    kit.bus.emit('session/refresh-requested', { reason: 'preferred-store' });
    for (let i = 0; i < 4; i += 1) await flush();
    expect(tokenCalls()).toHaveLength(0);

    account = LENA_ACCOUNT;
    kit.bus.emit('session/refresh-requested', { reason: 'preferred-store' });
    for (let i = 0; i < 4; i += 1) await flush();
    expect(tokenCalls()).toHaveLength(1);
    expect(m.signedToken()).toBeNull();
    expect(last()).toMatchObject({ loggedIn: true, isLoading: false, product: { storeId: '3299', bannerCode: 'standard' } });
    expect(kit.published('toast/show')).toEqual([]);
    m.stop();
  });

  it('the shell never publishes store state (build, cache, refresh, sign-out)', async () => {
    mockFetch({ '/api/account': () => ({ body: ok(LENA_ACCOUNT) }), '/api/services/Inquire': () => ({ body: ok(LENA_INQUIRE, 'LP01') }) });
    await manager(fakeAuth(LENA).auth).start();
    await manager(fakeAuth(LENA).auth).start(); // from the identity cache
    kit.bus.emit('session/refresh-requested', {});
    await flush();
    await flush();
    kit.bus.emit('session/sign-out-requested', {});
    await flush();
    await flush();
    expect(kit.published('store/changed')).toEqual([]);
    expect(kit.bus.state.store.value).toBeNull();
  });
});

describe('safeReturnPath', () => {
  it.each([
    ['/?query=milk', '/?query=milk'],
    ['/stores/x#top', '/stores/x#top'],
    ['//evil.example/', '/'],
    ['/\\evil.example', '/'],
    ['https://evil.example/', '/'],
    ['/auth/callback?code=1', '/'],
    [undefined, '/'],
  ])('%s -> %s', (input, expected) => {
    expect(safeReturnPath(input)).toBe(expected);
  });
});
