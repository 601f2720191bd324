import { createOffersApi, OffersError } from './offersApi';
import { lenaData } from '../test-utils';

/** A fetch answer with a JSON body (jsdom has no `Response`). */
const answer = (body: unknown, status = 200) =>
  Promise.resolve({ ok: status >= 200 && status < 300, status, json: async () => body } as Response);
const ok = (data: unknown, message = 'OK') => ({ status: 'success', code: 200, message, data });
const err = (code: number | string, message: string) => ({ status: 'error', code, message, data: null });

const HASH = 'mc1hXipzEPjUP_tOqbh95j_i4Z16Rd75dsHV0tNFzwM';

describe('offers API (services/bff/README.md "Offers")', () => {
  const realFetch = globalThis.fetch;
  let fetchMock: jest.Mock;
  beforeEach(() => { fetchMock = jest.fn(); globalThis.fetch = fetchMock; });
  afterEach(() => { globalThis.fetch = realFetch; });

  const call = (i = 0) => {
    const [url, init] = fetchMock.mock.calls[i] as [string, RequestInit & { headers: Record<string, string> }];
    return { url, init, headers: init.headers, body: init.body ? JSON.parse(init.body as string) : undefined };
  };

  it('GET /api/offers as the shopper of the session cookie: same-origin credentials, the CSRF header, a nonce, no token', async () => {
    fetchMock.mockReturnValue(answer(ok(lenaData())));
    const data = await createOffersApi('/api').fetchOffers();
    expect(data.cardNumber).toBe('•••• 1003');
    const c = call();
    expect(c.url).toBe('/api/offers');
    expect(c.init.method).toBe('GET');
    expect(c.init.credentials).toBe('same-origin');
    expect(c.headers).toMatchObject({ 'x-storefront-csrf': '1', 'x-nonce': expect.stringMatching(/^.{8,}$/) });
    expect(c.headers.authorization).toBeUndefined();
    expect(c.headers['x-id-token']).toBeUndefined();
    expect(c.init.body).toBeUndefined();
  });

  it('GET /api/offers?hash= without any token (public link)', async () => {
    fetchMock.mockReturnValue(answer(ok(lenaData())));
    await createOffersApi('/api').fetchOffersByHash(HASH);
    const c = call();
    expect(c.url).toBe(`/api/offers?hash=${HASH}`);
    expect(c.headers.authorization).toBeUndefined();
    expect(c.headers['x-id-token']).toBeUndefined();
  });

  it('POST /api/offers/load with load-offer items', async () => {
    fetchMock.mockReturnValue(answer(ok({ loaded: ['a'], failed: [{ id: 'b', reason: 'the offer has expired' }], collections: lenaData().collections })));
    const result = await createOffersApi('/api').loadOffers([{ id: 'a', channel: 'web', banner: 'standard' }, { id: 'b', channel: 'web', banner: 'standard' }]);
    expect(result.loaded).toEqual(['a']);
    expect(result.failed).toEqual([{ id: 'b', reason: 'the offer has expired' }]);
    const c = call();
    expect([c.url, c.init.method]).toEqual(['/api/offers/load', 'POST']);
    expect(c.body).toEqual({ offers: [{ id: 'a', channel: 'web', banner: 'standard' }, { id: 'b', channel: 'web', banner: 'standard' }] });
  });

  it('favourites: GET, POST { offer_id }, DELETE /:offer_id (English)', async () => {
    const favs = { favouriteOffers: [], basketBuilderOffers: [] };
    fetchMock.mockReturnValueOnce(answer(ok(favs))).mockReturnValueOnce(answer(ok(favs))).mockReturnValueOnce(answer(ok({ removed: true, ...favs })));
    const api = createOffersApi('/api');
    await api.fetchFavourites();
    await api.addFavourite('ofr-1003-001');
    const removed = await api.removeFavourite('ofr-1003-001');
    expect(removed.removed).toBe(true);
    expect([call(0).url, call(0).init.method]).toEqual(['/api/offers/favourites?lang=en', 'GET']);
    expect([call(1).url, call(1).init.method, call(1).body]).toEqual(['/api/offers/favourites?lang=en', 'POST', { offer_id: 'ofr-1003-001' }]);
    expect([call(2).url, call(2).init.method]).toEqual(['/api/offers/favourites/ofr-1003-001?lang=en', 'DELETE']);
    for (const i of [1, 2]) expect([call(i).init.credentials, call(i).headers['x-storefront-csrf'], call(i).headers.authorization]).toEqual(['same-origin', '1', undefined]);
  });

  it.each([
    ['409 NO_CARD', 409, 'NO_CARD', 'There is no Scene+ card on this account', 'no-card'],
    ['401', 401, 401, 'Session expired', 'signed-out'],
    ['404 OFFER_NOT_FOUND', 404, 'OFFER_NOT_FOUND', "No offer 'x' on your card", 'not-found'],
    ['409 OFFER_NOT_LIVE', 409, 'OFFER_NOT_LIVE', "The offer 'x' has expired or has been redeemed", 'not-live'],
    ['403', 403, 403, 'Forbidden: not your account', 'error'],
  ])('signed-in route, %s → OffersError %s', async (_name, status, code, message, kind) => {
    fetchMock.mockReturnValue(answer(err(code, message), status));
    const e = await createOffersApi('/api').fetchOffers().catch((x: unknown) => x);
    expect(e).toBeInstanceOf(OffersError);
    expect(e).toMatchObject({ kind, code, message });
  });

  it.each([
    ['410 HASH_EXPIRED', 410, 'HASH_EXPIRED', 'hash-expired'],
    ['400 malformed hash', 400, 400, 'hash-expired'],
    ['429 throttled', 429, 429, 'throttled'],
  ])('hash route, %s → %s', async (_name, status, code, kind) => {
    fetchMock.mockReturnValue(answer(err(code, 'x'), status));
    await expect(createOffersApi('/api').fetchOffersByHash(HASH)).rejects.toMatchObject({ kind, code });
  });

  it('network failures and 5xx → kind error', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch')).mockReturnValueOnce(answer(err(500, 'Internal Server Error'), 500));
    const api = createOffersApi('/api');
    await expect(api.fetchOffers()).rejects.toMatchObject({ name: 'OffersError', kind: 'error' });
    await expect(api.fetchOffers()).rejects.toMatchObject({ kind: 'error', code: 500 });
  });

  it('a success without data is an error', async () => {
    fetchMock.mockReturnValue(answer(ok(null)));
    await expect(createOffersApi('/api').fetchOffers()).rejects.toMatchObject({ kind: 'error' });
  });
});
