import { liteClient } from 'algoliasearch/lite';
import { DEFAULT_RUNTIME_CONFIG } from 'shared-events';
import { fixtures } from 'shared-events/testing';
import { getStoreRecord, createStoreSearchApi, storeRetryDelay, toStore, STORE_RECORD_TIMEOUT_MS } from './storeSearch';

jest.mock('algoliasearch/lite', () => ({ liteClient: jest.fn() }));

const searchForHits = jest.fn();
(liteClient as jest.Mock).mockReturnValue({ searchForHits });

const hit = (overrides = {}) => ({ objectID: '3299', _highlightResult: {}, ...fixtures.store(overrides) });

beforeEach(() => {
  searchForHits.mockReset();
});

describe('spec §7 store search calls', () => {
  it('builds the algoliasearch v5 client from config.search (appId, key, hosts) on the first call, once', async () => {
    (liteClient as jest.Mock).mockClear();
    const api = createStoreSearchApi(DEFAULT_RUNTIME_CONFIG.search);
    // The client (its own chunk) is loaded and built only when a store call is made.
    expect(liteClient).not.toHaveBeenCalled();
    searchForHits.mockResolvedValue({ results: [{ hits: [] }] });
    await api.searchStores({ query: 'x' });
    await api.searchStores({ query: 'y' });
    expect(liteClient).toHaveBeenCalledTimes(1);
    expect(liteClient).toHaveBeenCalledWith('grocery-local', 'local-search-key', {
      hosts: [{ url: 'localhost:7700', protocol: 'http', accept: 'readWrite' }],
      // the engine stopped: said within 3 s; a slow but healthy one still answers
      timeouts: { connect: 1_000, read: 2_000, write: 30_000 },
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

  it('looks a store up by number with the engine\'s retrieve-a-record call, without the algoliasearch client; null when absent', async () => {
    (liteClient as jest.Mock).mockClear();
    const calls: string[] = [];
    const fetchImpl = jest.fn(async (url: string) => {
      calls.push(url);
      return url.includes('/9999?')
        ? ({ ok: false, status: 404, json: async () => ({ message: 'ObjectID does not exist' }) } as Response)
        : ({ ok: true, status: 200, json: async () => hit() } as Response);
    });
    await expect(getStoreRecord(DEFAULT_RUNTIME_CONFIG.search, '3299', fetchImpl as unknown as typeof fetch)).resolves.toEqual(fixtures.store());
    expect(calls[0]).toBe('http://localhost:7700/1/indexes/stores/3299?x-algolia-application-id=grocery-local&x-algolia-api-key=local-search-key');
    await expect(getStoreRecord(DEFAULT_RUNTIME_CONFIG.search, '9999', fetchImpl as unknown as typeof fetch)).resolves.toBeNull();
    await expect(getStoreRecord(DEFAULT_RUNTIME_CONFIG.search, '3299', (async () => ({ ok: false, status: 503 }) as Response) as unknown as typeof fetch)).rejects.toThrow(/HTTP 503/);
    expect(liteClient).not.toHaveBeenCalled();
  });

  it('retries a store query at once when the engine refused at once (stopped), else after 300 ms', () => {
    const retryError = (status: number, isTimedOut: boolean) =>
      Object.assign(new Error('Unreachable hosts'), { name: 'RetryError', stackTrace: [{ response: { status, isTimedOut } }] });
    expect(storeRetryDelay(0, retryError(0, false))).toBe(0);
    expect(storeRetryDelay(0, retryError(0, true))).toBe(300);
    expect(storeRetryDelay(0, retryError(502, false))).toBe(300);
    expect(storeRetryDelay(0, new Error('503'))).toBe(300);
  });

  it('gives up on the record lookup after the client\'s connect + read timeouts (3 s): a hung engine rejects', async () => {
    let signal: AbortSignal | undefined;
    const fetchImpl = jest.fn((_url: string, init?: RequestInit) => {
      signal = init?.signal ?? undefined;
      return new Promise<Response>(() => {});
    });
    void getStoreRecord(DEFAULT_RUNTIME_CONFIG.search, '3299', fetchImpl as unknown as typeof fetch).catch(() => undefined);
    expect(STORE_RECORD_TIMEOUT_MS).toBe(3_000);
    expect(signal).toBeInstanceOf(AbortSignal);
  });

  it('a failed download of the client chunk rejects that call like an unreachable engine; the next call tries again', async () => {
    await jest.isolateModulesAsync(async () => {
      let fail = true;
      jest.doMock('./algoliaStoreSearch', () => {
        if (fail) throw new Error('Loading chunk store-search-client failed.');
        return jest.requireActual('./algoliaStoreSearch');
      });
      const { createStoreSearchApi: create } = await import('./storeSearch');
      const api = create(DEFAULT_RUNTIME_CONFIG.search);
      await expect(api.searchStores({ query: 'x' })).rejects.toThrow('Loading chunk');
      fail = false;
      searchForHits.mockResolvedValue({ results: [{ hits: [hit()] }] });
      await expect(api.searchStores({ query: 'x' })).resolves.toEqual([fixtures.store()]);
    });
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

describe('spec §2 /store-locator: ranked store search (fake client)', () => {
  const withDistance = (storeNumber: string, geoDistance: number) => ({ ...hit({ storeNumber }), _rankingInfo: { geoDistance, geoPrecision: 1 } });

  it('asks for 4 stores a page around the point with getRankingInfo, and reads _rankingInfo.geoDistance (m)', async () => {
    searchForHits.mockResolvedValue({ results: [{ hits: [withDistance('2062', 640), withDistance('7144', 50_700)], page: 0, nbPages: 8 }] });
    const answer = await createStoreSearchApi(DEFAULT_RUNTIME_CONFIG.search).searchStoresRanked({ query: 'x', around: { lat: 45.62, lng: -61.99 } });
    expect(searchForHits).toHaveBeenCalledWith({
      requests: [{ indexName: 'stores', query: 'x', hitsPerPage: 4, page: 0, aroundLatLng: '45.62, -61.99', getRankingInfo: true }],
    });
    expect(answer.stores.map((s) => [s.store.storeNumber, s.distanceMeters])).toEqual([['2062', 640], ['7144', 50_700]]);
    expect(answer).toMatchObject({ page: 0, nbPages: 8 });
  });

  it('lists nearest first within a page (the engine ranks text relevance before distance)', async () => {
    searchForHits.mockResolvedValue({ results: [{ hits: [withDistance('1', 9000), withDistance('2', 300), withDistance('3', 4000)], page: 0, nbPages: 1 }] });
    const answer = await createStoreSearchApi(DEFAULT_RUNTIME_CONFIG.search).searchStoresRanked({ query: 'Halifax', around: { lat: 44.6, lng: -63.6 } });
    expect(answer.stores.map((s) => s.store.storeNumber)).toEqual(['2', '3', '1']);
  });

  it('without a point: no aroundLatLng, no distances; asks for the requested page', async () => {
    searchForHits.mockResolvedValue({ results: [{ hits: [hit()], page: 2, nbPages: 3 }] });
    const answer = await createStoreSearchApi(DEFAULT_RUNTIME_CONFIG.search).searchStoresRanked({ query: '', page: 2 });
    expect(searchForHits).toHaveBeenCalledWith({ requests: [{ indexName: 'stores', query: '', hitsPerPage: 4, page: 2 }] });
    expect(answer.stores[0].distanceMeters).toBeNull();
  });

  it('finds a store by slug with filters slug:"<slug>"; refuses malformed slugs without a call', async () => {
    const api = createStoreSearchApi(DEFAULT_RUNTIME_CONFIG.search);
    searchForHits.mockResolvedValue({ results: [{ hits: [hit()] }] });
    await expect(api.getStoreBySlug('halifax-quinpool-road-3299')).resolves.toEqual(fixtures.store());
    expect(searchForHits).toHaveBeenCalledWith({
      requests: [{ indexName: 'stores', query: '', filters: 'slug:"halifax-quinpool-road-3299"', hitsPerPage: 1 }],
    });
    searchForHits.mockClear();
    await expect(api.getStoreBySlug('nope" OR storeNumber:"1')).resolves.toBeNull();
    await expect(api.getStoreBySlug('')).resolves.toBeNull();
    expect(searchForHits).not.toHaveBeenCalled();
    searchForHits.mockResolvedValue({ results: [{ hits: [] }] });
    await expect(api.getStoreBySlug('nope')).resolves.toBeNull();
  });
});
