import { callBff, BffError } from '../api';

describe('callBff (spec §7 headers and envelope)', () => {
  const realFetch = global.fetch;
  afterEach(() => { global.fetch = realFetch; });

  function answer(status: number, body: unknown) {
    const calls: Array<{ url: string; init: RequestInit }> = [];
    global.fetch = jest.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
      calls.push({ url: String(url), init: init! });
      // jsdom has no Response: a minimal one with the members callBff reads.
      return { status, json: async () => (typeof body === 'string' ? JSON.parse(body) : body) } as Response;
    }) as typeof fetch;
    return calls;
  }

  it('sends the bearer, the id token focus header and a nonce for a signed-in shopper', async () => {
    const calls = answer(200, { status: 'success', code: 'LP01', message: 'OK', data: { cardNumber: '6046' } });
    const env = await callBff('/api', '/services/Inquire', { session: { id_token: 'tok.en' } });
    expect(env.code).toBe('LP01');
    const headers = calls[0].init.headers as Record<string, string>;
    expect(calls[0].url).toBe('/api/services/Inquire');
    expect(calls[0].init.method).toBe('POST');
    expect(calls[0].init.body).toBe('{}');
    expect(headers.authorization).toBe('Bearer tok.en');
    expect(headers['x-id-token']).toBe('tok.en');
    expect(headers['x-nonce'].length).toBeGreaterThanOrEqual(8);
  });

  it('sends no token when anonymous and no body for GET', async () => {
    const calls = answer(200, { status: 'success', code: 200, message: 'OK', data: [] });
    await callBff('/api', '/content/menu', { method: 'GET' });
    const headers = calls[0].init.headers as Record<string, string>;
    expect(headers.authorization).toBeUndefined();
    expect(calls[0].init.body).toBeUndefined();
  });

  it('returns a 4xx envelope for the caller to read', async () => {
    answer(403, { status: 'error', code: 403, message: 'Forbidden: not your account', data: null });
    await expect(callBff('/api', '/account')).resolves.toMatchObject({ code: 403, message: 'Forbidden: not your account' });
  });

  it('throws BffError on 5xx, non-JSON answers and network failures', async () => {
    answer(502, { status: 'error', code: 502, message: 'BFF unavailable', data: null });
    await expect(callBff('/api', '/account')).rejects.toThrow(new BffError('BFF /account: BFF unavailable', 502));
    answer(200, '<html>');
    await expect(callBff('/api', '/account')).rejects.toThrow('answer is not JSON');
    global.fetch = jest.fn(async () => { throw new TypeError('Failed to fetch'); }) as typeof fetch;
    await expect(callBff('/api', '/account')).rejects.toThrow('network error (Failed to fetch)');
  });
});
