import type { AppError, RegisterApplicationConfig } from 'single-spa';
import { createTestBus } from 'shared-events/testing';
import { DEFAULT_RUNTIME_CONFIG } from 'shared-events';
import { loadApp, startRootConfig, toLifecycles, type SingleSpaApi } from './root-config';
import { SHELL_APPS, isSearchResultsRoute } from './apps';
import { shellErrors } from './errors';

const SLOTS = '<div id="slot-mf-header"></div><div id="slot-mf-search"></div><div id="slot-mf-store-selector"></div><div id="slot-mf-shopping-list"></div><main><div id="slot-page"></div><div id="shell-root"></div></main><footer><div id="slot-mf-footer"></div></footer><div id="slot-mf-loyalty"></div><div id="slot-mf-offers"></div><div id="slot-mf-tours"></div>';

function fakeSingleSpa() {
  const registered: RegisterApplicationConfig[] = [];
  const handlers: Array<(e: AppError) => void> = [];
  const api: SingleSpaApi = {
    registerApplication: jest.fn((cfg: RegisterApplicationConfig) => { registered.push(cfg); }) as unknown as SingleSpaApi['registerApplication'],
    start: jest.fn(),
    addErrorHandler: jest.fn((h) => { handlers.push(h); }),
    navigateToUrl: jest.fn(),
    triggerAppChange: jest.fn(),
  };
  return { api, registered, handlers };
}

const at = (url: string) => new URL(url, 'http://localhost:8080') as unknown as Location;

/** Starts the root config on a fake single-spa, with a new test bus and a `load` mock unless given. */
function startOnFake(o: Partial<Parameters<typeof startRootConfig>[0]> = {}) {
  const fake = fakeSingleSpa();
  const names = startRootConfig({ bus: createTestBus().bus, config: DEFAULT_RUNTIME_CONFIG, singleSpa: fake.api, load: jest.fn(), ...o });
  const app = (name: string) => fake.registered.find((r) => r.name === name)!;
  return { ...fake, names, app };
}

/** Whether a registered app is active at `url` (its activeWhen). */
const activeAt = (cfg: RegisterApplicationConfig, url = '/') => (cfg.activeWhen as (l: Location) => boolean)(at(url));

beforeEach(() => {
  document.body.innerHTML = SLOTS;
  shellErrors().length = 0;
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

describe('root config (ARCHITECTURE §4)', () => {
  it('registers the header bands, the loyalty popups and the route-owned pages, then starts', () => {
    const { api, registered, names } = startOnFake();
    expect(names).toEqual(['mf-header', 'mf-search', 'mf-store-selector', 'mf-shopping-list', 'mf-footer', 'mf-loyalty', 'mf-offers', 'mf-tours', 'mf-search-results', 'mf-search-product', 'mf-search-catalogue', 'mf-search-recipes', 'mf-store-pages', 'mf-loyalty-pages', 'mf-shopping-list-pages', 'mf-shopping-list-recipe-plans', 'mf-offers-pages', 'mf-flyer']);
    expect(registered.map((r) => r.name)).toEqual(names);
    expect(api.addErrorHandler).toHaveBeenCalledTimes(1);
    expect(api.start).toHaveBeenCalledTimes(1);
  });

  it('keeps the band apps active on every route (the card popups: for a signed-in shopper)', () => {
    const kit = createTestBus();
    kit.bus.emit('session/changed', kit.fixtures.session({ loggedIn: true, uid: 'u-1003' }));
    const { app } = startOnFake({ bus: kit.bus });
    for (const name of ['mf-header', 'mf-search', 'mf-store-selector', 'mf-footer', 'mf-loyalty', 'mf-shopping-list']) {
      for (const url of ['/', '/?query=milk', '/no/such/page', '/verify-card', '/auth/callback']) expect(activeAt(app(name), url)).toBe(true);
    }
  });

  it('downloads the guided tours only while consent group C0002 is active (registry when: consent-performance; spec §4 Guided tours)', () => {
    const kit = createTestBus();
    const { api, app } = startOnFake({ bus: kit.bus });
    const active = () => activeAt(app('mf-tours'));
    expect(active()).toBe(false);
    kit.bus.emit('consent/changed', { groups: ['C0001', 'C0003'] });
    expect(active()).toBe(false);
    expect(api.triggerAppChange).not.toHaveBeenCalled();
    kit.bus.emit('consent/changed', { groups: ['C0001', 'C0002'] });
    expect(active()).toBe(true);
    expect(api.triggerAppChange).toHaveBeenCalledTimes(1);
    kit.bus.emit('consent/changed', { groups: ['C0001'] });
    expect(active()).toBe(false);
    expect(api.triggerAppChange).toHaveBeenCalledTimes(2);
  });

  it('mounts the footer once its slot comes into the viewport (registry when: in-view; "the footer below the fold")', () => {
    let callback: ((entries: Array<{ isIntersecting: boolean }>) => void) | null = null;
    const observed: Element[] = [];
    const disconnect = jest.fn();
    (window as unknown as { IntersectionObserver: unknown }).IntersectionObserver = jest.fn((cb: typeof callback) => {
      callback = cb;
      return { observe: (el: Element) => observed.push(el), disconnect };
    });
    try {
      const { api, app } = startOnFake();
      const active = () => activeAt(app('mf-footer'));
      expect(observed).toEqual([document.getElementById('slot-mf-footer')]);
      expect(active()).toBe(false);
      callback!([{ isIntersecting: false }]);
      expect(active()).toBe(false);
      callback!([{ isIntersecting: true }]);
      expect(active()).toBe(true);
      expect(disconnect).toHaveBeenCalled();
      expect(api.triggerAppChange).toHaveBeenCalledTimes(1);
    } finally {
      delete (window as unknown as { IntersectionObserver?: unknown }).IntersectionObserver;
    }
  });

  it('mounts the card popups only while a shopper is signed in (registry when: signed-in) and re-checks on sign-in and sign-out', () => {
    const kit = createTestBus();
    const { api, app } = startOnFake({ bus: kit.bus });
    const popups = app('mf-loyalty');
    expect(activeAt(popups)).toBe(false);
    expect(activeAt(app('mf-header'))).toBe(true);
    kit.bus.emit('session/changed', kit.fixtures.session({ loggedIn: true, uid: 'u-1003' }));
    expect(activeAt(popups)).toBe(true);
    expect(api.triggerAppChange).toHaveBeenCalledTimes(1);
    kit.bus.emit('session/changed', kit.fixtures.session({ loggedIn: true, uid: 'u-1003', subscribed: true }));
    expect(api.triggerAppChange).toHaveBeenCalledTimes(1);
    kit.bus.emit('session/changed', kit.fixtures.session({ loggedIn: false, uid: null }));
    expect(activeAt(popups)).toBe(false);
    expect(api.triggerAppChange).toHaveBeenCalledTimes(2);
  });

  it('gives every app RemoteProps: the bus, the config, its slot element and navigate()', () => {
    const { bus } = createTestBus();
    const { api, app: registeredApp } = startOnFake({ bus });
    for (const app of SHELL_APPS) {
      const cfg = registeredApp(app.name);
      const props = (cfg.customProps as (name: string, l: Location) => Record<string, unknown>)(app.name, at('/'));
      expect(props.bus).toBe(bus);
      expect(props.config).toBe(DEFAULT_RUNTIME_CONFIG);
      expect(props.domElement).toBe(document.getElementById(app.slotId));
      (props.navigate as (u: string) => void)('/?query=eggs&tab=product');
      expect(api.navigateToUrl).toHaveBeenLastCalledWith('/?query=eggs&tab=product');
    }
  });

  it('loads each app through the MF request id of its remote', async () => {
    const lifecycles = { bootstrap: jest.fn(), mount: jest.fn(), unmount: jest.fn() };
    const load = jest.fn().mockResolvedValue(lifecycles);
    const { registered } = startOnFake({ load });
    for (const cfg of registered) await (cfg.app as () => Promise<unknown>)();
    expect(load.mock.calls.map((c) => c[0])).toEqual([
      'mf_header/spa', 'mf_search/spa', 'mf_store_selector/spa', 'mf_shopping_list/spa', 'mf_header/footer', 'mf_loyalty/spa', 'mf_offers/spa', 'mf_tours/spa',
      'mf_search/results', 'mf_search/product', 'mf_search/catalogue', 'mf_search/recipes', 'mf_store_selector/pages', 'mf_loyalty/pages', 'mf_shopping_list/pages',
      'mf_shopping_list/recipe-plans', 'mf_offers/pages', 'mf_flyer/spa',
    ]);
  });

  it.each([
    ['/store-locator', 'mf-store-pages'],
    ['/stores/halifax-quinpool-road-3299', 'mf-store-pages'],
    ['/stores/no-such-store', 'mf-store-pages'],
    ['/verify-card', 'mf-loyalty-pages'],
    ['/scene', 'mf-loyalty-pages'],
    ['/my-profile', 'mf-loyalty-pages'],
    ['/preferences-centre', 'mf-loyalty-pages'],
    ['/products/butter-salted-20010010', 'mf-search-product'],
    ['/products/category/dairy-eggs/butter/more', null],
    ['/shopping-list', 'mf-shopping-list-pages'],
    ['/shopping-list/weekly', 'mf-shopping-list-pages'],
    ['/offers', 'mf-offers-pages'],
    ['/offers?hash=abc', 'mf-offers-pages'],
    ['/favourites', 'mf-offers-pages'],
    ['/flyer', 'mf-flyer'],
    ['/flyer?set_preferred_store_number=42', 'mf-flyer'],
    ['/?query=milk&tab=product', 'mf-search-results'],
    ['/?tab=recipe&query=pasta', 'mf-search-results'],
    ['/?query=', 'mf-search-results'],
    ['/?tab=product', null],
    ['/offers?query=milk', 'mf-offers-pages'],
    ['/products', 'mf-search-catalogue'],
    ['/products/category/bakery', 'mf-search-catalogue'],
    ['/products/category/bakery/bread-rolls', 'mf-search-catalogue'],
    ['/products/butter-salted-20010010', 'mf-search-product'],
    ['/recipes', 'mf-search-recipes'],
    ['/recipes/nova-scotia-haddock-chowder', 'mf-search-recipes'],
    ['/recipes/meal-plan', 'mf-shopping-list-recipe-plans'],
    ['/recipes/my-recipe-lists', 'mf-shopping-list-recipe-plans'],
    ['/stores/a/b', null],
    ['/stores', null],
    ['/store-locator/x', null],
    ['/auth/callback', null],
    ['/', null],
  ])('spec §2 Routes (wave-2 shell wiring): the page app at %s is %s', (url, expected) => {
    const { registered } = startOnFake();
    const pages = registered.map((r) => r.name).filter((n) => SHELL_APPS.some((a) => a.name === n && a.kind === 'page'));
    const active = registered.filter((r) => pages.includes(r.name) && activeAt(r, url)).map((r) => r.name);
    expect(active).toEqual(expected ? [expected] : []);
    // the search results page: `/` with a `query` parameter, nowhere else
    expect(isSearchResultsRoute(at(url))).toBe(expected === 'mf-search-results');
  });

  it('skips an optional remote missing from the map quietly: no load attempt, fallbacks, one SHELL-007 (warn)', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const load = jest.fn().mockResolvedValue({ bootstrap: jest.fn(), mount: jest.fn(), unmount: jest.fn() });
    const remotes = {
      'mf-header': 'http://h/m.json', 'mf-search': 'http://s/m.json', 'mf-store-selector': 'http://st/m.json', 'mf-shopping-list': 'http://sl/m.json',
      'mf-offers': 'http://o/m.json', 'mf-flyer': 'http://f/m.json', 'mf-tours': 'http://t/m.json',
    };
    const { registered, app } = startOnFake({ load, remotes });
    expect(shellErrors()).toEqual([expect.objectContaining({ code: 'SHELL-007', remote: 'mf-loyalty', message: expect.stringContaining('mf-loyalty, mf-loyalty-pages') })]);
    expect(warn).toHaveBeenCalledTimes(1);
    const loyaltyPages = app('mf-loyalty-pages');
    const lc = (await (loyaltyPages.app as unknown as () => Promise<{ mount: (p: unknown) => Promise<void> }>)());
    await lc.mount({ name: 'mf-loyalty-pages', domElement: document.getElementById('slot-page') });
    expect(document.getElementById('slot-page')).toHaveTextContent('Account and Scene+ pages are unavailable right now.');
    const popups = app('mf-loyalty');
    await (await (popups.app as unknown as () => Promise<{ mount: (p: unknown) => Promise<void> }>)()).mount({ name: 'mf-loyalty', domElement: document.getElementById('slot-mf-loyalty') });
    expect(document.getElementById('slot-mf-loyalty')!.querySelector('.shell-visually-hidden')).toHaveTextContent('Scene+ card popups are unavailable right now.');
    for (const cfg of registered) await (cfg.app as () => Promise<unknown>)();
    expect(load.mock.calls.map((c) => c[0])).not.toContain('mf_loyalty/spa');
    expect(load.mock.calls.map((c) => c[0])).toContain('mf_store_selector/pages');
  });

  it('reports a remote that throws on mount as SHELL-003 and shows the results fallback in its slot', () => {
    const { handlers } = startOnFake();
    const err = Object.assign(new Error("application 'mf-search-results' died in status MOUNTING: boom"), { appOrParcelName: 'mf-search-results' }) as AppError;
    handlers[0](err);
    expect(shellErrors()).toEqual([expect.objectContaining({ code: 'SHELL-003', remote: 'mf-search-results' })]);
    expect(document.getElementById('slot-page')).toHaveTextContent('Search results are unavailable right now.');
    expect(document.getElementById('slot-mf-header')).toBeEmptyDOMElement();
  });
});

describe('loading a remote module', () => {
  it('accepts lifecycles as named exports or on the default export', () => {
    const lc = { bootstrap: jest.fn(), mount: jest.fn(), unmount: jest.fn(), update: jest.fn() };
    expect(toLifecycles(lc)).toEqual(lc);
    expect(toLifecycles({ default: lc })).toEqual(lc);
    expect(toLifecycles({ mount: jest.fn() })).toBeNull();
    expect(toLifecycles(null)).toBeNull();
  });

  it('never rejects: a failed load yields the fallback lifecycles and SHELL-002', async () => {
    const app = SHELL_APPS.find((a) => a.name === 'mf-search-results')!;
    const lc = await loadApp(app, () => Promise.reject(new Error('ScriptExternalLoadError')));
    expect(shellErrors()).toEqual([expect.objectContaining({ code: 'SHELL-002', remote: 'mf_search/results' })]);
    await (lc.mount as (props: unknown) => Promise<unknown>)({ name: 'mf-search-results', domElement: document.getElementById('slot-page') });
    expect(document.getElementById('slot-page')).toHaveTextContent('Search results are unavailable right now.');
  });

  it('treats a module without lifecycles as a failed load', async () => {
    const app = SHELL_APPS[0];
    await loadApp(app, () => Promise.resolve({ App: () => null }));
    expect(shellErrors()[0]).toMatchObject({ code: 'SHELL-002', cause: expect.stringContaining('does not export single-spa lifecycles') });
  });
});
