/**
 * Contract tests: the BFF's real answers, run through the same `shared-events/contracts` schema the remote
 * parses them with (`schema.parse(envelope.data)`). A field the BFF renames or drops fails here, not in a
 * shopper's browser.
 */
import {
  accountDataSchema,
  bannerAlertResultSchema,
  bffEnvelopeSchema,
  favouritesSchema,
  hashValidateResultSchema,
  listPageSchema,
  loadResultSchema,
  memberInquiryResultSchema,
  offersDataSchema,
  recentSearchesSchema,
  recipeListsSchema,
  removeFavouriteResultSchema,
} from 'shared-events/contracts';
import { z } from 'zod/mini';
import { loadDemoOffers } from '../src/seed';
import { harnessPerFile, type CallResult } from './harness';

const h = harnessPerFile({ hashLimit: { max: 10_000 } });

const SEED = loadDemoOffers();
const LENA = { uid: 'u-1003', card: '6046000000001003' };
const VALID_HASH = SEED.hashLinks.find((l) => l.expiresInDays > 0)!.hash;

/** The answer's `data` as the remote reads it: a success envelope whose data passes `schema`. */
function dataOf<T extends z.ZodMiniType>(res: CallResult, schema: T): z.infer<T> {
  expect(res.status).toBe(200);
  const envelope = bffEnvelopeSchema(z.unknown()).parse(res.json);
  expect(envelope.status).toBe('success');
  return schema.parse(envelope.data) as z.infer<T>;
}

describe('offers (mf-offers parses these)', () => {
  test('GET /api/offers, signed in and by hash: offersDataSchema', async () => {
    const own = dataOf(await h.as(LENA.uid, 'GET', '/api/offers'), offersDataSchema);
    expect(own.collections.pendingOffers.length + own.collections.activeOffers.length).toBeGreaterThan(0);
    dataOf(await h.call('GET', `/api/offers?hash=${VALID_HASH}`), offersDataSchema);
  });

  test('POST /api/offers/hash/validate: hashValidateResultSchema; member-inquiry: memberInquiryResultSchema', async () => {
    dataOf(await h.call('POST', '/api/offers/hash/validate', { body: { hash: VALID_HASH } }), hashValidateResultSchema);
    dataOf(await h.call('POST', '/api/offers/member-inquiry', { body: { hash: VALID_HASH } }), memberInquiryResultSchema);
    dataOf(await h.as(LENA.uid, 'POST', '/api/offers/member-inquiry', {}), memberInquiryResultSchema);
  });

  test('POST /api/offers/load: loadResultSchema', async () => {
    const pending = SEED.cards[LENA.card]!.offers.find((o) => o.state === 'pending' && o.endsInDays > 0 && o.bannerInd.includes('B'))!;
    const result = dataOf(await h.as(LENA.uid, 'POST', '/api/offers/load', { offers: [{ id: pending.offerId, channel: 'web', banner: pending.banner }] }), loadResultSchema);
    expect(result.loaded).toEqual([pending.offerId]);
  });

  test('favourites: GET and POST favouritesSchema, DELETE removeFavouriteResultSchema', async () => {
    dataOf(await h.as(LENA.uid, 'GET', '/api/offers/favourites?lang=fr'), favouritesSchema);
    const live = SEED.cards[LENA.card]!.offers.find((o) => o.state !== 'redeemed' && o.endsInDays > 0)!;
    dataOf(await h.as(LENA.uid, 'POST', '/api/offers/favourites', { offer_id: live.offerId }), favouritesSchema);
    const removed = dataOf(await h.as(LENA.uid, 'DELETE', `/api/offers/favourites/${live.offerId}`), removeFavouriteResultSchema);
    expect(removed.removed).toBe(true);
  });
});

describe('account, lists, recent searches, recipes, alert', () => {
  test('GET /api/account: accountDataSchema', async () => {
    dataOf(await h.as(LENA.uid, 'GET', '/api/account'), accountDataSchema);
  });

  test('GET /api/shopping-list: listPageSchema', async () => {
    dataOf(await h.as(LENA.uid, 'GET', '/api/shopping-list'), listPageSchema);
  });

  test('GET /api/recent-searches: recentSearchesSchema', async () => {
    await h.as(LENA.uid, 'POST', '/api/recent-searches', { label: 'milk' });
    dataOf(await h.as(LENA.uid, 'GET', '/api/recent-searches'), recentSearchesSchema);
  });

  test('GET /api/recipe-lists: recipeListsSchema', async () => {
    dataOf(await h.as(LENA.uid, 'GET', '/api/recipe-lists'), recipeListsSchema);
  });

  test('POST /api/bannerAlert: bannerAlertResultSchema', async () => {
    dataOf(await h.call('POST', '/api/bannerAlert', { body: { province: 'NS' } }), bannerAlertResultSchema);
  });
});
