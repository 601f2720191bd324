import { createSearchClient } from '../api/searchClient';
import { DEFAULT_RUNTIME_CONFIG } from 'shared-events';

describe('createSearchClient (algoliasearch v5 lite, no network)', () => {
  it('builds a client with a multi-index search method from config.search', () => {
    const client = createSearchClient(DEFAULT_RUNTIME_CONFIG.search);
    expect(typeof client.search).toBe('function');
    expect((client as unknown as { appId: string }).appId).toBe('grocery-local');
  });
});
