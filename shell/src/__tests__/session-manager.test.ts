import { EMPTY_SESSION, type BffEnvelope, type Session } from 'shared-events';
import { createTestBus, type TestBus } from 'shared-events/testing';
import { DEFAULT_RUNTIME_CONFIG } from 'shared-events';
import { shellErrors } from '../errors';
import { IDENTITY_CACHE_KEY, IDENTITY_CACHE_TTL_MS, readIdentityCache } from '../session/identity-cache';
import type { OidcUser, UserManagerLike } from '../session/oidc';
import { safeReturnPath, SessionManager, type SessionWindow } from '../session/session-manager';

const NOW = Date.parse('2026-03-02T15:00:00Z');
const config = { ...DEFAULT_RUNTIME_CONFIG, oidc: { issuer: 'http://localhost:4100', clientId: 'storefront' } };

function userOf(overrides: Partial<OidcUser['profile']> = {}, extra: Partial<OidcUser> = {}): OidcUser {
  return {
    id_token: 'id.token.lena',
    profile: { sub: 'u-1003', email: 'lena.linked@example.com', given_name: 'Lena', family_name: 'Linked', exp: NOW / 1000 + 3600, ...overrides },
    expired: false,
    ...extra,
  };
}

const LENA_ACCOUNT = { uid: 'u-1003', email: 'lena.linked@example.com', firstName: 'Lena', lastName: 'Linked', cardNumber: '6046000000001003', preferredStoreId: '3299', subscribed: true };
const LENA_INQUIRE = { cardNumber: '6046000000001003', cardStatus: 'LP01', enrollmentStatus: 'ENROLLED', linkedStatus: true, info: { pointBalance: 1250, dollarValue: 1250 } };
const ok = <T>(data: T, code: string | number = 200): BffEnvelope<T> => ({ status: 'success', code, message: 'OK', data });

/** A UserManager double holding one stored user. */
function fakeUserManager(stored: OidcUser | null, callbackUser?: OidcUser) {
  let current = stored;
  let onExpired: (() => void) | null = null;
  const um = {
    getUser: jest.fn(async () => current),
    removeUser: jest.fn(async () => { current = null; }),
    signinRedirect: jest.fn(async () => undefined),
    signinRedirectCallback: jest.fn(async () => {
      if (!callbackUser) throw new Error('No matching state found in storage');
      current = callbackUser;
      return callbackUser;
    }),
    signoutRedirect: jest.fn(async () => undefined),
    events: { addAccessTokenExpired: jest.fn((cb: () => void) => { onExpired = cb; return () => { onExpired = null; }; }) },
  };
  return { um: um as UserManagerLike & typeof um, fireExpired: () => onExpired?.() };
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

function fakeWindow(path = '/'): SessionWindow & { history: { replaceState: jest.Mock } } {
  const url = new URL(path, 'http://localhost:8080');
  return {
    location: { href: url.href, origin: url.origin, pathname: url.pathname, search: url.search, hash: url.hash },
    history: { replaceState: jest.fn() },
  };
}

let kit: TestBus;
const sessions = () => kit.published('session/changed').map((e) => e.payload);
const last = (): Session => kit.bus.state.session.value;
const flush = () => new Promise((r) => setTimeout(r, 0));

beforeEach(() => {
  kit = createTestBus();
  sessionStorage.clear();
  shellErrors().length = 0;
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

function manager(um: UserManagerLike | null, win = fakeWindow(), now = () => NOW) {
  return new SessionManager({ bus: kit.bus, config, userManager: um, storage: sessionStorage, win, now });
}

describe('session building (spec §3 Session, §4 "After login the account info is read")', () => {
  it('reads the account, inquires the card, and publishes the session with scene data (isLoading first)', async () => {
    const fetchMock = mockFetch({
      '/api/account': () => ({ body: ok(LENA_ACCOUNT) }),
      '/api/services/Inquire': () => ({ body: ok(LENA_INQUIRE, 'LP01') }),
    });
    kit.bus.emit('store/changed', { store: kit.fixtures.store({ storeNumber: '3299', bannerCode: 'standard' }), source: 'storage' });
    await manager(fakeUserManager(userOf()).um).start();

    expect(sessions()[0]).toMatchObject({ uid: 'u-1003', loggedIn: true, isLoading: true, id_token: 'id.token.lena', profile: { firstName: 'Lena', lastName: 'Linked' } });
    expect(last()).toEqual({
      uid: 'u-1003',
      loggedIn: true,
      isLoading: false,
      profile: { firstName: 'Lena', lastName: 'Linked' },
      id_token: 'id.token.lena',
      scene: { cardNumber: '6046000000001003', enrollmentStatus: 'ENROLLED', linkedStatus: true, info: { pointBalance: 1250, dollarValue: 1250 } },
      cardStatus: 'LP01',
      product: { storeId: '3299', bannerCode: null },
      subscribed: true,
    });
    // spec §7: bearer header, the id token in the focus header, a nonce; Inquire with an empty JSON body.
    const [accountUrl, accountInit] = fetchMock.mock.calls[0]!;
    expect(accountUrl).toBe('/api/account');
    expect(accountInit).toMatchObject({ method: 'GET', headers: expect.objectContaining({ authorization: 'Bearer id.token.lena', 'x-id-token': 'id.token.lena', 'x-nonce': expect.any(String) }) });
    const [inquireUrl, inquireInit] = fetchMock.mock.calls[1]!;
    expect(inquireUrl).toBe('/api/services/Inquire');
    expect(inquireInit).toMatchObject({ method: 'POST', body: '{}' });
  });

  it('does not inquire without a card: spec §4 "No card number" scene', async () => {
    const fetchMock = mockFetch({ '/api/account': () => ({ body: ok({ ...LENA_ACCOUNT, uid: 'u-1001', cardNumber: null, preferredStoreId: null, subscribed: false }) }) });
    await manager(fakeUserManager(userOf({ sub: 'u-1001' })).um).start();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(last()).toMatchObject({ uid: 'u-1001', scene: { cardNumber: null, linkedStatus: false, info: null }, cardStatus: null, product: { storeId: null, bannerCode: null } });
  });

  it.each(['LP00', 'LP02', 'LP03'])('publishes card status %s from Inquire (error envelopes carry data too)', async (code) => {
    mockFetch({
      '/api/account': () => ({ body: ok(LENA_ACCOUNT) }),
      '/api/services/Inquire': () => ({ body: { status: code === 'LP03' ? 'success' : 'error', code, message: code, data: { ...LENA_INQUIRE, cardStatus: code, linkedStatus: false } } }),
    });
    await manager(fakeUserManager(userOf()).um).start();
    expect(last()).toMatchObject({ cardStatus: code, scene: { cardNumber: '6046000000001003', linkedStatus: false } });
  });

  it('an Inquire failure keeps the card number with no status (spec §8 "Other failures are silently ignored")', async () => {
    mockFetch({ '/api/account': () => ({ body: ok(LENA_ACCOUNT) }), '/api/services/Inquire': () => Promise.reject(new TypeError('Failed to fetch')) });
    await manager(fakeUserManager(userOf()).um).start();
    expect(last()).toMatchObject({ loggedIn: true, isLoading: false, cardStatus: null, scene: { cardNumber: '6046000000001003', enrollmentStatus: null, linkedStatus: false, info: null } });
    expect(sessionStorage.getItem(IDENTITY_CACHE_KEY)).toBeNull();
  });
});

describe('identity cache (spec §3 Identity cache; §7 "Identity fetch is cached 55 seconds")', () => {
  it('reuses the cache within 55 s (reload) and reads the BFF again after 55 s', async () => {
    jest.useFakeTimers({ now: NOW, doNotFake: ['setTimeout', 'setImmediate', 'queueMicrotask', 'nextTick'] });
    const fetchMock = mockFetch({ '/api/account': () => ({ body: ok(LENA_ACCOUNT) }), '/api/services/Inquire': () => ({ body: ok(LENA_INQUIRE, 'LP01') }) });
    const { um } = fakeUserManager(userOf());
    await manager(um, fakeWindow(), Date.now).start();
    expect(fetchMock).toHaveBeenCalledTimes(2);
    const entry = JSON.parse(sessionStorage.getItem(IDENTITY_CACHE_KEY)!);
    expect(entry).toMatchObject({ idToken: 'id.token.lena', uid: 'u-1003', cardNumber: '6046000000001003', name: { firstName: 'Lena', lastName: 'Linked' }, cachedAt: NOW });
    const full = last();

    jest.advanceTimersByTime(IDENTITY_CACHE_TTL_MS - 1_000); // 54 s later: a reload
    kit = createTestBus();
    await manager(um, fakeWindow(), Date.now).start();
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(last()).toEqual(full);

    jest.advanceTimersByTime(2_000); // 56 s after caching
    kit = createTestBus();
    await manager(um, fakeWindow(), Date.now).start();
    expect(fetchMock).toHaveBeenCalledTimes(4);
  });

  it('never serves another id token\'s entry', () => {
    sessionStorage.setItem(IDENTITY_CACHE_KEY, JSON.stringify({ idToken: 'other', uid: 'u-1', cachedAt: NOW }));
    expect(readIdentityCache(sessionStorage, 'id.token.lena', NOW)).toBeNull();
    expect(sessionStorage.getItem(IDENTITY_CACHE_KEY)).toBeNull();
  });

  it('session/refresh-requested re-reads the account and Inquire, bypassing the cache', async () => {
    let points = 1250;
    const fetchMock = mockFetch({
      '/api/account': () => ({ body: ok(LENA_ACCOUNT) }),
      '/api/services/Inquire': () => ({ body: ok({ ...LENA_INQUIRE, info: { pointBalance: points, dollarValue: points } }, 'LP01') }),
    });
    const m = manager(fakeUserManager(userOf()).um);
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
    await manager(fakeUserManager(userOf()).um).start();
    expect(last()).toEqual({
      ...EMPTY_SESSION,
      uid: 'u-1003', loggedIn: true, isLoading: false, id_token: 'id.token.lena',
      profile: { firstName: 'Lena', lastName: 'Linked' },
      product: { storeId: null, bannerCode: null },
    });
    expect(shellErrors()).toEqual([expect.objectContaining({ code: 'SHELL-008' })]);
    expect(sessionStorage.getItem(IDENTITY_CACHE_KEY)).toBeNull();
  });

  it('a 502 from the edge (BFF down) falls back the same way', async () => {
    mockFetch({ '/api/account': () => ({ status: 502, body: { error: 'Bad Gateway', message: 'The BFF did not answer.' } }) });
    await manager(fakeUserManager(userOf()).um).start();
    expect(last()).toMatchObject({ loggedIn: true, scene: null, subscribed: false });
  });

  it.each([
    ['/api/account', { '/api/account': () => ({ body: { status: 'error', code: 439, message: 'Session expired', data: null } }) }],
    ['/api/services/Inquire', { '/api/account': () => ({ body: ok(LENA_ACCOUNT) }), '/api/services/Inquire': () => ({ body: { status: 'error', code: 439, message: 'Session expired', data: null } }) }],
  ] as Array<[string, Record<string, Route>]>)('code 439 from %s: toast "Something went wrong!" (error) and forced sign-out', async (_path, routes) => {
    mockFetch(routes);
    const { um } = fakeUserManager(userOf({ sub: 'u-1009' }));
    await manager(um).start();
    expect(kit.published('toast/show').map((e) => e.payload)).toEqual([{ id: 'session-problem', message: 'Something went wrong!', kind: 'error' }]);
    expect(last()).toEqual(EMPTY_SESSION);
    expect(um.removeUser).toHaveBeenCalled();
    expect(await um.getUser()).toBeNull();
    expect(kit.published('analytics/track').map((e) => e.payload)).toEqual([{ event: 'sign_out', params: { reason: 'session_problem' } }]);
  });

  it('a 401 from the BFF (token refused) signs out silently', async () => {
    mockFetch({ '/api/account': () => ({ status: 401, body: { status: 'error', code: 401, message: 'Invalid id token: "exp" claim timestamp check failed', data: null } }) });
    await manager(fakeUserManager(userOf()).um).start();
    expect(last()).toEqual(EMPTY_SESSION);
    expect(kit.published('toast/show')).toHaveLength(0);
  });

  it('an expired id token at start: silent sign-out to anonymous, no BFF call', async () => {
    const fetchMock = mockFetch({});
    const { um } = fakeUserManager(userOf({ exp: NOW / 1000 - 1 }));
    await manager(um).start();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(um.removeUser).toHaveBeenCalled();
    expect(last()).toEqual(EMPTY_SESSION);
    expect(kit.published('toast/show')).toHaveLength(0);
    expect(kit.published('analytics/track')).toHaveLength(0);
  });

  it('the id token expires while on the page: silent sign-out', async () => {
    mockFetch({ '/api/account': () => ({ body: ok(LENA_ACCOUNT) }), '/api/services/Inquire': () => ({ body: ok(LENA_INQUIRE, 'LP01') }) });
    const { um, fireExpired } = fakeUserManager(userOf());
    await manager(um).start();
    expect(last().loggedIn).toBe(true);
    fireExpired();
    await flush();
    expect(last()).toEqual(EMPTY_SESSION);
    expect(sessionStorage.getItem(IDENTITY_CACHE_KEY)).toBeNull();
  });
});

describe('sign-in and sign-out (spec §2 Header account menu; issue 3 Identity)', () => {
  it('session/sign-in-requested starts the code flow with the current page to return to', async () => {
    const { um } = fakeUserManager(null);
    await manager(um, fakeWindow('/?query=milk&tab=product')).start();
    kit.bus.emit('session/sign-in-requested', { mode: 'signIn' });
    await flush();
    expect(um.signinRedirect).toHaveBeenCalledWith({ state: { returnTo: '/?query=milk&tab=product' } });
  });

  it("mode 'signUp' asks the provider for its sign-up page (screen_hint=signup)", async () => {
    const { um } = fakeUserManager(null);
    await manager(um, fakeWindow('/store-locator')).start();
    kit.bus.emit('session/sign-in-requested', { mode: 'signUp' });
    await flush();
    expect(um.signinRedirect).toHaveBeenCalledWith({ state: { returnTo: '/store-locator' }, extraQueryParams: { screen_hint: 'signup' } });
  });

  it('the provider cannot be reached: an error toast (spec §8 exception text) and SHELL-008', async () => {
    const { um } = fakeUserManager(null);
    um.signinRedirect.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await manager(um).start();
    kit.bus.emit('session/sign-in-requested', { mode: 'signIn' });
    await flush();
    expect(kit.published('toast/show')[0]!.payload).toMatchObject({ message: 'Something went wrong. please try later.', kind: 'error' });
    expect(shellErrors()[0]).toMatchObject({ code: 'SHELL-008' });
  });

  it('/auth/callback completes the sign-in, returns to the page the shopper was on, and builds the session', async () => {
    mockFetch({ '/api/account': () => ({ body: ok(LENA_ACCOUNT) }), '/api/services/Inquire': () => ({ body: ok(LENA_INQUIRE, 'LP01') }) });
    const { um } = fakeUserManager(null, userOf({}, { state: { returnTo: '/stores/halifax-quinpool-road-3299' } }));
    const win = fakeWindow('/auth/callback?code=abc&state=xyz&iss=http%3A%2F%2Flocalhost%3A4100');
    await manager(um, win).start();
    expect(um.signinRedirectCallback).toHaveBeenCalledWith(win.location.href);
    expect(win.history.replaceState).toHaveBeenCalledWith(null, '', '/stores/halifax-quinpool-road-3299');
    expect(last()).toMatchObject({ uid: 'u-1003', loggedIn: true, isLoading: false, cardStatus: 'LP01' });
  });

  it('a failed callback (bad state) leaves the shopper anonymous on the home page with a toast', async () => {
    const { um } = fakeUserManager(null);
    const win = fakeWindow('/auth/callback?code=abc&state=forged');
    await manager(um, win).start();
    expect(win.history.replaceState).toHaveBeenCalledWith(null, '', '/');
    expect(last()).toEqual(EMPTY_SESSION);
    expect(kit.published('toast/show')).toHaveLength(1);
  });

  it('session/sign-out-requested ends the BFF session, publishes the signed-out session, emits sign_out, then ends the provider session', async () => {
    const fetchMock = mockFetch({
      '/api/account': () => ({ body: ok(LENA_ACCOUNT) }),
      '/api/services/Inquire': () => ({ body: ok(LENA_INQUIRE, 'LP01') }),
      '/api/session/end': () => ({ body: ok({ endedAt: '2026-11-23T12:00:00.000Z' }) }),
    });
    const { um } = fakeUserManager(userOf());
    await manager(um).start();
    const order: string[] = [];
    kit.bus.events$.subscribe((e) => order.push(e.type === 'analytics/track' ? `track:${e.payload.event}` : e.type));
    um.signoutRedirect.mockImplementation(async () => { order.push('signoutRedirect'); });
    kit.bus.emit('session/sign-out-requested', {});
    await flush();
    await flush();
    expect(last()).toEqual(EMPTY_SESSION);
    expect(order).toEqual(['session/sign-out-requested', 'session/changed', 'track:sign_out', 'signoutRedirect']);
    expect(um.signoutRedirect).toHaveBeenCalledWith({ id_token_hint: 'id.token.lena', post_logout_redirect_uri: 'http://localhost:8080/' });
    expect(sessionStorage.getItem(IDENTITY_CACHE_KEY)).toBeNull();
    const end = fetchMock.mock.calls.find(([url]) => url === '/api/session/end')!;
    expect(end[1]).toMatchObject({ method: 'POST', headers: expect.objectContaining({ authorization: 'Bearer id.token.lena' }) });
  });

  it('without an oidc config the shopper stays anonymous and a sign-in request explains itself', async () => {
    await manager(null).start();
    kit.bus.emit('session/sign-in-requested', { mode: 'signIn' });
    expect(kit.published('toast/show')).toHaveLength(1);
    expect(last()).toEqual(EMPTY_SESSION);
  });
});

describe('preferred store: one owner on the bus (issue 11 point 5, shared-events README "State ownership")', () => {
  const coop = () => kit.fixtures.store({ storeNumber: '4886', locationName: 'Dartmouth Co-op', bannerCode: 'coop' });

  it.each(['user', 'account', 'storage', 'default', 'geolocation'] as const)(
    'store/changed (source %s) does not change the session, nor clear the identity cache',
    async (source) => {
      mockFetch({ '/api/account': () => ({ body: ok(LENA_ACCOUNT) }), '/api/services/Inquire': () => ({ body: ok(LENA_INQUIRE, 'LP01') }) });
      await manager(fakeUserManager(userOf()).um).start();
      const before = last();
      const published = sessions().length;
      const cached = sessionStorage.getItem(IDENTITY_CACHE_KEY);
      expect(cached).not.toBeNull();

      kit.bus.emit('store/changed', { store: coop(), source });
      await flush();

      expect(sessions()).toHaveLength(published);
      expect(last()).toBe(before);
      expect(last().product).toEqual({ storeId: '3299', bannerCode: null });
      expect(sessionStorage.getItem(IDENTITY_CACHE_KEY)).toBe(cached);
    },
  );

  it('session.product is the account record whatever store the page shows (the banner is not copied from bus.state.store)', async () => {
    mockFetch({ '/api/account': () => ({ body: ok(LENA_ACCOUNT) }), '/api/services/Inquire': () => ({ body: ok(LENA_INQUIRE, 'LP01') }) });
    kit.bus.emit('store/changed', { store: coop(), source: 'storage' });
    await manager(fakeUserManager(userOf()).um).start();
    expect(last().product).toEqual({ storeId: '3299', bannerCode: null });
    expect(kit.bus.state.store.value?.storeNumber).toBe('4886');
  });

  it('a store saved on the account reaches product.storeId only through session/refresh-requested (re-read, cache cleared)', async () => {
    let account = LENA_ACCOUNT;
    const fetchMock = mockFetch({ '/api/account': () => ({ body: ok(account) }), '/api/services/Inquire': () => ({ body: ok(LENA_INQUIRE, 'LP01') }) });
    await manager(fakeUserManager(userOf()).um).start();
    // What mf-store-selector's confirmStoreChoice does for a signed-in shopper: store/changed, account save, refresh.
    kit.bus.emit('store/changed', { store: coop(), source: 'user' });
    account = { ...LENA_ACCOUNT, preferredStoreId: '4886' };
    expect(last().product.storeId).toBe('3299');
    kit.bus.emit('session/refresh-requested', { reason: 'preferred-store' });
    await flush();
    await flush();
    expect(last()).toMatchObject({ isLoading: false, product: { storeId: '4886', bannerCode: null } });
    expect(fetchMock.mock.calls.filter(([url]) => url === '/api/account')).toHaveLength(2);
    expect(readIdentityCache(sessionStorage, 'id.token.lena', NOW)?.preferredStoreId).toBe('4886');
  });

  it('the shell never publishes store state (build, cache, refresh, sign-out)', async () => {
    mockFetch({ '/api/account': () => ({ body: ok(LENA_ACCOUNT) }), '/api/services/Inquire': () => ({ body: ok(LENA_INQUIRE, 'LP01') }) });
    await manager(fakeUserManager(userOf()).um).start();
    await manager(fakeUserManager(userOf()).um).start(); // from the identity cache
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
