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

const spaProps = (domElement: HTMLElement) => ({
  name: 'mf-search', singleSpa: {}, mountParcel: jest.fn(),
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
    const props = spaProps(slot) as unknown as Parameters<typeof resultsSpa.mount>[0];
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
});
