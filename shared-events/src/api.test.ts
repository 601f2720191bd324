import { callBff, BffError } from './api';
import { isPlainLeftClick, siteLinkClick } from './remote';

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

  it('sends the session cookie (same-origin), the CSRF header and a nonce, and no token', async () => {
    const calls = answer(200, { status: 'success', code: 'LP01', message: 'OK', data: { cardNumber: '6046' } });
    const env = await callBff('/api', '/services/Inquire');
    expect(env.code).toBe('LP01');
    const headers = calls[0].init.headers as Record<string, string>;
    expect(calls[0].url).toBe('/api/services/Inquire');
    expect(calls[0].init.method).toBe('POST');
    expect(calls[0].init.body).toBe('{}');
    expect(calls[0].init.credentials).toBe('same-origin');
    expect(headers['x-storefront-csrf']).toBe('1');
    expect(headers.authorization).toBeUndefined();
    expect(headers['x-id-token']).toBeUndefined();
    expect(headers['x-nonce'].length).toBeGreaterThanOrEqual(8);
  });

  it('sends no body for GET', async () => {
    const calls = answer(200, { status: 'success', code: 200, message: 'OK', data: [] });
    await callBff('/api', '/content/menu', { method: 'GET' });
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

describe('in-site links (RemoteProps.navigate)', () => {
  const click = (over: Partial<{ button: number; metaKey: boolean; ctrlKey: boolean; shiftKey: boolean; altKey: boolean; defaultPrevented: boolean }> = {}) => {
    const e = { button: 0, metaKey: false, ctrlKey: false, shiftKey: false, altKey: false, defaultPrevented: false, preventDefault: jest.fn(), ...over };
    return e;
  };

  it('navigates without a reload on a plain left click', () => {
    const navigate = jest.fn();
    const e = click();
    siteLinkClick('/store-locator', navigate)(e);
    expect(navigate).toHaveBeenCalledWith('/store-locator');
    expect(e.preventDefault).toHaveBeenCalled();
  });

  it.each([['ctrlKey'], ['metaKey'], ['shiftKey'], ['altKey']] as const)('keeps the browser default with %s (new tab/window)', (key) => {
    const navigate = jest.fn();
    const e = click({ [key]: true });
    siteLinkClick('/flyer', navigate)(e);
    expect(navigate).not.toHaveBeenCalled();
    expect(e.preventDefault).not.toHaveBeenCalled();
    expect(isPlainLeftClick(e)).toBe(false);
  });

  it('keeps the default for a middle click, a handled event, or without navigate (standalone mode)', () => {
    const navigate = jest.fn();
    siteLinkClick('/x', navigate)(click({ button: 1 }));
    siteLinkClick('/x', navigate)(click({ defaultPrevented: true }));
    const e = click();
    siteLinkClick('/x')(e);
    expect(navigate).not.toHaveBeenCalled();
    expect(e.preventDefault).not.toHaveBeenCalled();
  });
});
