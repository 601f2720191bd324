import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithKit } from '@storefront/remote-kit/testing';
import { DEFAULT_RUNTIME_CONFIG, type RuntimeConfig, type Store } from 'shared-events';
import { createTestBus, fixtures } from 'shared-events/testing';
import { resetFlyerScriptForTests } from '../api/providerScript';
import { SELECT_TIMEOUT_MS } from '../hooks/usePreferredStoreParam';
import {
  fakePublicationsApi, flyerItem, flyerMessage, flyerRuntimeConfig, goTo, installFakeProvider, postToHost, PROVIDER, SCRIPT_URL,
} from '../test-utils';
import { READY_TIMEOUT_MS } from './FlyerEmbed';
import { FlyerPage, UNAVAILABLE_TEXT } from './FlyerPage';

const HALIFAX = fixtures.store();
const HARBOUR = fixtures.store({ storeNumber: '0042', locationName: 'Harbour Test Store', slug: 'harbour-test-store-0042' });
const SYDNEY = fixtures.store({ storeNumber: '0500', locationName: 'Sydney Charlotte St', slug: 'sydney-0500' });

const realFetch = globalThis.fetch;
let provider: ReturnType<typeof installFakeProvider>;

beforeEach(() => {
  goTo('/flyer');
  provider = installFakeProvider();
  fakePublicationsApi({ publications: {
    '3299': [{ id: 'pub-3299-w47', storeCode: '3299', title: 'Weekly flyer', validFrom: '2025-11-20', validTo: '2025-11-26' }],
    '0042': [{ id: 'pub-0042-w47', storeCode: '0042', title: 'Weekly flyer', validFrom: '2025-11-20', validTo: '2025-11-26' }],
    '0500': [{ id: 'pub-0500-w47', storeCode: '0500', title: 'Weekly flyer', validFrom: '2025-11-20', validTo: '2025-11-26' }],
  } });
});
afterEach(() => {
  jest.useRealTimers();
  provider.uninstall();
  resetFlyerScriptForTests();
  globalThis.fetch = realFetch;
});

function renderFlyer({ url = '/flyer', store = HALIFAX as Store | null, config = flyerRuntimeConfig() as RuntimeConfig } = {}) {
  goTo(url);
  const kit = createTestBus();
  if (store) kit.bus.emit('store/changed', { store, source: 'default' });
  const view = renderWithKit(<FlyerPage bus={kit.bus} config={config} />, { remote: 'mf-flyer', kit });
  return { ...view, kit };
}

/** The storefront the page created last, once it exists. */
async function storefront(n = 1) {
  await waitFor(() => expect(provider.created).toHaveLength(n));
  return provider.created[n - 1];
}

/** The flyer says it is ready (from its own iframe, on the provider origin). */
function ready(sf: (typeof provider.created)[number]) {
  postToHost(flyerMessage('flyer:ready', sf.options.publicationId), { source: sf.iframe.contentWindow });
}

const frameBox = () => document.querySelector<HTMLElement>('.mf-flyer__frame')!;

describe('/flyer embeds the flyer of the preferred store (spec §2, contract §1–§2)', () => {
  it("shows 'Weekly flyer' with the store, a loading state, then creates the storefront with store code, en-CA and the current publication", async () => {
    const { kit } = renderFlyer();
    expect(screen.getByRole('heading', { level: 1, name: 'Weekly flyer' })).toBeInTheDocument();
    expect(screen.getByText('Halifax Quinpool Road (3299)')).toBeInTheDocument();
    expect(screen.getByRole('status', { name: '' , busy: true })).toHaveTextContent('Loading the weekly flyer…');
    const sf = await storefront();
    expect(sf.options).toEqual({
      merchant: 'harbour-market', storeCode: '3299', locale: 'en-CA', publicationId: 'pub-3299-w47',
      element: expect.any(HTMLElement), hostOrigin: window.location.origin,
    });
    expect(frameBox()).toContainElement(sf.options.element);
    expect(globalThis.fetch).toHaveBeenCalledWith(`${PROVIDER}/api/publications?merchant=harbour-market&storeCode=3299`, expect.anything());
    expect(screen.getByText(/Valid Nov 20 to Nov 26/)).toBeInTheDocument();
    // The skeleton stays until the flyer says it is ready.
    expect(screen.getByText('Loading the weekly flyer…')).toBeInTheDocument();
    ready(sf);
    expect(screen.queryByText('Loading the weekly flyer…')).not.toBeInTheDocument();
    expect(kit.log).toHaveLength(1); // only the test's store/changed: nothing published
  });

  it('loads the provider script from config.flyer.scriptUrl when the page has no FlyerStorefront yet', async () => {
    provider.uninstall();
    renderFlyer();
    await waitFor(() => expect(document.querySelector(`script[src="${SCRIPT_URL}"]`)).not.toBeNull());
    const tag = document.querySelector<HTMLScriptElement>(`script[src="${SCRIPT_URL}"]`)!;
    provider = installFakeProvider();
    act(() => { tag.dispatchEvent(new Event('load')); });
    await storefront();
  });

  it('a store change reloads the flyer after 500 ms of quiet (spec §5), destroying the old storefront first', async () => {
    jest.useFakeTimers();
    const { kit } = renderFlyer();
    const first = await storefront();
    act(() => kit.bus.emit('store/changed', { store: SYDNEY, source: 'user' }));
    act(() => { jest.advanceTimersByTime(300); });
    act(() => kit.bus.emit('store/changed', { store: HARBOUR, source: 'user' }));
    act(() => { jest.advanceTimersByTime(499); });
    expect(first.instance.destroy).not.toHaveBeenCalled();
    expect(screen.getByText('Halifax Quinpool Road (3299)')).toBeInTheDocument();
    act(() => { jest.advanceTimersByTime(1); });
    expect(first.instance.destroy).toHaveBeenCalledTimes(1);
    const second = await storefront(2);
    expect(second.options.storeCode).toBe('0042');
    expect(second.options.publicationId).toBe('pub-0042-w47');
    expect(screen.getByText('Harbour Test Store (0042)')).toBeInTheDocument();
    // Sydney (0500) was only passed through: never fetched, never created.
    expect(provider.created.map((s) => s.options.storeCode)).toEqual(['3299', '0042']);
    expect((globalThis.fetch as jest.Mock).mock.calls.map(([u]) => new URL(String(u)).searchParams.get('storeCode'))).not.toContain('0500');
    expect(first.instance.destroy.mock.invocationCallOrder[0]).toBeLessThan(provider.create.mock.invocationCallOrder[1]);
  });

  it('without a store from the store selector after 5 s, shows the default store', async () => {
    jest.useFakeTimers();
    renderFlyer({ store: null });
    expect(screen.getByText('Finding your store…')).toBeInTheDocument();
    act(() => { jest.advanceTimersByTime(5_000); });
    const sf = await storefront();
    expect(sf.options.storeCode).toBe('3299');
    expect(screen.getByText('store 3299')).toBeInTheDocument();
  });

  it("a store without a publication says there is no flyer", async () => {
    renderFlyer({ store: fixtures.store({ storeNumber: '0001', locationName: 'Nowhere' }) });
    expect(await screen.findByText('There is no weekly flyer for Nowhere (0001) right now.')).toBeInTheDocument();
    expect(provider.create).not.toHaveBeenCalled();
  });
});

describe('the flyer provider unreachable: the page explains, with a retry', () => {
  it.each<[string, () => void]>([
    ['the script fails', () => {
      provider.uninstall();
      const tag = document.querySelector<HTMLScriptElement>(`script[src="${SCRIPT_URL}"]`);
      act(() => { tag!.dispatchEvent(new Event('error')); });
    }],
    ['the publications API fails', () => { /* set before render */ }],
  ])('%s', async (what, breakIt) => {
    if (what === 'the publications API fails') fakePublicationsApi({ fail: 503 });
    else provider.uninstall();
    renderFlyer();
    if (what === 'the script fails') await waitFor(() => expect(document.querySelector(`script[src="${SCRIPT_URL}"]`)).not.toBeNull());
    breakIt();
    // (the publications call is retried once, after about 1 s)
    const alert = await screen.findByRole('alert', {}, { timeout: 4_000 });
    expect(alert).toHaveTextContent(UNAVAILABLE_TEXT);
    expect(screen.getByRole('heading', { level: 1, name: 'Weekly flyer' })).toBeInTheDocument();

    // The provider is back: 'Try again' shows the flyer.
    provider = installFakeProvider();
    fakePublicationsApi();
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    const sf = await storefront();
    expect(sf.options.storeCode).toBe('3299');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('the script times out after 10 s', async () => {
    jest.useFakeTimers();
    provider.uninstall();
    renderFlyer();
    await waitFor(() => expect(document.querySelector(`script[src="${SCRIPT_URL}"]`)).not.toBeNull());
    act(() => { jest.advanceTimersByTime(10_000); });
    expect(await screen.findByRole('alert')).toHaveTextContent(UNAVAILABLE_TEXT);
  });

  it('the flyer never says it is ready: the storefront is destroyed and the page explains', async () => {
    jest.useFakeTimers();
    renderFlyer();
    const sf = await storefront();
    act(() => { jest.advanceTimersByTime(READY_TIMEOUT_MS); });
    expect(await screen.findByRole('alert')).toHaveTextContent(UNAVAILABLE_TEXT);
    expect(sf.instance.destroy).toHaveBeenCalled();
  });

  it('create() throws: the page explains', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    provider.create.mockImplementation(() => { throw new Error('boom'); });
    renderFlyer();
    expect(await screen.findByRole('alert')).toHaveTextContent(UNAVAILABLE_TEXT);
    expect(error).toHaveBeenCalledWith('[mf-flyer] FlyerStorefront.create failed', expect.any(Error));
    error.mockRestore();
  });

  it('no flyer block in the config: the page explains (no retry)', async () => {
    renderFlyer({ config: { ...DEFAULT_RUNTIME_CONFIG, flyer: undefined } });
    expect(screen.getByRole('alert')).toHaveTextContent(UNAVAILABLE_TEXT);
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });
});

describe('the bridge (contract §3): only the storefront iframe, from the provider origin, with the exact shape', () => {
  it("'flyer:resize' sets the flyer's height, bounded 200–20000 px", async () => {
    renderFlyer();
    const sf = await storefront();
    const resize = (height: number) => postToHost(flyerMessage('flyer:resize', 'pub-3299-w47', { height }), { source: sf.iframe.contentWindow });
    resize(1800);
    expect(frameBox()).toHaveStyle({ height: '1800px' });
    resize(50);
    expect(frameBox()).toHaveStyle({ height: '200px' });
    resize(99999);
    expect(frameBox()).toHaveStyle({ height: '20000px' });
  });

  it('messages from another origin, another window, for another publication or of a bad shape change nothing', async () => {
    const { kit } = renderFlyer();
    const sf = await storefront();
    ready(sf);
    kit.reset();
    sf.instance.setSavedItems.mockClear();
    const before = frameBox().getAttribute('style');
    const other = document.createElement('iframe');
    document.body.appendChild(other);
    const add = flyerMessage('flyer:add-to-list', 'pub-3299-w47', { item: flyerItem() });
    const resize = flyerMessage('flyer:resize', 'pub-3299-w47', { height: 900 });
    const open = flyerMessage('flyer:item-open', 'pub-3299-w47', { item: flyerItem() });
    for (const data of [add, resize, open, flyerMessage('flyer:ready', 'pub-3299-w47')]) {
      postToHost(data, { origin: window.location.origin, source: sf.iframe.contentWindow }); // the page's own origin
      postToHost(data, { origin: 'https://evil.example', source: sf.iframe.contentWindow });
      postToHost(data, { origin: PROVIDER, source: window }); // the page itself
      postToHost(data, { origin: PROVIDER, source: other.contentWindow }); // another frame
      postToHost(data, { origin: PROVIDER, source: null });
    }
    postToHost({ ...add, publicationId: 'pub-0042-w47' }, { source: sf.iframe.contentWindow });
    postToHost({ ...add, version: 2 }, { source: sf.iframe.contentWindow });
    postToHost({ ...add, item: { ...flyerItem(), uom: 'BOX' } }, { source: sf.iframe.contentWindow });
    postToHost({ ...add, item: { ...flyerItem(), image: 'https://evil.example/a.png' } }, { source: sf.iframe.contentWindow });
    postToHost({ ...resize, height: '900' }, { source: sf.iframe.contentWindow });
    postToHost({ ...open, extra: true }, { source: sf.iframe.contentWindow });
    postToHost('flyer:add-to-list', { source: sf.iframe.contentWindow });
    expect(kit.log).toEqual([]);
    expect(frameBox().getAttribute('style')).toBe(before);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(sf.instance.setSavedItems).not.toHaveBeenCalled();
    other.remove();
  });

  it("'flyer:add-to-list' and 'flyer:remove-from-list' go to the list through the bus; saved flags follow bus.state.listItemIds", async () => {
    const { kit } = renderFlyer();
    act(() => kit.bus.emit('list/count-changed', { count: 2, itemIds: ['20010099_EA_3299', 'custom_abcdef12'] }));
    const sf = await storefront();
    expect(sf.instance.setSavedItems).not.toHaveBeenCalled();
    ready(sf);
    expect(sf.instance.setSavedItems).toHaveBeenLastCalledWith(['20010099_EA_3299']);

    const item = flyerItem({ articleNumber: '20010010', uom: 'EA', name: 'Gala apples', saleStory: '2 for $5' });
    postToHost(flyerMessage('flyer:add-to-list', 'pub-3299-w47', { item }), { source: sf.iframe.contentWindow });
    const [req] = kit.published('list/add-requested');
    expect(req.payload).toEqual({ requestId: expect.any(String), itemId: '20010010_EA_3299', quantity: 1, productType: 'flyer', name: 'Gala apples', saleStory: '2 for $5' });
    // The list stores it (mf-shopping-list): its ids, then its answer.
    await act(async () => {
      kit.bus.emit('list/count-changed', { count: 3, itemIds: ['20010099_EA_3299', 'custom_abcdef12', '20010010_EA_3299'] });
      kit.bus.emit('list/item-added', { itemId: '20010010_EA_3299', quantity: 1, requestId: req.payload.requestId });
    });
    expect(sf.instance.setSavedItems).toHaveBeenLastCalledWith(['20010099_EA_3299', '20010010_EA_3299']);
    expect(kit.published('toast/show')).toHaveLength(0); // the list shows the toasts, not the flyer

    postToHost(flyerMessage('flyer:remove-from-list', 'pub-3299-w47', { item }), { source: sf.iframe.contentWindow });
    const [rm] = kit.published('list/remove-requested');
    expect(rm.payload).toEqual({ requestId: expect.any(String), itemId: '20010010_EA_3299' });
    await act(async () => {
      kit.bus.emit('list/count-changed', { count: 2, itemIds: ['20010099_EA_3299', 'custom_abcdef12'] });
      kit.bus.emit('list/item-removed', { itemId: '20010010_EA_3299', requestId: rm.payload.requestId });
    });
    expect(sf.instance.setSavedItems).toHaveBeenLastCalledWith(['20010099_EA_3299']);
  });

  it('a failed add keeps the flag off (the list shows the spec §8 toast, not the flyer)', async () => {
    const { kit } = renderFlyer();
    const sf = await storefront();
    ready(sf);
    postToHost(flyerMessage('flyer:add-to-list', 'pub-3299-w47', { item: flyerItem() }), { source: sf.iframe.contentWindow });
    const [req] = kit.published('list/add-requested');
    act(() => {
      kit.bus.emit('list/count-changed', { count: 1, itemIds: ['20010010_EA_3299'] }); // optimistic
      kit.bus.emit('list/count-changed', { count: 0, itemIds: [] }); // rolled back
      kit.bus.emit('list/add-failed', { requestId: req.payload.requestId, itemId: '20010010_EA_3299', reason: 'quota' });
    });
    expect(sf.instance.setSavedItems.mock.calls.flat(2)).not.toContain('20010010_EA_3299');
    expect(sf.instance.setSavedItems).toHaveBeenLastCalledWith([]);
    expect(kit.published('toast/show')).toHaveLength(0);
  });

  it("'flyer:item-open' opens an accessible dialog with the item's details and Add / Remove", async () => {
    const { kit } = renderFlyer();
    const sf = await storefront();
    ready(sf);
    const item = flyerItem({ name: 'Gala apples', priceText: '$4.99', saleStory: '2 for $5' });
    postToHost(flyerMessage('flyer:item-open', 'pub-3299-w47', { item }), { source: sf.iframe.contentWindow });
    const dialog = screen.getByRole('dialog', { name: 'Gala apples' });
    expect(dialog).toHaveAccessibleDescription('$4.99 2 for $5');
    expect(dialog.querySelector('img')).toHaveAttribute('src', item.image);
    expect(within(dialog).getByText(/^Valid /)).toBeInTheDocument();
    const addButton = within(dialog).getByRole('button', { name: 'Add to list' });
    expect(addButton).toHaveFocus();
    fireEvent.click(addButton);
    expect(kit.published('list/add-requested')[0].payload).toMatchObject({ itemId: '20010010_EA_3299', productType: 'flyer', saleStory: '2 for $5' });
    act(() => kit.bus.emit('list/count-changed', { count: 1, itemIds: ['20010010_EA_3299'] }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove from list' }));
    expect(kit.published('list/remove-requested')[0].payload.itemId).toBe('20010010_EA_3299');
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    postToHost(flyerMessage('flyer:item-open', 'pub-3299-w47', { item }), { source: sf.iframe.contentWindow });
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('the item dialog keeps Tab inside it, and Escape gives focus back to where it was', async () => {
    const user = userEvent.setup();
    renderFlyer();
    const sf = await storefront();
    ready(sf);
    const opener = document.body.appendChild(document.createElement('button'));
    opener.textContent = 'Opener';
    opener.focus();
    postToHost(flyerMessage('flyer:item-open', 'pub-3299-w47', { item: flyerItem({ name: 'Gala apples' }) }), { source: sf.iframe.contentWindow });
    const dialog = await screen.findByRole('dialog', { name: 'Gala apples' });
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Add to list' })).toHaveFocus());
    for (let i = 0; i < 4; i += 1) {
      await user.tab();
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
    }
    await user.tab({ shift: true });
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
    opener.remove();
  });

  it('after a store change, messages of the old iframe are ignored', async () => {
    jest.useFakeTimers();
    const { kit } = renderFlyer();
    const first = await storefront();
    const oldWindow = first.iframe.contentWindow;
    act(() => kit.bus.emit('store/changed', { store: HARBOUR, source: 'user' }));
    act(() => { jest.advanceTimersByTime(500); });
    await storefront(2);
    kit.reset();
    postToHost(flyerMessage('flyer:add-to-list', 'pub-3299-w47', { item: flyerItem() }), { source: oldWindow });
    expect(kit.published('list/add-requested')).toHaveLength(0);
  });
});

describe('/flyer?set_preferred_store_number (spec §2, §5)', () => {
  it("asks the store selector for '0042' (padded), shows that store's flyer once it changes, and removes the parameter", async () => {
    const lengthBefore = window.history.length;
    const { kit } = renderFlyer({ url: '/flyer?set_preferred_store_number=42' });
    expect(window.location.pathname).toBe('/flyer');
    expect(window.location.search).toBe('');
    expect(window.history.length).toBe(lengthBefore + 1); // goTo pushed once; the removal replaced
    await waitFor(() => expect(kit.published('store/select-requested')).toHaveLength(1));
    const [req] = kit.published('store/select-requested');
    expect(req.payload).toEqual({ requestId: expect.any(String), storeNumber: '0042' });
    // The current store's flyer is not loaded meanwhile.
    expect(provider.create).not.toHaveBeenCalled();
    act(() => kit.bus.emit('store/changed', { store: HARBOUR, source: 'user' }));
    const sf = await storefront();
    expect(sf.options.storeCode).toBe('0042');
    expect(provider.created).toHaveLength(1);
    expect(screen.getByText('Harbour Test Store (0042)')).toBeInTheDocument();
    expect(screen.queryByText(/couldn't find/)).not.toBeInTheDocument();
  });

  it('keeps other parameters', async () => {
    renderFlyer({ url: '/flyer?page=2&set_preferred_store_number=42#p3' });
    expect(`${window.location.pathname}${window.location.search}${window.location.hash}`).toBe('/flyer?page=2#p3');
    await act(async () => { await new Promise((r) => setTimeout(r, 20)); });
  });

  it('an unknown store (store/select-failed) keeps the current store and says so', async () => {
    const { kit } = renderFlyer({ url: '/flyer?set_preferred_store_number=9' });
    await waitFor(() => expect(kit.published('store/select-requested')).toHaveLength(1));
    const [req] = kit.published('store/select-requested');
    expect(req.payload.storeNumber).toBe('0009');
    act(() => kit.bus.emit('store/select-failed', { requestId: req.payload.requestId, storeNumber: '0009', reason: 'No store numbered 0009' }));
    expect(await screen.findByText("We couldn't find store 0009. Showing the flyer for Halifax Quinpool Road (3299).")).toBeInTheDocument();
    expect((await storefront()).options.storeCode).toBe('3299');
  });

  it("another request's failure is not ours", async () => {
    const { kit } = renderFlyer({ url: '/flyer?set_preferred_store_number=42' });
    await waitFor(() => expect(kit.published('store/select-requested')).toHaveLength(1));
    act(() => kit.bus.emit('store/select-failed', { requestId: 'someone-else', storeNumber: '0042', reason: 'x' }));
    expect(screen.queryByText(/couldn't find/)).not.toBeInTheDocument();
    expect(provider.create).not.toHaveBeenCalled();
  });

  it('no answer within 5 s keeps the current store and says so', async () => {
    jest.useFakeTimers();
    const { kit } = renderFlyer({ url: '/flyer?set_preferred_store_number=42' });
    act(() => { jest.advanceTimersByTime(1); });
    expect(kit.published('store/select-requested')).toHaveLength(1);
    await act(async () => { await jest.advanceTimersByTimeAsync(SELECT_TIMEOUT_MS); });
    expect(screen.getByText("We couldn't find store 0042. Showing the flyer for Halifax Quinpool Road (3299).")).toBeInTheDocument();
    expect((await storefront()).options.storeCode).toBe('3299');
  });

  it.each([['abc', 'abc'], ['12345', '12345'], ['-1', '-1'], ['', '']])('refuses %j without a request', async (raw, quoted) => {
    const { kit } = renderFlyer({ url: `/flyer?set_preferred_store_number=${encodeURIComponent(raw)}` });
    expect(window.location.search).toBe('');
    expect(await screen.findByText(`We couldn't find store ${quoted}. Showing the flyer for Halifax Quinpool Road (3299).`)).toBeInTheDocument();
    await storefront();
    expect(kit.published('store/select-requested')).toHaveLength(0);
  });

  it('waits for the store selector before asking (a new visitor: no store yet)', async () => {
    const { kit } = renderFlyer({ url: '/flyer?set_preferred_store_number=42', store: null });
    await act(async () => { await new Promise((r) => setTimeout(r, 20)); });
    expect(kit.published('store/select-requested')).toHaveLength(0);
    act(() => kit.bus.emit('store/changed', { store: HALIFAX, source: 'default' }));
    await waitFor(() => expect(kit.published('store/select-requested')).toHaveLength(1));
    expect(provider.create).not.toHaveBeenCalled();
    act(() => kit.bus.emit('store/changed', { store: HARBOUR, source: 'user' }));
    expect((await storefront()).options.storeCode).toBe('0042');
  });

  it('the store already preferred: no request, its flyer at once', async () => {
    const { kit } = renderFlyer({ url: '/flyer?set_preferred_store_number=3299' });
    expect((await storefront()).options.storeCode).toBe('3299');
    expect(kit.published('store/select-requested')).toHaveLength(0);
  });
});
