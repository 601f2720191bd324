import { act, screen } from '@testing-library/react';
import { createTestBus } from 'shared-events/testing';
import { DEFAULT_RUNTIME_CONFIG } from 'shared-events';
import { createSearchClient } from '../api/searchClient';
import * as searchSpa from '../spa';
import * as resultsSpa from '../results-spa';
import { fakeClient } from './fakeSearch';

jest.mock('../api/insights', () => ({ createInsightsSender: jest.fn(() => jest.fn(async () => undefined)) }));
jest.mock('../api/topSearches', () => ({ fetchTopSearches: jest.fn(async () => []) }));
jest.mock('../api/content', () => ({ fetchPopularContent: jest.fn(async () => null) }));
jest.mock('../api/searchClient', () => ({ createSearchClient: jest.fn() }));

/** Custom props as the shell passes them; `name` is the single-spa app (registry: 'mf-search', 'mf-search-results'). */
const spaProps = (domElement: HTMLElement, name = 'mf-search') => ({
  name, singleSpa: {}, mountParcel: jest.fn(),
  bus: createTestBus().bus, config: DEFAULT_RUNTIME_CONFIG, domElement, navigate: jest.fn(),
});

describe('ARCHITECTURE §4 single-spa lifecycles', () => {
  beforeEach(() => {
    (createSearchClient as jest.Mock).mockReturnValue(fakeClient({ products: [], recipes: [], products_query_suggestions: [] }));
  });

  it("'./spa' mounts the search box into the given slot and unmounts cleanly", async () => {
    const slot = document.body.appendChild(document.createElement('div'));
    const props = spaProps(slot) as unknown as Parameters<typeof searchSpa.mount>[0];
    await searchSpa.bootstrap(props);
    let mounted: Promise<unknown> | undefined;
    act(() => { mounted = searchSpa.mount(props); });
    await mounted;
    expect(await screen.findByRole('combobox', { name: 'Search products and recipes' })).toBeInTheDocument();
    expect(slot).toContainElement(screen.getByRole('combobox'));
    expect(createSearchClient).toHaveBeenCalledWith(DEFAULT_RUNTIME_CONFIG.search);
    let unmounted: Promise<unknown> | undefined;
    act(() => { unmounted = searchSpa.unmount(props); });
    await unmounted;
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
  });

  it("'./results' mounts the results page into the given slot", async () => {
    window.history.replaceState(null, '', '/?query=milk&tab=recipe');
    const slot = document.body.appendChild(document.createElement('div'));
    const props = spaProps(slot, 'mf-search-results') as unknown as Parameters<typeof resultsSpa.mount>[0];
    await resultsSpa.bootstrap(props);
    let mounted: Promise<unknown> | undefined;
    act(() => { mounted = resultsSpa.mount(props); });
    await mounted;
    expect(await screen.findByRole('heading', { name: 'Results for “milk”' })).toBeInTheDocument();
    let unmounted: Promise<unknown> | undefined;
    act(() => { unmounted = resultsSpa.unmount(props); });
    await unmounted;
    window.history.replaceState(null, '', '/');
  });

  it('a failing app logs "[mf-search] <label> failed" and leaves its quiet fallback in the slot (ARCHITECTURE §2)', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    (createSearchClient as jest.Mock).mockImplementation(() => { throw new Error('engine config broken'); });
    try {
      const searchSlot = document.body.appendChild(document.createElement('div'));
      const searchProps = spaProps(searchSlot) as unknown as Parameters<typeof searchSpa.mount>[0];
      await searchSpa.bootstrap(searchProps);
      let mounted: Promise<unknown> | undefined;
      act(() => { mounted = searchSpa.mount(searchProps); });
      await mounted;
      await act(async () => undefined);
      expect(searchSlot.querySelector('.mfs-search--failed[data-remote-error="mf-search"]')).not.toBeNull();
      expect(error).toHaveBeenCalledWith('[mf-search] search box failed', expect.objectContaining({ message: 'engine config broken' }));

      window.history.replaceState(null, '', '/?query=milk');
      const pageSlot = document.body.appendChild(document.createElement('div'));
      const pageProps = spaProps(pageSlot, 'mf-search-results') as unknown as Parameters<typeof resultsSpa.mount>[0];
      await resultsSpa.bootstrap(pageProps);
      act(() => { mounted = resultsSpa.mount(pageProps); });
      await mounted;
      await act(async () => undefined);
      expect(pageSlot).toHaveTextContent('Search results are unavailable right now.');
      expect(error).toHaveBeenCalledWith('[mf-search] results failed', expect.objectContaining({ message: 'engine config broken' }));
      for (const [spa, props] of [[searchSpa, searchProps], [resultsSpa, pageProps]] as const) {
        let unmounted: Promise<unknown> | undefined;
        act(() => { unmounted = spa.unmount(props); });
        await unmounted;
      }
    } finally {
      error.mockRestore();
      window.history.replaceState(null, '', '/');
    }
  });

  it('rejects a mount without a slot element instead of guessing one', async () => {
    const props = { ...spaProps(document.createElement('div')), domElement: undefined } as unknown as Parameters<typeof searchSpa.mount>[0];
    await searchSpa.bootstrap(props);
    await expect(searchSpa.mount(props)).rejects.toThrow(/\[mf-search\] search box: no domElement/);
  });
});
