import { createListApi, ListApiError, LIST_PAGE_SIZE } from './listApi';

const envelope = (data: unknown, status = 'success', code: number | string = 200, message = 'OK') => ({ status, code, message, data });
const answer = (body: unknown, status = 200) => Promise.resolve({ ok: status < 400, status, json: async () => body } as Response);
const item = (id: string, quantity = 1) => ({ item_id: id, product_type: 'product', quantity, checked: false, meta: null, created_at: '2025-01-01T00:00:00.000Z', updated_at: '2025-01-01T00:00:00.000Z' });

const realFetch = globalThis.fetch;
afterEach(() => { globalThis.fetch = realFetch; });

function mockFetch(handler: (url: string, init: RequestInit) => Promise<Response>) {
  const fn = jest.fn(handler);
  globalThis.fetch = fn as unknown as typeof fetch;
  return fn;
}

describe('BFF shopping-list client (contract "Shopping-list and cart API")', () => {
  it('reads every page of 100 as the shopper of the session cookie (no token), keeping only shown items', async () => {
    const fetchMock = mockFetch(async (url) => {
      const page = Number(new URL(url, 'http://x').searchParams.get('page'));
      const items = page < 2 ? Array.from({ length: 100 }, (_, i) => item(`${page * 100 + i + 1}_EA_3299`)) : [item('201_EA_3299'), item('202_EA_3299', 0)];
      return answer(envelope({ items, page, hitsPerPage: 100, nbHits: 202, nbPages: 3 }));
    });
    const items = await createListApi('/api').fetchAll();
    expect(fetchMock.mock.calls.map((c) => c[0])).toEqual([
      `/api/shopping-list?page=0&hitsPerPage=${LIST_PAGE_SIZE}`, '/api/shopping-list?page=1&hitsPerPage=100', '/api/shopping-list?page=2&hitsPerPage=100',
    ]);
    expect(items).toHaveLength(201);
    const init = fetchMock.mock.calls[0][1] as RequestInit & { headers: Record<string, string> };
    expect(init.method).toBe('GET');
    expect(init.credentials).toBe('same-origin');
    expect(init.headers).toMatchObject({ 'x-storefront-csrf': '1', 'x-nonce': expect.any(String) });
    expect(init.headers).not.toHaveProperty('authorization');
    expect(init.headers).not.toHaveProperty('x-id-token');
  });

  it('sends absolute PUTs, DELETEs, the merge with its mergeId and the cart', async () => {
    const fetchMock = mockFetch(async (url) => answer(envelope(url.includes('/cart?') ? { cart: { storeId: '3299', items: [{ item_id: '1_EA_3299', quantity: 2 }], updated_at: null } } : { added: 2, updated: 1, nbHits: 5 })));
    const api = createListApi('/api');
    await api.put('custom_ab cd', { product_type: 'Custom', quantity: 3, checked: true, meta: { name: 'x' } });
    await api.remove('1_EA_3299');
    const merged = await api.merge('m-1', [{ item_id: '1_EA_3299', quantity: 1 }]);
    await api.setCart('u-1001', '3299', [{ item_id: '1_EA_3299', quantity: 2 }]);
    const cart = await api.getCart('3299');
    const calls = fetchMock.mock.calls.map(([url, init]) => [init.method, url, init.body ? JSON.parse(String(init.body)) : undefined]);
    expect(calls).toEqual([
      ['PUT', '/api/shopping-list/items/custom_ab%20cd', { product_type: 'Custom', quantity: 3, checked: true, meta: { name: 'x' } }],
      ['DELETE', '/api/shopping-list/items/1_EA_3299', {}],
      ['POST', '/api/shopping-list/merge', { mergeId: 'm-1', items: [{ item_id: '1_EA_3299', quantity: 1 }] }],
      ['POST', '/api/cart', { userToken: 'u-1001', storeId: '3299', items: [{ item_id: '1_EA_3299', quantity: 2 }] }],
      ['GET', '/api/cart?storeId=3299', undefined],
    ]);
    expect(merged).toEqual({ mergeId: 'm-1', added: 2, updated: 1, nbHits: 5 });
    expect(cart.items).toEqual([{ item_id: '1_EA_3299', quantity: 2 }]);
  });

  it.each([
    ['items that are not a list', { items: 'none', page: 0, hitsPerPage: 100, nbHits: 0, nbPages: 1 }],
    ['no page count', { items: [], page: 0, hitsPerPage: 100, nbHits: 0 }],
  ])('refuses a list page with %s (a transient error: the list is not read as empty)', async (_label, data) => {
    mockFetch(async () => answer(envelope(data)));
    const error = await createListApi('/api').fetchAll().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ListApiError);
    expect((error as ListApiError).permanent).toBe(false);
  });

  it.each([
    ['a 400 (validation)', () => answer(envelope(null, 'error', 400, 'Invalid body.quantity: must be an integer from 1 to 999'), 400), true],
    ['a full list (409 LIST_FULL)', () => answer(envelope(null, 'error', 'LIST_FULL', 'Your list is full: 1,000 items at most. Remove some items to add more.'), 409), true],
    ['a 401 (token)', () => answer(envelope(null, 'error', 401, 'Unauthorized'), 401), false],
    ['a 503', () => answer(envelope(null, 'error', 503, 'Service Unavailable'), 503), false],
    ['a network error', () => Promise.reject(new TypeError('Failed to fetch')), false],
    ['a 403 page that is not JSON (a proxy refusing it)', () => Promise.resolve({ ok: false, status: 403, json: async () => { throw new SyntaxError('Unexpected token <'); } } as unknown as Response), true],
    ['a 429 page that is not JSON', () => Promise.resolve({ ok: false, status: 429, json: async () => { throw new SyntaxError('Unexpected token <'); } } as unknown as Response), false],
  ])('turns %s into a ListApiError (permanent: %s)', async (_label, respond, permanent) => {
    mockFetch(respond as () => Promise<Response>);
    const error = await createListApi('/api').put('1_EA_3299', { product_type: 'product', quantity: 1, checked: false }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ListApiError);
    expect((error as ListApiError).permanent).toBe(permanent);
  });

  it('keeps the BFF\'s words for a full list, to show the shopper', async () => {
    mockFetch(() => answer(envelope(null, 'error', 'LIST_FULL', 'Your list is full: 1,000 items at most. Remove some items to add more.'), 409));
    const error = await createListApi('/api').put('1_EA_3299', { product_type: 'product', quantity: 1, checked: false }).catch((e: unknown) => e);
    expect((error as ListApiError).reason).toBe('Your list is full: 1,000 items at most. Remove some items to add more.');
  });
});
