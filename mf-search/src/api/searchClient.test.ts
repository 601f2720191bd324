import { liteClient } from 'algoliasearch/lite';
import { DEFAULT_RUNTIME_CONFIG } from 'shared-events';
import { createSearchClient } from './searchClient';

jest.mock('algoliasearch/lite', () => ({
  liteClient: jest.fn(() => ({ search: jest.fn(async () => ({ results: [{ hits: [] }] })) })),
}));

const search = DEFAULT_RUNTIME_CONFIG.search;

describe('createSearchClient (algoliasearch v5 lite, built on first use, no network)', () => {
  beforeEach(() => (liteClient as jest.Mock).mockClear());

  it('builds the lite client from config.search on the first search, then reuses it; timeouts connect 1 s, read 2 s', async () => {
    const client = createSearchClient(search);
    expect(typeof client.search).toBe('function');
    expect(liteClient).not.toHaveBeenCalled();
    const requests = [{ indexName: 'products', query: 'milk' }];
    await expect(client.search({ requests })).resolves.toEqual({ results: [{ hits: [] }] });
    await client.search({ requests });
    expect(liteClient).toHaveBeenCalledTimes(1);
    expect(liteClient).toHaveBeenCalledWith(search.appId, search.apiKey, {
      hosts: search.hosts.map((h) => ({ url: h.url, protocol: h.protocol, accept: 'read' })),
      timeouts: { connect: 1_000, read: 2_000, write: 30_000 },
    });
    const lite = (liteClient as jest.Mock).mock.results[0].value as { search: jest.Mock };
    expect(lite.search).toHaveBeenCalledTimes(2);
    expect(lite.search).toHaveBeenCalledWith({ requests });
  });

  it('warmUp() builds it before the first search', async () => {
    const client = createSearchClient(search);
    client.warmUp?.();
    await new Promise((r) => setTimeout(r, 0));
    expect(liteClient).toHaveBeenCalledTimes(1);
  });

  it('refuses a config without appId or apiKey at once, as liteClient does', () => {
    expect(() => createSearchClient({ ...search, appId: '' })).toThrow('`appId` is missing.');
    expect(() => createSearchClient({ ...search, apiKey: '' })).toThrow('`apiKey` is missing.');
  });
});
