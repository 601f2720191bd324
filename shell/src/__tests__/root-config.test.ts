import type { AppError, RegisterApplicationConfig } from 'single-spa';
import { createTestBus } from 'shared-events/testing';
import { DEFAULT_RUNTIME_CONFIG } from 'shared-events';
import { loadApp, startRootConfig, toLifecycles, type SingleSpaApi } from '../root-config';
import { SHELL_APPS, isSearchResultsRoute } from '../apps';
import { shellErrors } from '../errors';

const SLOTS = '<div id="slot-mf-header"></div><div id="slot-mf-search"></div><div id="slot-mf-store-selector"></div><main><div id="slot-page"></div><div id="shell-root"></div></main>';

function fakeSingleSpa() {
  const registered: RegisterApplicationConfig[] = [];
  const handlers: Array<(e: AppError) => void> = [];
  const api: SingleSpaApi = {
    registerApplication: jest.fn((cfg: RegisterApplicationConfig) => { registered.push(cfg); }) as unknown as SingleSpaApi['registerApplication'],
    start: jest.fn(),
    addErrorHandler: jest.fn((h) => { handlers.push(h); }),
    navigateToUrl: jest.fn(),
  };
  return { api, registered, handlers };
}

const at = (url: string) => new URL(url, 'http://localhost:8080') as unknown as Location;

beforeEach(() => {
  document.body.innerHTML = SLOTS;
  shellErrors().length = 0;
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

describe('root config (ARCHITECTURE §4)', () => {
  it('registers the header, search box, store selector and search results apps, then starts', () => {
    const { api, registered } = fakeSingleSpa();
    const names = startRootConfig({ bus: createTestBus().bus, config: DEFAULT_RUNTIME_CONFIG, singleSpa: api, load: jest.fn() });
    expect(names).toEqual(['mf-header', 'mf-search', 'mf-store-selector', 'mf-search-results']);
    expect(registered.map((r) => r.name)).toEqual(names);
    expect(api.addErrorHandler).toHaveBeenCalledTimes(1);
    expect(api.start).toHaveBeenCalledTimes(1);
  });

  it('keeps the header band apps active on every route', () => {
    const { api, registered } = fakeSingleSpa();
    startRootConfig({ bus: createTestBus().bus, config: DEFAULT_RUNTIME_CONFIG, singleSpa: api, load: jest.fn() });
    for (const name of ['mf-header', 'mf-search', 'mf-store-selector']) {
      const { activeWhen } = registered.find((r) => r.name === name)!;
      for (const url of ['/', '/?query=milk', '/no/such/page']) expect((activeWhen as (l: Location) => boolean)(at(url))).toBe(true);
    }
  });

  it.each([
    ['/?query=milk&tab=product', true],
    ['/?tab=recipe&query=pasta', true],
    ['/?query=', true],
    ['/', false],
    ['/?tab=product', false],
    ['/offers?query=milk', false],
  ])('spec §2 Routes: the search results page is active at %s: %s', (url, active) => {
    const { api, registered } = fakeSingleSpa();
    startRootConfig({ bus: createTestBus().bus, config: DEFAULT_RUNTIME_CONFIG, singleSpa: api, load: jest.fn() });
    const results = registered.find((r) => r.name === 'mf-search-results')!;
    expect((results.activeWhen as (l: Location) => boolean)(at(url))).toBe(active);
    expect(isSearchResultsRoute(at(url))).toBe(active);
  });

  it('gives every app RemoteProps: the bus, the config, its slot element and navigate()', () => {
    const { api, registered } = fakeSingleSpa();
    const { bus } = createTestBus();
    startRootConfig({ bus, config: DEFAULT_RUNTIME_CONFIG, singleSpa: api, load: jest.fn() });
    for (const app of SHELL_APPS) {
      const cfg = registered.find((r) => r.name === app.name)!;
      const props = (cfg.customProps as (name: string, l: Location) => Record<string, unknown>)(app.name, at('/'));
      expect(props.bus).toBe(bus);
      expect(props.config).toBe(DEFAULT_RUNTIME_CONFIG);
      expect(props.domElement).toBe(document.getElementById(app.slotId));
      (props.navigate as (u: string) => void)('/?query=eggs&tab=product');
      expect(api.navigateToUrl).toHaveBeenLastCalledWith('/?query=eggs&tab=product');
    }
  });

  it('loads each app through the MF request id of its remote', async () => {
    const { api, registered } = fakeSingleSpa();
    const lifecycles = { bootstrap: jest.fn(), mount: jest.fn(), unmount: jest.fn() };
    const load = jest.fn().mockResolvedValue(lifecycles);
    startRootConfig({ bus: createTestBus().bus, config: DEFAULT_RUNTIME_CONFIG, singleSpa: api, load });
    for (const cfg of registered) await (cfg.app as () => Promise<unknown>)();
    expect(load.mock.calls.map((c) => c[0])).toEqual(['mf_header/spa', 'mf_search/spa', 'mf_store_selector/spa', 'mf_search/results']);
  });

  it('reports a remote that throws on mount as SHELL-003 and shows the results fallback in its slot', () => {
    const { api, handlers } = fakeSingleSpa();
    startRootConfig({ bus: createTestBus().bus, config: DEFAULT_RUNTIME_CONFIG, singleSpa: api, load: jest.fn() });
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
