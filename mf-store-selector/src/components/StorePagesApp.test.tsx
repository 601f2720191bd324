import { act, screen, waitFor, within } from '@testing-library/react';
import { renderWithKit } from '@storefront/remote-kit/testing';
import userEvent from '@testing-library/user-event';
import { createTestBus, fixtures, type TestBus } from 'shared-events/testing';
import type { Store } from 'shared-events';
import { StorePagesApp } from './StorePagesApp';
import { parseStoreRoute } from '../state/storeRoute';
import { MAP_HEIGHT, MAP_WIDTH, projectPoints, scaleBarKm } from './StoreMap';
import { SHOPPER_LOCATION_KEY } from '../api/location';
import { PREFERRED_STORE_KEY } from '../api/preferredStore';
import { startOnMonday, settle, fakeApi, fakeGeolocation } from '../test-utils';

const week = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'].map((day) => ({
  day, open: day === 'Sunday' ? '08:00' : '07:00', close: day === 'Sunday' ? '20:00' : '22:00',
}));
const home = fixtures.store({ hours: { is24Hours: false, storeHours: week } });
const stores: Store[] = [
  fixtures.store({ storeNumber: '1001', locationName: 'Dartmouth Crossing', slug: 'dartmouth-crossing-1001', _geoloc: { lat: 44.70, lng: -63.55 } }),
  fixtures.store({ storeNumber: '2062', locationName: 'Antigonish Co-op', slug: 'antigonish-co-op-2062', hours: { is24Hours: true, storeHours: [] }, _geoloc: { lat: 45.61, lng: -61.99 } }),
  home,
];

let kit: TestBus;
let api: ReturnType<typeof fakeApi>;

/**
 * Renders the pages app at `path` under the kit's providers and waits until the lazily loaded page
 * is there (the kit's "Loading…" status gone) and its first engine answers are shown.
 */
async function renderAt(path: string, extra: Partial<Parameters<typeof StorePagesApp>[0]> = {}) {
  window.history.pushState(null, '', path);
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  const navigate = jest.fn((url: string) => {
    window.history.pushState(null, '', url);
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
  const utils = renderWithKit(
    <StorePagesApp bus={kit.bus} api={api} saveAccountStore={jest.fn().mockResolvedValue(true)} {...extra} />,
    { kit, remoteProps: { navigate } },
  );
  await waitFor(() => {
    expect(utils.container.querySelector('[data-remote-loading], [aria-busy="true"]')).toBeNull();
    expect(screen.queryByText('Searching for stores…')).toBeNull();
  });
  return { user, navigate, ...utils };
}

beforeEach(() => {
  startOnMonday();
  kit = createTestBus();
  kit.bus.emit('store/changed', { store: home, source: 'default' });
  kit.reset();
  api = fakeApi(stores, home);
});

afterEach(() => {
  jest.useRealTimers();
  window.history.pushState(null, '', '/');
});

describe('spec §2 Routes: paths of the store pages', () => {
  it.each([
    ['/store-locator', { page: 'locator' }],
    ['/store-locator/', { page: 'locator' }],
    ['/stores/halifax-quinpool-3299', { page: 'detail', slug: 'halifax-quinpool-3299' }],
    ['/stores/a%20b', { page: 'detail', slug: 'a b' }],
    ['/stores/%E0%A4%A', { page: 'detail', slug: '%E0%A4%A' }],
    ['/stores', { page: 'none' }],
    ['/', { page: 'none' }],
  ])('%s', (path, route) => {
    expect(parseStoreRoute(path)).toEqual(route);
  });

  it('renders nothing on other paths', async () => {
    const { container } = await renderAt('/offers');
    expect(container.querySelector('h1')).toBeNull();
  });
});

describe('spec §2 /store-locator: store locator page', () => {
  it('lists stores nearest first around the current store, with km and every Store field', async () => {
    await renderAt('/store-locator');
    expect(screen.getByRole('heading', { level: 1, name: 'Find a store' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Stores near your current store' });
    expect(api.searchStoresRanked).toHaveBeenCalledWith({ query: '', around: home._geoloc, page: 0 });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(within(first).getByRole('heading', { name: 'Dartmouth Crossing' })).toBeInTheDocument();
    expect(within(first).getByText('1.2 km')).toBeInTheDocument();
    expect(within(first).getByText('1.2 kilometres away')).toBeInTheDocument();
    expect(within(first).getByText('1001')).toBeInTheDocument(); // storeNumber
    expect(within(first).getByText('Quinpool Rd & Connaught Ave')).toBeInTheDocument(); // intersection
    expect(within(first).getByText(/6420 Quinpool Rd/)).toHaveTextContent('6420 Quinpool RdHalifax, NS B3L 1A1');
    expect(within(first).getByText('Today: 7:00 a.m. – 10:00 p.m.')).toBeInTheDocument();
    expect(within(first).getByText('Atlantic, NS')).toBeInTheDocument(); // region
    expect(within(first).getByRole('link', { name: 'View store details' })).toHaveAttribute('href', '/stores/dartmouth-crossing-1001'); // slug
    expect(within(second).getByText('Open 24 Hours')).toBeInTheDocument();
    expect(within(second).getByText('5.3 km')).toBeInTheDocument();
    expect(screen.getByText('Distances from Halifax Quinpool Road, nearest first.')).toBeInTheDocument();
  });

  it('draws the results on an inline SVG map: one labelled marker per store, no network', async () => {
    await renderAt('/store-locator');
    const map = await screen.findByRole('group', { name: 'Map of the stores listed' });
    const markers = within(map).getAllByRole('img');
    expect(markers.map((m) => m.getAttribute('aria-label'))).toEqual([
      '1: Dartmouth Crossing, 1.2 km', '2: Antigonish Co-op, 5.3 km', '3: Halifax Quinpool Road, 9.4 km',
    ]);
    expect(map.querySelector('image, foreignObject')).toBeNull();
  });

  it('spec §9: searches by city or postal code 700 ms after the last keystroke', async () => {
    const { user } = await renderAt('/store-locator');
    await screen.findByRole('list');
    api.searchStoresRanked.mockClear();
    const input = screen.getByRole('searchbox', { name: 'Search by city or postal code' });
    await user.type(input, 'Hal');
    await act(async () => { jest.advanceTimersByTime(699); });
    expect(api.searchStoresRanked).not.toHaveBeenCalled();
    await act(async () => { jest.advanceTimersByTime(1); });
    expect(api.searchStoresRanked).toHaveBeenCalledTimes(1);
    expect(api.searchStoresRanked).toHaveBeenCalledWith({ query: 'Hal', around: home._geoloc, page: 0 });
    expect(await screen.findByRole('list', { name: 'Stores matching “Hal”' })).toBeInTheDocument();
  });

  it('measures from the shopper\'s position when known this session', async () => {
    sessionStorage.setItem(SHOPPER_LOCATION_KEY, JSON.stringify({ lat: 45.62, lng: -61.99 }));
    await renderAt('/store-locator');
    expect(await screen.findByRole('list', { name: 'Stores near you' })).toBeInTheDocument();
    expect(api.searchStoresRanked).toHaveBeenCalledWith({ query: '', around: { lat: 45.62, lng: -61.99 }, page: 0 });
    expect(within(screen.getByRole('group', { name: 'Map of the stores listed' })).getByRole('img', { name: 'Your location' })).toBeInTheDocument();
  });

  it("'Use my location': granted → searches around the position; denied → a note, no toast", async () => {
    const geo = fakeGeolocation();
    const { user } = await renderAt('/store-locator', { geolocation: geo.geolocation });
    await screen.findByRole('list');
    await user.click(screen.getByRole('button', { name: 'Use my location' }));
    expect(screen.getByRole('button', { name: 'Finding your location…' })).toBeDisabled();
    await act(async () => geo.grant(45.62, -61.99));
    expect(await screen.findByRole('list', { name: 'Stores near you' })).toBeInTheDocument();
    expect(JSON.parse(sessionStorage.getItem(SHOPPER_LOCATION_KEY) ?? 'null')).toEqual({ lat: 45.62, lng: -61.99 });
    await user.click(screen.getByRole('button', { name: 'Use my location' }));
    await act(async () => geo.fail(1));
    expect(screen.getByText(/Location access is turned off/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Use my location' }));
    await act(async () => geo.fail(2));
    expect(kit.published('toast/show').map((e) => e.payload.message)).toEqual(['Failed to get your location. Please try searching for a store.']);
  });

  it('pages by 4: "Show more stores" appends the next page', async () => {
    api.searchStoresRanked.mockResolvedValueOnce({ stores: stores.slice(0, 2).map((store) => ({ store, distanceMeters: 1000 })), page: 0, nbPages: 2 });
    api.searchStoresRanked.mockResolvedValueOnce({ stores: [{ store: home, distanceMeters: 9000 }], page: 1, nbPages: 2 });
    const { user } = await renderAt('/store-locator');
    const list = await screen.findByRole('list');
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Show more stores' }));
    expect(await screen.findByRole('heading', { name: 'Halifax Quinpool Road' })).toBeInTheDocument();
    expect(api.searchStoresRanked).toHaveBeenLastCalledWith({ query: '', around: home._geoloc, page: 1 });
    expect(within(screen.getByRole('list')).getAllByRole('listitem')).toHaveLength(3);
    expect(screen.queryByRole('button', { name: 'Show more stores' })).not.toBeInTheDocument();
  });

  it('the engine down: "Failed to fetch store data" (spec §8), store search unavailable, Try again keeps what was typed and asks again', async () => {
    api.searchStoresRanked.mockRejectedValue(new Error('engine down'));
    const { user } = await renderAt('/store-locator');
    const box = screen.getByRole('searchbox');
    await user.type(box, 'Halifax');
    await act(async () => { jest.advanceTimersByTime(700); });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to fetch store data Store search is unavailable right now. Please try again.');
    api.searchStoresRanked.mockImplementation(async () => ({ stores: [{ store: home, distanceMeters: 1200 }], page: 0, nbPages: 1 }));
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: home.locationName })).toBeInTheDocument();
    expect(box).toHaveValue('Halifax');
    expect(api.searchStoresRanked).toHaveBeenLastCalledWith({ query: 'Halifax', around: home._geoloc, page: 0 });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('spec §8: "Failed to fetch store data" when the engine fails; empty states', async () => {
    api.searchStoresRanked.mockRejectedValueOnce(new Error('503'));
    const { user } = await renderAt('/store-locator');
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch store data');
    api.searchStoresRanked.mockResolvedValue({ stores: [], page: 0, nbPages: 0 });
    await user.type(screen.getByRole('searchbox'), 'Zzyzx');
    await act(async () => { jest.advanceTimersByTime(700); });
    expect(await screen.findByText('No store found')).toBeInTheDocument();
  });

  it('"Select this store" → "Update Selected Store" → Yes publishes store/changed; the page follows it', async () => {
    const { user } = await renderAt('/store-locator');
    const list = await screen.findByRole('list');
    const first = within(list).getAllByRole('listitem')[0];
    const select = within(first).getByRole('button', { name: 'Select this store' });
    await user.click(select);
    const sheet = screen.getByRole('alertdialog', { name: 'Update Selected Store' });
    expect(sheet).toHaveAttribute('aria-modal', 'true');
    expect(within(sheet).getByRole('button', { name: 'Yes' })).toHaveFocus();
    await user.click(within(sheet).getByRole('button', { name: 'Yes' }));
    await settle();
    expect(kit.published('store/changed').map((e) => e.payload)).toEqual([{ store: stores[0], source: 'user' }]);
    expect(JSON.parse(localStorage.getItem(PREFERRED_STORE_KEY) ?? 'null')).toEqual(stores[0]);
    expect(select).toHaveFocus();
    expect(within(first).getByText('Your current store')).toBeInTheDocument();
    // Distances are now measured from the chosen store: the list is searched again, focus stays.
    await settle();
    expect(api.searchStoresRanked).toHaveBeenLastCalledWith({ query: '', around: stores[0]._geoloc, page: 0 });
    expect(select).toHaveFocus();
  });

  it('No (or Escape) clears the pending choice; focus returns to the button', async () => {
    const { user } = await renderAt('/store-locator');
    const list = await screen.findByRole('list');
    const select = within(within(list).getAllByRole('listitem')[1]).getByRole('button', { name: 'Select this store' });
    await user.click(select);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(select).toHaveFocus();
    await user.click(select);
    await user.click(screen.getByRole('button', { name: 'No' }));
    expect(kit.log).toHaveLength(0);
  });
});

describe('spec §2 /stores/{slug}: store detail page', () => {
  it('shows name, number, address, intersection, hours for each day, region and "Select this store"', async () => {
    await renderAt('/stores/halifax-quinpool-road-3299');
    expect(await screen.findByRole('heading', { level: 1, name: 'Halifax Quinpool Road' })).toBeInTheDocument();
    expect(api.getStoreBySlug).toHaveBeenCalledWith('halifax-quinpool-road-3299');
    expect(screen.getByRole('img', { name: 'Harbour Market logo' })).toHaveAttribute('data-banner', 'standard');
    expect(screen.getByText('Store number 3299')).toBeInTheDocument();
    expect(screen.getByText('Intersection: Quinpool Rd & Connaught Ave')).toBeInTheDocument();
    expect(screen.getByText('Region: Atlantic, NS')).toBeInTheDocument();
    const hours = screen.getByRole('table', { name: 'Hours of Halifax Quinpool Road' });
    const rows = within(hours).getAllByRole('row');
    expect(rows).toHaveLength(7);
    expect(rows[0]).toHaveTextContent('Monday7:00 a.m. – 10:00 p.m.');
    expect(rows[0]).toHaveAttribute('aria-current', 'date');
    expect(rows[6]).toHaveTextContent('Sunday8:00 a.m. – 8:00 p.m.');
    expect(screen.getByText('Your current store')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Select this store' })).toBeInTheDocument();
    expect(document.title).toBe('Halifax Quinpool Road | Harbour Market');
  });

  it("a co-op store shows the co-op logo and 'Open 24 Hours'", async () => {
    await renderAt('/stores/antigonish-co-op-2062');
    expect(await screen.findByRole('heading', { level: 1, name: 'Antigonish Co-op' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Harbour Co-op logo' })).toHaveAttribute('data-banner', 'coop');
    expect(screen.getByText('Open 24 Hours')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('lists nearby stores around this store, excluding itself, with km and links', async () => {
    const { user, navigate } = await renderAt('/stores/antigonish-co-op-2062');
    const nearby = await screen.findByRole('list', { name: 'Nearby stores' });
    expect(api.searchStoresRanked).toHaveBeenCalledWith({ query: '', around: stores[1]._geoloc });
    const links = within(nearby).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual(['Dartmouth Crossing', 'Halifax Quinpool Road']);
    expect(within(nearby).getByText('1.2 km')).toBeInTheDocument();
    const map = screen.getByRole('group', { name: 'Map of Antigonish Co-op and nearby stores' });
    expect(within(map).getAllByRole('img')).toHaveLength(3);
    await user.click(links[0]);
    expect(navigate).toHaveBeenCalledWith('/stores/dartmouth-crossing-1001');
    expect(await screen.findByRole('heading', { level: 1, name: 'Dartmouth Crossing' })).toHaveFocus();
  });

  it('an unknown slug shows a not-found view with a link to the locator', async () => {
    const { user, navigate } = await renderAt('/stores/nope');
    expect(await screen.findByRole('heading', { level: 1, name: 'Store not found' })).toBeInTheDocument();
    expect(document.title).toBe('Store not found | Harbour Market');
    await user.click(screen.getByRole('link', { name: 'View Store Locator' }));
    expect(navigate).toHaveBeenCalledWith('/store-locator');
    expect(await screen.findByRole('heading', { level: 1, name: 'Find a store' })).toHaveFocus();
  });

  it('spec §8: "Failed to fetch store data" when the lookup fails, with Try again, which asks again', async () => {
    api.getStoreBySlug.mockRejectedValue(new Error('503'));
    const { user } = await renderAt('/stores/halifax-quinpool-road-3299');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to fetch store data Store search is unavailable right now. Please try again.');
    api.getStoreBySlug.mockImplementation(async () => home);
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: home.locationName })).toBeInTheDocument();
    expect(screen.queryByText('Failed to fetch store data')).not.toBeInTheDocument();
  });

  it('"Select this store" confirms through the sheet; the current-store badge follows store/changed', async () => {
    const { user } = await renderAt('/stores/antigonish-co-op-2062');
    await screen.findByRole('heading', { level: 1, name: 'Antigonish Co-op' });
    expect(screen.queryByText('Your current store')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Select this store' }));
    await user.click(within(screen.getByRole('alertdialog', { name: 'Update Selected Store' })).getByRole('button', { name: 'Yes' }));
    await settle();
    expect(kit.published('store/changed').map((e) => e.payload.source)).toEqual(['user']);
    expect(screen.getByText('Your current store')).toBeInTheDocument();
    act(() => kit.bus.emit('store/changed', { store: home, source: 'user' }));
    expect(screen.queryByText('Your current store')).not.toBeInTheDocument();
  });
});

describe('store map projection (inline SVG, no tiles)', () => {
  it('fits every point inside the drawing with north up and west left', () => {
    const { xy } = projectPoints([{ lat: 44.64, lng: -63.57 }, { lat: 45.61, lng: -61.99 }, { lat: 46.13, lng: -60.18 }]);
    for (const p of xy) {
      expect(p.x).toBeGreaterThanOrEqual(0);
      expect(p.x).toBeLessThanOrEqual(MAP_WIDTH);
      expect(p.y).toBeGreaterThanOrEqual(0);
      expect(p.y).toBeLessThanOrEqual(MAP_HEIGHT);
    }
    expect(xy[0].x).toBeLessThan(xy[2].x); // Halifax west of Sydney
    expect(xy[0].y).toBeGreaterThan(xy[2].y); // and south of it
  });

  it('centres a single point and picks a round scale bar', () => {
    const { xy, kmPerUnit } = projectPoints([{ lat: 44.64, lng: -63.57 }]);
    expect(xy[0]).toEqual({ x: MAP_WIDTH / 2, y: MAP_HEIGHT / 2 });
    expect([1, 2, 5].map((m) => m * 10 ** Math.floor(Math.log10(scaleBarKm(kmPerUnit))))).toContain(scaleBarKm(kmPerUnit));
  });
});
