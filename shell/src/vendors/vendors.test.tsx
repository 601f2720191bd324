/**
 * The vendors' scripts load after the first paint and by consent: the consent tool and chat
 * always, the tag manager only with C0002, the ad script only with C0004 and an ad slot on the page; a
 * signed-in shopper's consent token comes from POST /api/generateToken (spec §7) before the tool loads.
 */
import { createTestBus } from 'shared-events/testing';
import { DEFAULT_RUNTIME_CONFIG, type RuntimeConfig } from 'shared-events';
import { ConsentBridge } from '../consent/consent-bridge';
import { startVendors, vendorsConfigOf } from './start-vendors';
import { resetLoadedScripts } from './load-script';

const O = 'http://localhost:14400';
const config: RuntimeConfig = {
  ...DEFAULT_RUNTIME_CONFIG,
  vendors: { origin: O, consentScriptUrl: `${O}/consent.js`, tagManagerUrl: `${O}/gtm.js`, adsScriptUrl: `${O}/ads.js`, chatScriptUrl: `${O}/chat.js` },
};
type W = Window & Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const w = window as unknown as W;

const scripts = () => Array.from(document.head.querySelectorAll('script')).map((s) => s.src.replace(O, ''));
const loaded = (path: string) => document.head.querySelector(`script[src="${O}${path}"]`)!.dispatchEvent(new Event('load'));
const flush = () => new Promise((r) => setTimeout(r, 0));

/** The consent tool as its script would define it; `choose` = a shopper's choice. */
function installTool(groups = ',C0001,') {
  const target = window;
  w.OnetrustActiveGroups = groups;
  w.OneTrust = { ...(w.OneTrust ?? {}), OnConsentChanged: () => undefined, IsAlertBoxClosed: () => groups !== ',C0001,' };
  return (next: string[]) => {
    w.OnetrustActiveGroups = `,${next.join(',')},`;
    w.OneTrust.IsAlertBoxClosed = () => true;
    target.dispatchEvent(new CustomEvent('OneTrustGroupsUpdated', { detail: next }));
  };
}

beforeEach(() => {
  document.head.replaceChildren();
  document.body.replaceChildren();
  resetLoadedScripts();
  delete w.OneTrust;
  delete w.OnetrustActiveGroups;
});

it('loads nothing without a (valid) vendors block', async () => {
  const { bus } = createTestBus();
  await startVendors({ bus, config: DEFAULT_RUNTIME_CONFIG, consent: new ConsentBridge(bus, window), whenIdle: async () => undefined });
  expect(scripts()).toEqual([]);
  expect(vendorsConfigOf({ ...config, vendors: { ...config.vendors!, chatScriptUrl: 'javascript:alert(1)' } })).toBeNull();
});

it('waits for the first paint, then loads the consent tool (never the chat: mf-header loads it on demand), and the tag manager only once C0002 is chosen', async () => {
  const kit = createTestBus();
  let idle!: () => void;
  const consent = new ConsentBridge(kit.bus, window);
  const done = startVendors({ bus: kit.bus, config, consent, whenIdle: () => new Promise<void>((r) => (idle = r)) });
  await flush();
  expect(scripts()).toEqual([]);
  idle();
  await flush();
  await flush();
  expect(scripts()).toEqual(['/consent.js']);
  const choose = installTool();
  loaded('/consent.js');
  await done;
  expect(kit.bus.state.consent.value).toEqual(['C0001']);
  expect(scripts()).not.toContain('/gtm.js');
  choose(['C0001', 'C0003']);
  expect(scripts()).not.toContain('/gtm.js');
  choose(['C0001', 'C0002']);
  expect(scripts()).toContain('/gtm.js');
  expect(scripts()).not.toContain('/ads.js');
});

/** startVendors with the consent tool loaded and attached (nothing chosen yet); resolves with `choose`. */
async function startedWithTool() {
  const kit = createTestBus();
  const consent = new ConsentBridge(kit.bus, window);
  const done = startVendors({ bus: kit.bus, config, consent, whenIdle: async () => undefined });
  await flush();
  await flush();
  const choose = installTool();
  loaded('/consent.js');
  await done;
  return choose;
}

it('loads the ad script only with C0004 and an ad slot on the page', async () => {
  const choose = await startedWithTool();
  choose(['C0001', 'C0004']);
  expect(scripts()).not.toContain('/ads.js');
  const slot = document.createElement('div');
  slot.dataset.adSlot = 'home-leaderboard';
  document.body.appendChild(slot);
  choose(['C0001', 'C0002', 'C0004']);
  expect(scripts()).toContain('/ads.js');
});

it('fills a slot a remote draws later (the results page): the ad script with C0004, then AdSlots.refresh(); nothing without C0004', async () => {
  const choose = await startedWithTool();
  const drawSlot = (name: string) => {
    const slot = document.createElement('div');
    slot.dataset.adSlot = name;
    document.body.appendChild(slot);
    return slot;
  };
  choose(['C0001', 'C0002']);
  drawSlot('results-banner');
  await flush();
  expect(scripts()).not.toContain('/ads.js');
  document.body.replaceChildren();
  choose(['C0001', 'C0002', 'C0004']);
  await flush();
  expect(scripts()).not.toContain('/ads.js');
  drawSlot('results-banner');
  await new Promise((r) => setTimeout(r, 20));
  expect(scripts().filter((x) => x === '/ads.js')).toHaveLength(1);
  const refresh = jest.fn(() => 1);
  w.AdSlots = { refresh };
  document.querySelector('[data-ad-slot]')!.setAttribute('data-ad-filled', 'true');
  drawSlot('results-banner-2');
  await new Promise((r) => setTimeout(r, 20));
  expect(refresh).toHaveBeenCalled();
  expect(scripts().filter((x) => x === '/ads.js')).toHaveLength(1);
  delete w.AdSlots;
});

it.each([
  ['published before the vendors start', false],
  ['restored by the session manager after the shell painted (the bus starts signed out, not loading)', true],
])("a signed-in shopper (%s): the consent token from POST /api/generateToken is handed to the tool before it loads", async (_when, late) => {
  const kit = createTestBus();
  const fetchMock = jest.fn(async () => ({ status: 200, json: async () => ({ status: 200, code: 'OK', message: 'ok', data: { token: 'h.p.s', expiresIn: 300 } }) }) as Response);
  const realFetch = global.fetch;
  global.fetch = fetchMock as unknown as typeof fetch;
  try {
    const signIn = () => kit.bus.emit('session/changed', kit.fixtures.session({ uid: 'u-1', loggedIn: true, isLoading: false, id_token: null }));
    let sessionStarted!: () => void;
    const sessionReady = new Promise<void>((r) => { sessionStarted = r; });
    if (!late) { signIn(); sessionStarted(); }
    const consent = new ConsentBridge(kit.bus, window);
    void startVendors({ bus: kit.bus, config, consent, whenIdle: async () => undefined, sessionReady });
    if (late) {
      await flush();
      expect(scripts()).not.toContain('/consent.js');
      signIn();
      sessionStarted();
    }
    for (let i = 0; i < 5 && !scripts().includes('/consent.js'); i++) await flush();
    expect(scripts()).toContain('/consent.js');
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/generateToken');
    expect(JSON.parse(init.body as string)).toEqual({});
    expect(w.OneTrust.dataSubjectParams).toEqual({ id: 'u-1', isAnonymous: false, token: 'h.p.s' });
  } finally {
    global.fetch = realFetch;
  }
});

describe('AdSlot (home page; the slot reserves its size, so an ad never shifts the page)', () => {
  it('renders an empty slot the ad script recognises, sized by aspect-ratio up to the creative width', async () => {
    const { renderToString } = await import('react-dom/server');
    const { AdSlot } = await import('@storefront/remote-kit/ad-slot');
    const host = document.createElement('div');
    host.innerHTML = renderToString(<AdSlot slot="home-leaderboard" width={728} height={90} />);
    const slot = host.firstElementChild as HTMLElement;
    expect(slot.dataset.adSlot).toBe('home-leaderboard');
    expect(slot.dataset.adSize).toBe('728x90');
    expect(slot.style.maxWidth).toBe('728px');
    expect(slot.getAttribute('style')).toContain('aspect-ratio:728 / 90');
    expect(slot.childNodes).toHaveLength(0);
  });
});

describe('afterShellPaint (the consent banner right after the shell paints, not after load)', () => {
  it('resolves after the next animation frame and a task, without waiting for the load event', async () => {
    const { afterShellPaint } = await import('./load-script');
    const frames: Array<() => void> = [];
    const fake = { requestAnimationFrame: (cb: () => void) => frames.push(cb), setTimeout: ((cb: () => void) => setTimeout(cb, 0)) as unknown as Window['setTimeout'] };
    let done = false;
    const p = afterShellPaint(fake).then(() => { done = true; });
    await flush();
    expect(done).toBe(false);
    frames.forEach((cb) => cb());
    await p;
    expect(done).toBe(true);
  });
});
