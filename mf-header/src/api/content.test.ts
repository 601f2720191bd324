import { fetchContent } from './content';
import { mockBff } from '../test-utils';

describe('fetchContent (GET /api/content/<name>, services/seed/data/content)', () => {
  it("GETs the document and returns the envelope's data", async () => {
    const fetchMock = mockBff({ 'GET /content/menu': { items: [{ label: 'Flyer', link: '/flyer' }] } });
    await expect(fetchContent('/api', 'menu')).resolves.toEqual({ items: [{ label: 'Flyer', link: '/flyer' }] });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/content/menu');
    expect(init.method).toBe('GET');
    expect(init.body).toBeUndefined();
  });

  it('rejects on an error envelope, a missing document or a network error (the caller shows its fallback)', async () => {
    mockBff({});
    await expect(fetchContent('/api', 'footer')).rejects.toThrow('content footer: 404');
    mockBff({ 'GET /content/footer': null });
    await expect(fetchContent('/api', 'footer')).rejects.toThrow('content footer');
    (globalThis as { fetch: unknown }).fetch = jest.fn().mockRejectedValue(new TypeError('offline'));
    await expect(fetchContent('/api', 'footer')).rejects.toThrow(/network error/);
  });

  it('passes the abort signal on', async () => {
    const fetchMock = mockBff({ 'GET /content/footer': { groups: [] } });
    const controller = new AbortController();
    await fetchContent('/api', 'footer', controller.signal);
    expect((fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1].signal).toBe(controller.signal);
  });
});
