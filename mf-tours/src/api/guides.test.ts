/** The guide content from the BFF (spec §3 Guide text content). */
import fs from 'node:fs';
import path from 'node:path';
import { fetchGuideContent } from './guides';

describe('guide content from the BFF', () => {
  const seed = JSON.parse(fs.readFileSync(path.join(__dirname, '../../../services/seed/data/content/guides.json'), 'utf8'));

  it('fetches GET <apiBase>/content/guides and fails on a non-2xx answer', async () => {
    const real = global.fetch;
    try {
      global.fetch = jest.fn(async () => ({ ok: true, status: 200, json: async () => ({ data: seed }) }) as Response);
      expect((await fetchGuideContent('/api')).guides).toHaveLength(10);
      expect((global.fetch as jest.Mock).mock.calls[0][0]).toBe('/api/content/guides');
      global.fetch = jest.fn(async () => ({ ok: false, status: 404, json: async () => ({}) }) as Response);
      await expect(fetchGuideContent('/api')).rejects.toThrow('HTTP 404');
    } finally {
      global.fetch = real;
    }
  });
});
