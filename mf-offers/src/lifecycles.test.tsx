import { act, screen, within } from '@testing-library/react';
import { navigate } from '@storefront/remote-kit';
import { DEFAULT_RUNTIME_CONFIG, type EventBus } from 'shared-events';
import { createTestBus } from 'shared-events/testing';
import * as pages from './pages-spa';
import * as spa from './spa';
import { clearOffersCache } from './state/offersCache';
import { lenaData, sessions } from './test-utils';

type Lifecycles = typeof spa;

function props(domElement: HTMLElement, bus: EventBus) {
  return { name: 'mf-offers', singleSpa: {}, mountParcel: jest.fn(), bus, config: DEFAULT_RUNTIME_CONFIG, domElement, navigate: jest.fn() };
}

/** ARCHITECTURE §7: start the lifecycle inside act(...), await it outside. */
async function lifecycle(fn: Lifecycles['mount'], p: ReturnType<typeof props>) {
  let done!: Promise<unknown>;
  act(() => { done = fn(p as never) as Promise<unknown>; });
  await act(async () => { await done; });
}

function slot(id: string) {
  const el = document.createElement('div');
  el.id = id;
  document.body.appendChild(el);
  return el;
}

const answer = (body: unknown, status = 200) => Promise.resolve({ ok: status < 300, status, json: async () => body } as Response);

describe("single-spa lifecycles (ARCHITECTURE §4; registry 'mf-offers' and 'mf-offers-pages')", () => {
  const realFetch = globalThis.fetch;
  afterEach(() => { globalThis.fetch = realFetch; clearOffersCache(); });

  it("'./spa' renders nothing visible and answers offers/matches-requested over the real BFF call; unmount stops it", async () => {
    globalThis.fetch = jest.fn(() => answer({ status: 'success', code: 200, message: 'OK', data: lenaData() }));
    const el = slot('slot-mf-offers');
    const kit = createTestBus();
    kit.bus.emit('session/changed', sessions.lena());
    const p = props(el, kit.bus);
    await lifecycle(spa.bootstrap, p);
    await lifecycle(spa.mount, p);
    expect(el).toBeEmptyDOMElement();
    await act(async () => {
      kit.bus.emit('offers/matches-requested', { requestId: 'r1', articleNumbers: ['20070175'] });
      await new Promise((r) => setTimeout(r, 0));
    });
    expect(kit.published('offers/matches')[0].payload.offers.map((o) => o.offerId)).toEqual(['ofr-1003-019']);
    expect((globalThis.fetch as jest.Mock).mock.calls[0][0]).toBe('/api/offers');
    await lifecycle(spa.unmount, p);
    kit.bus.emit('offers/matches-requested', { requestId: 'r2', articleNumbers: ['20070175'] });
    await act(async () => { await new Promise((r) => setTimeout(r, 0)); });
    expect(kit.published('offers/matches')).toHaveLength(1);
    el.remove();
  });

  it.each([
    ['/offers', 'Offers'],
    ['/favourites', 'Favourite offers'],
  ])("'./pages' renders %s", async (url, title) => {
    act(() => navigate(url));
    const el = slot('slot-page');
    const kit = createTestBus();
    const p = props(el, kit.bus);
    await lifecycle(pages.bootstrap, p);
    await lifecycle(pages.mount, p);
    expect(await within(el).findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Log In' })).toBeInTheDocument();
    await lifecycle(pages.unmount, p);
    expect(el).toBeEmptyDOMElement();
    el.remove();
  });
});
