import { liteClient } from 'algoliasearch/lite';
import { DEFAULT_RUNTIME_CONFIG } from 'shared-events';
import { fixtures } from 'shared-events/testing';
import { createStoreSearchApi, toStore } from './storeSearch';

jest.mock('algoliasearch/lite', () => ({ liteClient: jest.fn() }));

const searchForHits = jest.fn();
(liteClient as jest.Mock).mockReturnValue({ searchForHits });

const hit = (overrides = {}) => ({ objectID: '3299', _highlightResult: {}, ...fixtures.store(overrides) });

beforeEach(() => {
  searchForHits.mockReset();
});

describe('spec §7 store search calls', () => {
  it('builds the algoliasearch v5 client from config.search (appId, key, hosts)', () => {
    createStoreSearchApi(DEFAULT_RUNTIME_CONFIG.search);
    expect(liteClient).toHaveBeenCalledWith('grocery-local', 'local-search-key', {
      hosts: [{ url: 'localhost:7700', protocol: 'http', accept: 'readWrite' }],
    });
  });

  it('searches the stores index by text with 4 hits per page (spec §9)', async () => {
    searchForHits.mockResolvedValue({ results: [{ hits: [hit()] }] });
    const stores = await createStoreSearchApi(DEFAULT_RUNTIME_CONFIG.search).searchStores({ query: '  Halifax ' });
    expect(searchForHits).toHaveBeenCalledWith({ requests: [{ indexName: 'stores', query: 'Halifax', hitsPerPage: 4 }] });
    expect(stores).toEqual([fixtures.store()]);
  });

  it('searches around a point with aroundLatLng (spec §7 "by latitude and longitude, 4 hits per page")', async () => {
    searchForHits.mockResolvedValue({ results: [{ hits: [] }] });
    await createStoreSearchApi(DEFAULT_RUNTIME_CONFIG.search).searchStores({ query: '', around: { lat: 44.6, lng: -63.5 } });
    expect(searchForHits).toHaveBeenCalledWith({
      requests: [{ indexName: 'stores', query: '', hitsPerPage: 4, aroundLatLng: '44.6, -63.5' }],
    });
  });

  it('looks a store up by number with a storeNumber filter, null when absent', async () => {
    const api = createStoreSearchApi(DEFAULT_RUNTIME_CONFIG.search);
    searchForHits.mockResolvedValue({ results: [{ hits: [hit()] }] });
    await expect(api.getStore('3299')).resolves.toEqual(fixtures.store());
    expect(searchForHits).toHaveBeenCalledWith({
      requests: [{ indexName: 'stores', query: '', filters: 'storeNumber:"3299"', hitsPerPage: 1 }],
    });
    searchForHits.mockResolvedValue({ results: [{ hits: [] }] });
    await expect(api.getStore('9999')).resolves.toBeNull();
  });

  it('rejects when the engine cannot be reached', async () => {
    searchForHits.mockRejectedValue(new Error('Unreachable hosts'));
    await expect(createStoreSearchApi(DEFAULT_RUNTIME_CONFIG.search).searchStores({ query: 'x' })).rejects.toThrow('Unreachable');
  });

  it('drops hits that are not stores', async () => {
    searchForHits.mockResolvedValue({ results: [{ hits: [{ objectID: 'x', title: 'Apples' }, hit({ storeNumber: '1001' })] }] });
    const stores = await createStoreSearchApi(DEFAULT_RUNTIME_CONFIG.search).searchStores({ query: 'a' });
    expect(stores.map((s) => s.storeNumber)).toEqual(['1001']);
    expect(toStore({ storeNumber: 1 })).toBeNull();
  });
});
