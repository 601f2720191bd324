import { readFileSync } from 'fs';
import { join } from 'path';
import { act } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithKit } from '@storefront/remote-kit/testing';
import { createTestBus, type TestBus } from 'shared-events/testing';
import { Header } from './components/Header';
import type { MenuItemContent } from './state/menu';

/** The committed content documents the BFF serves (services/seed/data/content/*.json). */
export function realContent(name: 'menu' | 'footer'): unknown {
  return JSON.parse(readFileSync(join(__dirname, '../../services/seed/data/content', `${name}.json`), 'utf8'));
}

/** A small menu for component tests: a dropdown with a link, one without, nested, and plain links. */
export const TEST_MENU: { items: MenuItemContent[] } = {
  items: [
    {
      label: 'Products', link: '/products', isDropdown: true, dropdown: [
        { label: 'Dairy & Eggs', link: '/products/category/dairy-eggs', dropdown: [
          { label: 'Cheese', link: '/products/category/dairy-eggs/cheese' },
          { label: 'Plant-Based', link: '/products/category/dairy-eggs/plant-based', tags: ['new'] },
        ] },
        { label: 'Bakery', link: '/products/category/bakery', dropdown: [
          { label: 'Bread & Rolls', link: '/products/category/bakery/bread-rolls' },
        ] },
      ],
    },
    { label: 'Flyer', link: '/flyer' },
    {
      title: 'Recipes', link: '/recipes', dropdown: [
        { label: 'Recipe Ideas', isDropdown: true, dropdown: [{ label: 'Seafood', link: '/recipes?tag=seafood' }] },
        { label: 'Meal Plan', link: '/recipes/meal-plan' },
      ],
      sameLevelList: [{ title: 'Maple-Glazed Salmon', link: '/recipes/maple-glazed-salmon' }],
    },
    { label: 'Scene+', link: '/scene', dropdown: [{ label: 'Register a Scene+ Card', link: '/register', target: '_blank' }] },
    { label: 'Store Locator', link: '/store-locator' },
  ],
};

/** One BFF answer: the envelope's data (status 'success'), or a full envelope / HTTP status. */
export type BffRoute = unknown | { envelope: unknown; httpStatus?: number } | ((body: unknown) => unknown);

/**
 * Replaces `fetch` with a BFF stand-in answering `'<METHOD> <path>'` keys (path without the '/api'
 * base), e.g. `'GET /content/menu'`. Unknown routes answer 404 envelopes. Returns the jest mock.
 */
export function mockBff(routes: Record<string, BffRoute>, { defer = false }: { defer?: boolean } = {}) {
  const answer = async (url: string, init: RequestInit = {}) => {
    const path = String(url).replace(/^\/api/, '');
    const key = `${init.method ?? 'GET'} ${path}`;
    if (!(key in routes)) return { status: 404, json: async () => ({ status: 'error', code: 404, message: 'Not Found', data: null }) };
    let route = routes[key];
    if (typeof route === 'function') route = (route as (b: unknown) => unknown)(init.body ? JSON.parse(String(init.body)) : undefined);
    if (route && typeof route === 'object' && 'envelope' in route) {
      const r = route as { envelope: unknown; httpStatus?: number };
      return { status: r.httpStatus ?? 200, json: async () => r.envelope };
    }
    return { status: 200, json: async () => ({ status: 'success', code: 200, message: 'OK', data: route }) };
  };
  // Deferred answers wait for settle(), which flushes them inside act (no state update outside act).
  const fn = jest.fn((url: string, init?: RequestInit) => (defer
    ? new Promise((resolve) => { pending.push(() => resolve(answer(url, init))); })
    : answer(url, init)));
  (globalThis as { fetch: unknown }).fetch = fn;
  return fn;
}

/** Deferred BFF answers not yet released (see {@link mockBff} `defer`). */
const pending: Array<() => void> = [];

/** Default BFF for header tests: the test menu, no alert. */
export const DEFAULT_ROUTES: Record<string, BffRoute> = {
  'GET /content/menu': TEST_MENU,
  'POST /bannerAlert': { getAlert: [] },
};

/**
 * Renders the header on a fresh test bus under the kit's providers (`renderWithKit`: a QueryClient
 * without retries; custom props `bus` = the test bus, `navigate` = the option, none by default), with
 * fake timers, a mocked BFF and a user-event instance wired to them.
 */
export function renderHeader(options: { navigate?: (url: string) => void; kit?: TestBus; routes?: Record<string, BffRoute> } = {}) {
  const kit = options.kit ?? createTestBus();
  const fetchMock = mockBff({ ...DEFAULT_ROUTES, ...options.routes }, { defer: true });
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  const view = renderWithKit(<Header />, { remote: 'mf-header', kit, remoteProps: { navigate: options.navigate } });
  /** Publish on the bus inside act (subscribers set React state). */
  const emit: typeof kit.bus.emit = (type, payload) => act(() => kit.bus.emit(type, payload));
  return { ...view, kit, user, emit, fetchMock };
}

/** True while jest's modern fake timers replace `setTimeout` (@sinonjs/fake-timers marks it with `clock`). */
const fakeTimersOn = () => 'clock' in setTimeout;

/**
 * Releases deferred BFF answers and lets pending promises settle, inside act. react-query hands
 * results to components on a 0 ms `setTimeout` (its notify scheduler), so each round also runs the
 * timers due now: with fake timers by advancing 0 ms, else by waiting one real macrotask.
 */
export async function settle() {
  await act(async () => {
    for (let round = 0; round < 3; round += 1) {
      pending.splice(0).forEach((release) => release());
      for (let i = 0; i < 10; i += 1) await Promise.resolve();
      if (fakeTimersOn()) jest.advanceTimersByTime(0);
      else await new Promise((resolve) => setTimeout(resolve, 0));
      for (let i = 0; i < 10; i += 1) await Promise.resolve();
    }
  });
}

/** Makes `window.matchMedia(query).matches` true for max-width queries (the compact header). */
export function mockCompactViewport(compact: boolean) {
  const original = window.matchMedia;
  window.matchMedia = ((query: string) => ({
    matches: compact && query.includes('max-width'),
    media: query,
    onchange: null,
    addListener() {}, removeListener() {}, addEventListener() {}, removeEventListener() {},
    dispatchEvent: () => false,
  })) as typeof window.matchMedia;
  return () => { window.matchMedia = original; };
}

/** jsdom has no layout: see tooling/jest/layout.js. */
export { mockLayout } from '@storefront/tooling/jest/layout';

// Content fetches resolve after render: let them settle inside act before each test ends.
afterEach(async () => { await settle(); });
