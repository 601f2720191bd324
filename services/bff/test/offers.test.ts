/**
 * Offers (spec §2 /offers?hash=, /favourites; §3 Offer, Offer collections, Favourites, Load-offer
 * item; §4 Offers; §6; §7 "Offer and cart operations"; §8 expired hash link) over loopback, on PGlite and
 * on PostgreSQL, against the committed demo seed (services/seed/data/offers/offers.json).
 */
import { createHash } from 'crypto';
import { readFileSync } from 'fs';
import path from 'path';
import { loadProducts } from '@storefront/seed';
import { buildOffersSeed, renderOffersSeed } from '../scripts/generate-offers';
import { HASH_EXPIRED_MESSAGE, type Offer, type OfferRecord } from '../src/offers';
import { DEMO_OFFERS_FILE, loadDemoOffers, seedOffers } from '../src/seed';
import { parseTrustProxy, redactHash } from '../src/server';
import { failure, harnessPerFile, startHarness, success, type Harness } from './harness';

const h = harnessPerFile({ hashLimit: { max: 10_000 } });

const SEED = loadDemoOffers();
const LENA = { uid: 'u-1003', card: '6046000000001003' };
const BELLA = { uid: 'u-1007', card: '6046000000001007' };
const MAX = { uid: 'u-1008', card: '6046000000001008' };
const LIAM = { uid: 'u-1002', card: '6046000000001002' };
const VALID_HASH = SEED.hashLinks.find((l) => l.expiresInDays > 0)!.hash;
const EXPIRED_HASH = SEED.hashLinks.find((l) => l.expiresInDays < 0)!.hash;
const MADE_UP_HASH = createHash('sha256').update('nobody made this link').digest('base64url');
const SPEC_8_TEXT = 'The link has expired, please sign in to view your current offers or contact Scene+ support at 1-866-586-2805.';

type Collection = 'active' | 'pending' | 'expired' | 'redeemed';
const collectionOf = (o: OfferRecord): Collection =>
  o.state === 'redeemed' ? 'redeemed' : o.endsInDays < 0 ? 'expired' : o.state === 'loaded' ? 'active' : 'pending';
const offersOf = (card: string) => SEED.cards[card]!.offers;
const idsIn = (card: string, c: Collection) => offersOf(card).filter((o) => collectionOf(o) === c).map((o) => o.offerId).sort();
const sorted = (offers: Offer[]) => offers.map((o) => o.id).sort();
const loadItem = (o: OfferRecord, channel = 'web') => ({ id: o.offerId, channel, banner: o.banner });

interface Collections {
  activeOffers: Offer[];
  pendingOffers: Offer[];
  expiredOffers: Offer[];
  redeemedOffers: Offer[];
}
async function offersOfShopper(uid: string): Promise<{ cardNumber: string; status: string; collections: Collections }> {
  const res = await h.as(uid, 'GET', '/api/offers');
  expect(res.status).toBe(200);
  return res.json.data;
}
async function expect400(res: { status: number; json: unknown }, message: string) {
  expect(res.status).toBe(400);
  expect(res.json).toEqual(failure(400, message));
}

describe('the demo seed (services/seed/data/offers/offers.json)', () => {
  test('is what the generator writes from products.json (deterministic, committed)', () => {
    expect(renderOffersSeed(buildOffersSeed())).toBe(readFileSync(DEMO_OFFERS_FILE, 'utf8'));
  });

  test.each(Object.keys(SEED.cards))('card %s covers every offerType 11–27 and all four collections', (card) => {
    const offers = offersOf(card);
    expect(new Set(offers.map((o) => o.offerType))).toEqual(new Set(Array.from({ length: 17 }, (_, i) => 11 + i)));
    expect(new Set(offers.map(collectionOf))).toEqual(new Set(['active', 'pending', 'expired', 'redeemed']));
    expect(new Set(offers.map((o) => o.bannerInd))).toEqual(new Set(['B', 'BC', 'C']));
    expect(new Set(offers.map((o) => o.banner))).toEqual(new Set(['standard', 'coop']));
    // C-only pending offers (ignored by the storefront, refused by load), and offers ending within 48 h
    expect(offers.some((o) => o.bannerInd === 'C' && collectionOf(o) === 'pending')).toBe(true);
    expect(offers.some((o) => o.endsInDays > 0 && o.endsInDays <= 2 && collectionOf(o) === 'pending')).toBe(true);
    expect(offers.some((o) => o.endsInDays > 0 && o.endsInDays <= 2 && collectionOf(o) === 'active')).toBe(true);
  });

  test('the demo cards, Bella with 200 offers; realistic badge fields over real products', () => {
    expect(Object.keys(SEED.cards).sort()).toEqual(['6046000000001002', '6046000000001003', '6046000000001005', '6046000000001007', '6046000000001008']);
    expect(offersOf(BELLA.card)).toHaveLength(200);
    const products = new Set(loadProducts().map((p) => p.articleNumber));
    for (const { offers } of Object.values(SEED.cards)) {
      for (const o of offers) {
        const d = JSON.parse(o.offer_description) as { en: string; fr: string; category: string; articleNumbers: string[] };
        expect(Object.keys(d)).toEqual(['en', 'fr', 'category', 'articleNumbers']);
        expect(d.articleNumbers.length).toBeGreaterThan(0);
        for (const a of d.articleNumbers) expect(products.has(a)).toBe(true);
        if (o.offerType === 20 || o.offerType === 21) expect(o.bonusMultiplier).toBeGreaterThan(1);
        else expect(o.bonusMultiplier).toBeNull();
        if ([11, 12, 13, 19, 22, 26].includes(o.offerType)) expect(Number.isInteger(o.points)).toBe(true);
        expect(o.offerIconText1).toEqual(expect.any(String));
      }
    }
    const markup = offersOf(LENA.card).filter((o) => o.offer_description.includes('<img src=x onerror=alert(1)>'));
    expect(markup).toHaveLength(1);
  });

  test('favourites for Lena and Bella: live ones of both kinds, plus one redeemed and one expired', () => {
    for (const { uid, card } of [LENA, BELLA]) {
      const byId = new Map(offersOf(card).map((o) => [o.offerId, o]));
      const favs = SEED.favourites[uid]!;
      const cols = favs.map((f) => collectionOf(byId.get(f.offerId)!));
      expect(cols.filter((c) => c === 'redeemed')).toHaveLength(1);
      expect(cols.filter((c) => c === 'expired')).toHaveLength(1);
      expect(new Set(favs.map((f) => f.kind))).toEqual(new Set(['favourite', 'basketBuilder']));
    }
  });

  test('two documented links: 43-character base64url, a valid one (Lena, 30 days) and an expired one', () => {
    expect(SEED.hashLinks).toHaveLength(2);
    for (const l of SEED.hashLinks) expect(l.hash).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(SEED.hashLinks.find((l) => l.hash === VALID_HASH)).toMatchObject({ cardNumber: LENA.card, expiresInDays: 30 });
  });

  test('seeding twice inserts nothing more; the database keeps only the SHA-256 of a hash', async () => {
    const count = async () => (await h.db.query<{ n: number }>('SELECT (SELECT count(*) FROM card_offers) + (SELECT count(*) FROM offer_links) AS n')).rows[0]!.n;
    const before = Number(await count());
    expect(await seedOffers(h.db)).toEqual({ offers: 0, favourites: 0, links: 0 });
    expect(Number(await count())).toBe(before);
    const { rows } = await h.db.query<{ digest: string }>("SELECT encode(hash_sha256, 'hex') AS digest FROM offer_links ORDER BY expires_at DESC");
    expect(rows.map((r) => r.digest)).toEqual([VALID_HASH, EXPIRED_HASH].map((x) => createHash('sha256').update(x).digest('hex')));
    const dump = JSON.stringify((await h.db.query('SELECT * FROM offer_links')).rows);
    expect(dump).not.toContain(VALID_HASH);
  });
});

describe('GET /api/offers (signed-in; spec §7 "Fetch all offers")', () => {
  test("Lena's card: masked number, status, the four collections exactly as seeded; no-store; nonce echoed", async () => {
    const res = await h.as(LENA.uid, 'GET', '/api/offers', undefined, { 'x-nonce': 'nonce-echoed-1' });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('x-nonce')).toBe('nonce-echoed-1');
    expect(res.headers.get('ratelimit-policy')).toBeNull(); // not throttled
    expect(res.json).toEqual(success(200, { cardNumber: '•••• 1003', status: 'LP01', collections: expect.any(Object) }));
    const { collections } = res.json.data as { collections: Collections };
    expect(Object.keys(collections)).toEqual(['activeOffers', 'pendingOffers', 'expiredOffers', 'redeemedOffers']);
    expect(sorted(collections.activeOffers)).toEqual(idsIn(LENA.card, 'active'));
    expect(sorted(collections.pendingOffers)).toEqual(idsIn(LENA.card, 'pending'));
    expect(sorted(collections.expiredOffers)).toEqual(idsIn(LENA.card, 'expired'));
    expect(sorted(collections.redeemedOffers)).toEqual(idsIn(LENA.card, 'redeemed'));
    // live ones ending soonest first
    const ends = collections.pendingOffers.map((o) => o.endDate);
    expect([...ends].sort()).toEqual(ends);
  });

  test('every offer has the contract shape (spec §3 Offer) with the seeded values', async () => {
    const { collections } = await offersOfShopper(LENA.uid);
    const all = Object.values(collections).flat();
    const byId = new Map(offersOf(LENA.card).map((o) => [o.offerId, o]));
    const now = Date.now();
    for (const o of all) {
      const seed = byId.get(o.id)!;
      const d = JSON.parse(seed.offer_description) as { en: string; category: string; articleNumbers: string[] };
      expect(o).toEqual({
        offerId: seed.offerId, offer_id: seed.offerId, id: seed.offerId, uid: expect.stringMatching(/^[0-9a-f-]{36}$/),
        offerType: seed.offerType, bannerInd: seed.bannerInd, banner: seed.banner, offer_description: seed.offer_description,
        description: d.en, imageName: seed.imageName, endDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.000Z$/),
        points: seed.points, offerIconText1: seed.offerIconText1, offerIconText2: seed.offerIconText2, offerIconText3: seed.offerIconText3,
        bonusMultiplier: seed.bonusMultiplier, loaded: seed.state !== 'pending', category: d.category, articleNumbers: d.articleNumbers,
        product: seed.productName ? { name: seed.productName, picture: seed.picture ?? null } : null,
      });
      // endDate = seeding time + endsInDays (seeded a moment ago)
      expect(Math.abs(Date.parse(o.endDate) - (now + seed.endsInDays * 86_400_000))).toBeLessThan(5 * 60_000);
    }
    expect(all).toHaveLength(offersOf(LENA.card).length);
  });

  test('an offer on one product carries that product’s catalogue name and picture; a group offer none', async () => {
    const { collections } = await offersOfShopper(LENA.uid);
    const all = Object.values(collections).flat();
    const catalogue = new Map(loadProducts().map((p) => [p.articleNumber, p]));
    const single = all.filter((o) => o.imageName !== '');
    expect(single.length).toBeGreaterThan(0);
    for (const o of single) {
      const p = catalogue.get(o.articleNumbers[0]!)!;
      expect(o.product).toEqual({ name: p.title, picture: p.featuredImage });
      expect(o.product!.picture).toMatch(/^\/media\/[a-z0-9-]+\.svg$/);
    }
    for (const o of all.filter((x) => x.imageName === '')) expect(o.product).toBeNull();
  });

  test('markup in a description comes back as the same text (the storefront renders it as text)', async () => {
    const { collections } = await offersOfShopper(LENA.uid);
    const withMarkup = Object.values(collections).flat().filter((o) => o.description.includes('<img src=x onerror=alert(1)>'));
    expect(withMarkup).toHaveLength(1);
    expect(JSON.parse(withMarkup[0]!.offer_description).en).toBe(withMarkup[0]!.description);
  });

  test('no card → 409 NO_CARD; an LP00 card → its status and no offers; signed out → 401; ?uid= of another → 403', async () => {
    expect((await h.as('u-1001', 'GET', '/api/offers')).json).toEqual(failure('NO_CARD', 'There is no Scene+ card on this account'));
    expect((await h.as('u-1001', 'GET', '/api/offers')).status).toBe(409);
    expect((await h.as('u-new-shopper', 'GET', '/api/offers')).status).toBe(409);
    expect(await offersOfShopper('u-1006')).toEqual({ cardNumber: '•••• 1006', status: 'LP00', collections: { activeOffers: [], pendingOffers: [], expiredOffers: [], redeemedOffers: [] } });
    const out = await h.call('GET', '/api/offers');
    expect(out.status).toBe(401);
    expect(out.json).toEqual(failure(401, 'Missing id token'));
    expect(out.headers.get('cache-control')).toBe('no-store');
    expect((await h.as(LENA.uid, 'GET', '/api/offers?uid=u-1007')).json).toEqual(failure(403, 'Forbidden: not your account'));
    expect((await h.as(LENA.uid, 'GET', '/api/offers?uid=u-1003')).status).toBe(200);
  });
});

describe('two shoppers (spec §6: a shopper reaches only their own card)', () => {
  test("Lena never reads Bella's offers, and loading Bella's offer as Lena fails and leaves it untouched", async () => {
    const lena = await offersOfShopper(LENA.uid);
    const bella = await offersOfShopper(BELLA.uid);
    expect(bella.cardNumber).toBe('•••• 1007');
    const lenaIds = new Set(Object.values(lena.collections).flat().map((o) => o.id));
    const bellaIds = Object.values(bella.collections).flat().map((o) => o.id);
    expect(bellaIds).toHaveLength(200);
    expect(bellaIds.filter((id) => lenaIds.has(id))).toEqual([]);

    const target = offersOf(BELLA.card).find((o) => collectionOf(o) === 'pending' && o.bannerInd.includes('B'))!;
    const res = await h.as(LENA.uid, 'POST', '/api/offers/load', { offers: [loadItem(target)] });
    expect(res.status).toBe(200);
    expect(res.json.data).toMatchObject({ loaded: [], failed: [{ id: target.offerId, reason: 'not an offer on your card' }] });
    expect(sorted(res.json.data.collections.activeOffers)).toEqual(sorted(lena.collections.activeOffers));
    const after = await offersOfShopper(BELLA.uid);
    expect(after.collections.pendingOffers.find((o) => o.id === target.offerId)).toMatchObject({ loaded: false });
    expect(after.collections).toEqual(bella.collections);
    // nor can Lena name Bella's card or account
    expect((await h.as(LENA.uid, 'POST', '/api/offers/load', { cardNumber: BELLA.card, offers: [loadItem(target)] })).json).toEqual(failure(403, 'Forbidden: not your card'));
    expect((await h.as(LENA.uid, 'POST', '/api/offers/load', { uid: BELLA.uid, offers: [loadItem(target)] })).json).toEqual(failure(403, 'Forbidden: not your account'));
    expect((await h.as(LENA.uid, 'POST', '/api/offers/favourites', { offer_id: target.offerId })).json).toEqual(failure('OFFER_NOT_FOUND', `No offer '${target.offerId}' on your card`));
  });

  test('favourites are per shopper', async () => {
    const bellaBefore = (await h.as(BELLA.uid, 'GET', '/api/offers/favourites')).json.data;
    const lenaPick = offersOf(LENA.card).find((o) => collectionOf(o) === 'pending' && !SEED.favourites[LENA.uid]!.some((f) => f.offerId === o.offerId))!;
    const added = await h.as(LENA.uid, 'POST', '/api/offers/favourites', { offer_id: lenaPick.offerId });
    expect(added.status).toBe(200);
    expect(added.json.data.favouriteOffers.map((o: Offer) => o.id)).toContain(lenaPick.offerId);
    expect((await h.as(BELLA.uid, 'GET', '/api/offers/favourites')).json.data).toEqual(bellaBefore);
    // Bella removing Lena's favourite's id touches nothing of Lena's
    expect((await h.as(BELLA.uid, 'DELETE', `/api/offers/favourites/${lenaPick.offerId}`)).json.data.removed).toBe(false);
    expect((await h.as(LENA.uid, 'GET', '/api/offers/favourites')).json.data.favouriteOffers.map((o: Offer) => o.id)).toContain(lenaPick.offerId);
    await h.as(LENA.uid, 'DELETE', `/api/offers/favourites/${lenaPick.offerId}`);
  });
});

describe('POST /api/offers/load (spec §4: pending offers whose bannerInd contains B are loaded)', () => {
  test("loading all of Maximilian's pending B offers: they are active after a re-read; a retry is idempotent", async () => {
    const before = await offersOfShopper(MAX.uid);
    const pendingB = before.collections.pendingOffers.filter((o) => o.bannerInd.includes('B'));
    expect(pendingB.length).toBeGreaterThan(5);
    const items = pendingB.map((o, i) => ({ id: o.id, channel: i % 2 ? 'mobile' : 'web', banner: o.banner }));
    const res = await h.as(MAX.uid, 'POST', '/api/offers/load', { cardNumber: '6046 0000 0000 1008', uid: 'member', offers: items });
    expect(res.status).toBe(200);
    expect(res.json).toEqual(success(200, { loaded: items.map((i) => i.id), failed: [], collections: expect.any(Object) }));
    expect(res.json.message).toBe(`${items.length} offers loaded`);
    const after = await offersOfShopper(MAX.uid);
    expect(res.json.data.collections).toEqual(after.collections);
    expect(sorted(after.collections.activeOffers)).toEqual([...sorted(before.collections.activeOffers), ...items.map((i) => i.id)].sort());
    expect(after.collections.pendingOffers.every((o) => !o.bannerInd.includes('B'))).toBe(true);
    expect(after.collections.activeOffers.every((o) => o.loaded)).toBe(true);
    // again: the same ids count as loaded, nothing fails, nothing changes
    const again = await h.as(MAX.uid, 'POST', '/api/offers/load', { uid: MAX.uid, offers: items });
    expect(again.json.data).toMatchObject({ loaded: items.map((i) => i.id), failed: [] });
    expect(again.json.data.collections).toEqual(after.collections);
    const { rows } = await h.db.query<{ loaded_channel: string }>('SELECT loaded_channel FROM card_offers WHERE card_number = $1 AND offer_id = $2', [MAX.card, items[1]!.id]);
    expect(rows[0]!.loaded_channel).toBe('mobile');
  });

  test('a C-only offer, an expired, a redeemed, an unknown id and a wrong banner go to failed with a reason; nothing changes', async () => {
    const offers = offersOf(LIAM.card);
    const cOnly = offers.find((o) => o.bannerInd === 'C' && collectionOf(o) === 'pending')!;
    const expired = offers.find((o) => collectionOf(o) === 'expired' && o.state === 'pending' && o.bannerInd.includes('B'))!;
    const redeemed = offers.find((o) => collectionOf(o) === 'redeemed')!;
    const pending = offers.find((o) => collectionOf(o) === 'pending' && o.bannerInd.includes('B'))!;
    const before = await offersOfShopper(LIAM.uid);
    const res = await h.as(LIAM.uid, 'POST', '/api/offers/load', {
      offers: [loadItem(cOnly), loadItem(expired), loadItem(redeemed), { id: 'no-such-offer', channel: 'web', banner: 'standard' }, { ...loadItem(pending), banner: 'coop' }],
    });
    expect(res.status).toBe(200);
    expect(res.json.data.loaded).toEqual([]);
    expect(res.json.data.failed).toEqual([
      { id: cOnly.offerId, reason: "the offer cannot be loaded here: its banner indicator 'C' has no 'B'" },
      { id: expired.offerId, reason: 'the offer has expired' },
      { id: redeemed.offerId, reason: 'the offer has been redeemed' },
      { id: 'no-such-offer', reason: 'not an offer on your card' },
      { id: pending.offerId, reason: "banner must be 'standard' for this offer" },
    ]);
    expect(res.json.message).toBe('0 offers loaded');
    expect((await offersOfShopper(LIAM.uid)).collections).toEqual(before.collections);
  });

  test('no card → 409 NO_CARD; signed out → 401', async () => {
    const body = { offers: [{ id: 'ofr-1003-001', channel: 'web', banner: 'standard' }] };
    const res = await h.as('u-1001', 'POST', '/api/offers/load', body);
    expect(res.status).toBe(409);
    expect(res.json).toEqual(failure('NO_CARD', 'There is no Scene+ card on this account'));
    expect((await h.call('POST', '/api/offers/load', { body })).status).toBe(401);
  });

  const one = { id: 'ofr-1003-001', channel: 'web', banner: 'standard' };
  test.each([
    ['no offers', { offers: [] }, 'Invalid body.offers: must be an array of 1 to 100 offers { id, channel, banner }'],
    ['101 offers', { offers: Array.from({ length: 101 }, (_, i) => ({ ...one, id: `o-${i}` })) }, 'Invalid body.offers: must be an array of 1 to 100 offers { id, channel, banner }'],
    ['offers not an array', { offers: one }, 'Invalid body.offers: must be an array of 1 to 100 offers { id, channel, banner }'],
    ['offers missing', {}, "Invalid body: missing required property 'offers'"],
    ['an item not an object', { offers: ['ofr-1003-001'] }, 'Invalid body.offers.0: must be an object { id, channel, banner }'],
    ['channel fax', { offers: [one, { ...one, id: 'x1', channel: 'fax' }] }, "Invalid body.offers.1.channel: must be 'web' or 'mobile'"],
    ['banner unknown', { offers: [{ ...one, banner: 'sobeys' }] }, "Invalid body.offers.0.banner: must be 'standard' or 'coop'"],
    ['id with a space', { offers: [{ ...one, id: 'ofr 1' }] }, "Invalid body.offers.0.id: must be an offer id: 1–64 letters, digits, '-' or '_'"],
    ['id empty', { offers: [{ ...one, id: '' }] }, "Invalid body.offers.0.id: must be an offer id: 1–64 letters, digits, '-' or '_'"],
    ['id of 65 characters', { offers: [{ ...one, id: 'a'.repeat(65) }] }, "Invalid body.offers.0.id: must be an offer id: 1–64 letters, digits, '-' or '_'"],
    ['channel missing', { offers: [{ id: 'x', banner: 'standard' }] }, "Invalid body.offers.0: missing required property 'channel'"],
    ['item with an extra property', { offers: [{ ...one, points: 5 }] }, "Invalid body.offers.0: unknown property 'points'"],
    ['body with an extra property', { offers: [one], force: true }, "Invalid body: unknown property 'force'"],
    ['an id twice', { offers: [one, { ...one, channel: 'mobile' }] }, "Invalid body.offers: id 'ofr-1003-001' is given twice"],
    ['cardNumber letters', { cardNumber: 'abc', offers: [one] }, 'Invalid body.cardNumber: must be a 16-digit card number (spaces allowed)'],
    ['cardNumber 15 digits', { cardNumber: '604600000000100', offers: [one] }, 'Invalid body.cardNumber: must be a 16-digit card number (spaces allowed)'],
    ['uid a number', { uid: 1003, offers: [one] }, "Invalid body.uid: must be the signed-in shopper's uid or the word 'member'"],
  ])('%s → 400 with the reason', async (_name, body, message) => {
    await expect400(await h.as(LENA.uid, 'POST', '/api/offers/load', body), message);
  });

  test('a malformed JSON body → 400; nothing was loaded by the refused requests', async () => {
    const res = await h.call('POST', '/api/offers/load', { headers: await h.headers(LENA.uid), raw: '{"offers": [' });
    expect(res.json).toEqual(failure(400, 'Malformed JSON body'));
    const lena = await offersOfShopper(LENA.uid);
    expect(sorted(lena.collections.activeOffers)).toEqual(idsIn(LENA.card, 'active'));
  });
});

describe('favourites (spec §3 Favourites; §4 "Redeemed or expired offers are removed from favourites")', () => {
  const favRows = async (uid: string) =>
    (await h.db.query<{ offer_id: string }>('SELECT offer_id FROM offer_favourites WHERE uid = $1 ORDER BY offer_id', [uid])).rows.map((r) => r.offer_id);

  test("Bella's first read answers the live ones of each kind and DELETES the redeemed and expired ones", async () => {
    const byId = new Map(offersOf(BELLA.card).map((o) => [o.offerId, o]));
    const seeded = SEED.favourites[BELLA.uid]!;
    const live = seeded.filter((f) => ['active', 'pending'].includes(collectionOf(byId.get(f.offerId)!)));
    const dead = seeded.filter((f) => !live.includes(f)).map((f) => f.offerId);
    expect(dead).toHaveLength(2);
    // as on a fresh database (an earlier test read Bella's favourites already): seed her favourites again
    await h.db.query('DELETE FROM offer_favourites WHERE uid = $1', [BELLA.uid]);
    await h.db.query('DELETE FROM demo_seeds WHERE key = $1', [`favourites:${BELLA.uid}`]);
    expect(await seedOffers(h.db)).toEqual({ offers: 0, favourites: seeded.length, links: 0 });
    expect(await favRows(BELLA.uid)).toEqual(seeded.map((f) => f.offerId).sort());

    const res = await h.as(BELLA.uid, 'GET', '/api/offers/favourites');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.json).toEqual(success(200, { favouriteOffers: expect.any(Array), basketBuilderOffers: expect.any(Array) }));
    expect(res.json.data.favouriteOffers.map((o: Offer) => o.id)).toEqual(live.filter((f) => f.kind === 'favourite').map((f) => f.offerId));
    expect(res.json.data.basketBuilderOffers.map((o: Offer) => o.id)).toEqual(live.filter((f) => f.kind === 'basketBuilder').map((f) => f.offerId));
    expect(await favRows(BELLA.uid)).toEqual(live.map((f) => f.offerId).sort()); // really deleted
    for (const id of dead) expect(await favRows(BELLA.uid)).not.toContain(id);
    // starting again does not bring them back
    expect(await seedOffers(h.db)).toEqual({ offers: 0, favourites: 0, links: 0 });
    expect(await favRows(BELLA.uid)).toEqual(live.map((f) => f.offerId).sort());
  });

  test('?lang=fr gives the French description; the Offer shape is the same as in /api/offers', async () => {
    const en = (await h.as(LENA.uid, 'GET', '/api/offers/favourites?lang=en')).json.data.favouriteOffers as Offer[];
    const fr = (await h.as(LENA.uid, 'GET', '/api/offers/favourites?lang=fr')).json.data.favouriteOffers as Offer[];
    expect(fr.map((o) => o.id)).toEqual(en.map((o) => o.id));
    for (const o of fr) expect(o.description).toBe(JSON.parse(o.offer_description).fr);
    const all = Object.values((await offersOfShopper(LENA.uid)).collections).flat();
    for (const o of en) expect(o).toEqual(all.find((x) => x.id === o.id));
  });

  test('add and remove: live offers only, idempotent, removed:false for one that is not a favourite', async () => {
    const pending = offersOf(LIAM.card).filter((o) => collectionOf(o) === 'pending');
    const add = await h.as(LIAM.uid, 'POST', '/api/offers/favourites', { offer_id: pending[0]!.offerId });
    expect(add.json).toEqual(success(200, { favouriteOffers: [expect.objectContaining({ id: pending[0]!.offerId })], basketBuilderOffers: [] }));
    expect(add.json.message).toBe('Added to favourites');
    const again = await h.as(LIAM.uid, 'POST', '/api/offers/favourites', { offer_id: pending[0]!.offerId });
    expect(again.json.data.favouriteOffers).toHaveLength(1);
    expect(again.json.message).toBe('Already a favourite');
    await h.as(LIAM.uid, 'POST', '/api/offers/favourites?lang=fr', { offer_id: pending[1]!.offerId });

    const expired = offersOf(LIAM.card).find((o) => collectionOf(o) === 'expired')!;
    const redeemed = offersOf(LIAM.card).find((o) => collectionOf(o) === 'redeemed')!;
    for (const o of [expired, redeemed]) {
      const res = await h.as(LIAM.uid, 'POST', '/api/offers/favourites', { offer_id: o.offerId });
      expect(res.status).toBe(409);
      expect(res.json).toEqual(failure('OFFER_NOT_LIVE', `The offer '${o.offerId}' has expired or has been redeemed`));
    }
    const unknown = await h.as(LIAM.uid, 'POST', '/api/offers/favourites', { offer_id: 'ofr-9999-001' });
    expect(unknown.status).toBe(404);

    const del = await h.as(LIAM.uid, 'DELETE', `/api/offers/favourites/${pending[0]!.offerId}`);
    expect(del.json).toEqual(success(200, { removed: true, favouriteOffers: [expect.objectContaining({ id: pending[1]!.offerId })], basketBuilderOffers: [] }));
    const replay = await h.as(LIAM.uid, 'DELETE', `/api/offers/favourites/${pending[0]!.offerId}`);
    expect(replay.status).toBe(200);
    expect(replay.json.data.removed).toBe(false);
    expect(await favRows(LIAM.uid)).toEqual([pending[1]!.offerId]);
  });

  test('a favourite whose offer expires or is redeemed later is removed on the next read', async () => {
    const live = offersOf(MAX.card).filter((o) => collectionOf(o) !== 'expired' && collectionOf(o) !== 'redeemed').slice(0, 3);
    for (const o of live) await h.as(MAX.uid, 'POST', '/api/offers/favourites', { offer_id: o.offerId });
    await h.db.query("UPDATE card_offers SET end_date = now() - interval '1 second' WHERE card_number = $1 AND offer_id = $2", [MAX.card, live[0]!.offerId]);
    await h.db.query("UPDATE card_offers SET state = 'redeemed' WHERE card_number = $1 AND offer_id = $2", [MAX.card, live[1]!.offerId]);
    const res = await h.as(MAX.uid, 'GET', '/api/offers/favourites');
    expect(res.json.data.favouriteOffers.map((o: Offer) => o.id)).toEqual([live[2]!.offerId]);
    expect(await favRows(MAX.uid)).toEqual([live[2]!.offerId]);
  });

  test('no card → 409 NO_CARD; signed out → 401; another uid → 403', async () => {
    for (const [method, path, body] of [['GET', '/api/offers/favourites', undefined], ['POST', '/api/offers/favourites', { offer_id: 'ofr-1003-001' }], ['DELETE', '/api/offers/favourites/ofr-1003-001', undefined]] as const) {
      const res = await h.as('u-1001', method, path, body);
      expect(res.status).toBe(409);
      expect(res.json).toEqual(failure('NO_CARD', 'There is no Scene+ card on this account'));
      expect((await h.call(method, path, { body })).status).toBe(401);
    }
    expect((await h.as(LENA.uid, 'GET', '/api/offers/favourites?uid=u-1007')).json).toEqual(failure(403, 'Forbidden: not your account'));
    expect((await h.as(LENA.uid, 'POST', '/api/offers/favourites', { offer_id: 'ofr-1003-001', uid: 'member' })).json).toEqual(failure(403, 'Forbidden: not your account'));
  });

  test.each([
    ['GET', '/api/offers/favourites?lang=de', undefined, "Invalid query.lang: must be 'en' or 'fr'"],
    ['POST', '/api/offers/favourites', { offer_id: 'ofr 1' }, "Invalid body.offer_id: must be an offer id: 1–64 letters, digits, '-' or '_'"],
    ['POST', '/api/offers/favourites', { offer_id: 42 }, "Invalid body.offer_id: must be an offer id: 1–64 letters, digits, '-' or '_'"],
    ['POST', '/api/offers/favourites', {}, "Invalid body: missing required property 'offer_id'"],
    ['POST', '/api/offers/favourites', { offer_id: 'ofr-1003-001', kind: 'basketBuilder' }, "Invalid body: unknown property 'kind'"],
    ['POST', '/api/offers/favourites?lang=EN', { offer_id: 'ofr-1003-001' }, "Invalid query.lang: must be 'en' or 'fr'"],
    ['DELETE', `/api/offers/favourites/${'a'.repeat(65)}`, undefined, "Invalid params.offer_id: must be an offer id: 1–64 letters, digits, '-' or '_'"],
    ['DELETE', '/api/offers/favourites/ofr.1', undefined, "Invalid params.offer_id: must be an offer id: 1–64 letters, digits, '-' or '_'"],
  ] as const)('%s %s %j → 400 with the reason', async (method, path, body, message) => {
    await expect400(await h.as(LENA.uid, method, path, body), message);
  });
});

describe('offers links (spec §2 /offers?hash=, §6 view access without login, §7, §8)', () => {
  test("a valid hash → Lena's collections without signing in (read-only view)", async () => {
    const res = await h.call('GET', `/api/offers?hash=${VALID_HASH}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const own = await offersOfShopper(LENA.uid);
    expect(res.json).toEqual(success(200, own));
    expect(res.json.data.cardNumber).toBe('•••• 1003');
    // a hash wins over sign-in headers: it is always the link's card
    expect((await h.call('GET', `/api/offers?hash=${VALID_HASH}`, { headers: await h.headers(BELLA.uid) })).json.data.cardNumber).toBe('•••• 1003');
  });

  test('an expired hash and a made-up hash → 410 HASH_EXPIRED with the spec §8 text, the very same answer', async () => {
    expect(HASH_EXPIRED_MESSAGE).toBe(SPEC_8_TEXT);
    const expired = await h.call('GET', `/api/offers?hash=${EXPIRED_HASH}`);
    const madeUp = await h.call('GET', `/api/offers?hash=${MADE_UP_HASH}`);
    const hex = await h.call('GET', `/api/offers?hash=${'0123456789abcdef'.repeat(2)}`);
    for (const res of [expired, madeUp, hex]) {
      expect(res.status).toBe(410);
      expect(res.json).toEqual(failure('HASH_EXPIRED', SPEC_8_TEXT));
      expect(res.headers.get('cache-control')).toBe('no-store');
    }
    const strip = (hs: Headers) => [...hs.entries()].filter(([k]) => !['date', 'x-request-id', 'ratelimit'].includes(k));
    expect(strip(madeUp.headers)).toEqual(strip(expired.headers));
  });

  test('POST /api/offers/hash/validate: valid → card (masked) and expiry; expired or made-up → 410', async () => {
    const res = await h.call('POST', '/api/offers/hash/validate', { body: { hash: VALID_HASH } });
    expect(res.json).toEqual(success(200, { valid: true, cardNumber: '•••• 1003', expiresAt: expect.stringMatching(/Z$/) }));
    expect(Math.abs(Date.parse(res.json.data.expiresAt) - (Date.now() + 30 * 86_400_000))).toBeLessThan(5 * 60_000);
    for (const hash of [EXPIRED_HASH, MADE_UP_HASH]) {
      const bad = await h.call('POST', '/api/offers/hash/validate', { body: { hash } });
      expect(bad.status).toBe(410);
      expect(bad.json).toEqual(failure('HASH_EXPIRED', SPEC_8_TEXT));
    }
  });

  test('POST /api/offers/member-inquiry: by hash (public) or signed in (own card)', async () => {
    expect((await h.call('POST', '/api/offers/member-inquiry', { body: { hash: VALID_HASH } })).json).toEqual(success(200, { cardNumber: '•••• 1003', status: 'LP01', firstName: 'Lena' }));
    expect((await h.as(BELLA.uid, 'POST', '/api/offers/member-inquiry', {})).json).toEqual(success(200, { cardNumber: '•••• 1007', status: 'LP01', firstName: 'Bella' }));
    expect((await h.as('u-1005', 'POST', '/api/offers/member-inquiry')).json.data).toEqual({ cardNumber: '•••• 1005', status: 'LP03', firstName: 'Gina' });
    const expired = await h.call('POST', '/api/offers/member-inquiry', { body: { hash: EXPIRED_HASH } });
    expect(expired.status).toBe(410);
    expect(expired.json).toEqual(failure('HASH_EXPIRED', SPEC_8_TEXT));
    expect((await h.call('POST', '/api/offers/member-inquiry', { body: {} })).json).toEqual(failure(401, 'Missing id token'));
    const nora = await h.as('u-1001', 'POST', '/api/offers/member-inquiry', {});
    expect(nora.status).toBe(409);
    expect(nora.json.code).toBe('NO_CARD');
  });

  test.each([
    ['GET', '/api/offers?hash=short', undefined, "Invalid query.hash: must be an offers link hash: 32–64 letters, digits, '-' or '_'"],
    ['GET', '/api/offers?hash=', undefined, "Invalid query.hash: must be an offers link hash: 32–64 letters, digits, '-' or '_'"],
    ['GET', `/api/offers?hash=${'a'.repeat(65)}`, undefined, "Invalid query.hash: must be an offers link hash: 32–64 letters, digits, '-' or '_'"],
    ['GET', `/api/offers?hash=${VALID_HASH.slice(0, 40)}%2B%2B%2B`, undefined, "Invalid query.hash: must be an offers link hash: 32–64 letters, digits, '-' or '_'"],
    ['POST', '/api/offers/hash/validate', { hash: 'x'.repeat(31) }, "Invalid body.hash: must be an offers link hash: 32–64 letters, digits, '-' or '_'"],
    ['POST', '/api/offers/hash/validate', { hash: 12 }, "Invalid body.hash: must be an offers link hash: 32–64 letters, digits, '-' or '_'"],
    ['POST', '/api/offers/hash/validate', {}, "Invalid body: missing required property 'hash'"],
    ['POST', '/api/offers/hash/validate', { hash: VALID_HASH, card: 1 }, "Invalid body: unknown property 'card'"],
    ['POST', '/api/offers/member-inquiry', { hash: 'not a hash' }, "Invalid body.hash: must be an offers link hash: 32–64 letters, digits, '-' or '_'"],
  ] as const)('%s %s %j → 400 with the reason', async (method, path, body, message) => {
    await expect400(await h.call(method, path, { body }), message);
  });

  test('logged URLs leave the hash out', () => {
    expect(redactHash(`/api/offers?hash=${VALID_HASH}`)).toBe('/api/offers?hash=[redacted]');
    expect(redactHash(`/api/offers?x=1&hash=${VALID_HASH}&y=2`)).toBe('/api/offers?x=1&hash=[redacted]&y=2');
    expect(redactHash('/api/offers')).toBe('/api/offers');
  });
});

describe('hash lookups are throttled: 10 a minute per client IP (@fastify/rate-limit), nothing else is', () => {
  let t: Harness;
  beforeAll(async () => {
    t = await startHarness(); // the default limit
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });

  test('the 31st hash lookup in a minute → 429 with retry-after; signed-in reads and other routes go on', async () => {
    const lookups = [
      () => t.call('GET', `/api/offers?hash=${VALID_HASH}`),
      () => t.call('GET', `/api/offers?hash=${MADE_UP_HASH}`),
      () => t.call('POST', '/api/offers/hash/validate', { body: { hash: VALID_HASH } }),
      () => t.call('POST', '/api/offers/member-inquiry', { body: { hash: EXPIRED_HASH } }),
      () => t.call('GET', '/api/offers?hash=malformed'),
      () => t.call('HEAD', `/api/offers?hash=${MADE_UP_HASH}`),
    ];
    const statuses: number[] = [];
    const cycle = [200, 410, 200, 410, 400, 410];
    for (let i = 0; i < 30; i++) statuses.push((await lookups[i % lookups.length]!()).status);
    expect(statuses).toEqual(Array.from({ length: 30 }, (_, i) => cycle[i % cycle.length]));
    for (const [i, lookup] of lookups.entries()) {
      const res = await lookup();
      expect(res.status).toBe(429);
      if (i < 5) expect(res.json).toEqual(failure(429, expect.stringMatching(/^Too many offers link lookups: at most 30 a minute\. Try again in .+\.$/)));
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(Number(res.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    }
    // not throttled: signed-in reads without a hash, member inquiry without a hash, the rest of the BFF
    for (let i = 0; i < 12; i++) {
      const res = await t.as(LENA.uid, 'GET', '/api/offers');
      expect(res.status).toBe(200);
    }
    expect((await t.as(LENA.uid, 'POST', '/api/offers/member-inquiry', {})).status).toBe(200);
    expect((await t.as(LENA.uid, 'GET', '/api/offers/favourites')).status).toBe(200);
    for (let i = 0; i < 12; i++) expect((await t.call('GET', '/api/health')).status).toBe(200);
    expect((await t.as(LENA.uid, 'GET', '/api/shopping-list')).headers.get('ratelimit-policy')).toBeNull();
  });
});

/** TRUST_PROXY as the default platform (`npm start`, tooling/platform/start.mjs) launches the BFF behind the edge. */
function platformTrustProxy(): string | undefined {
  const launcher = readFileSync(path.join(__dirname, '../../../tooling/platform/start.mjs'), 'utf8');
  return /(?:launch|service)\('bff'[^\n]*TRUST_PROXY: [^\n]*?'([^']+)'/.exec(launcher)?.[1];
}

describe('behind the edge: every visitor has a budget of their own, under a global ceiling', () => {
  let e: Harness;
  beforeAll(async () => {
    // the edge (shell/server/edge.mjs) adds the visitor's address to X-Forwarded-For; the test client is the edge
    e = await startHarness({ trustProxy: parseTrustProxy(platformTrustProxy()), hashLimit: { global: 75 } });
  }, 60_000);
  afterAll(async () => {
    await e.close();
  });
  const from = (address: string) => ({ 'x-forwarded-for': address });

  test('the default platform trusts X-Forwarded-For from the edge only (loopback)', () => {
    expect(platformTrustProxy()).toBe('loopback');
  });

  test("31 made-up hashes from address A → A gets 429; address B's valid link still works; RateLimit headers", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await e.call('GET', `/api/offers?hash=${MADE_UP_HASH}`, { headers: from('203.0.113.10') })).status);
    expect(statuses).toEqual([...Array(30).fill(410), 429]);
    const b = await e.call('GET', `/api/offers?hash=${VALID_HASH}`, { headers: from('198.51.100.20') });
    expect(b.status).toBe(200);
    expect(b.json.data.cardNumber).toBe('•••• 1003');
    expect(b.headers.get('ratelimit-policy')).toBe('"address";q=30;w=60, "account";q=30;w=60, "global";q=75;w=60');
    // B's first lookup; the global budget has A's 30 counted lookups and B's one (A's 31st was refused before it)
    expect(b.headers.get('ratelimit')).toMatch(/^"address";r=29;t=(60|59), "global";r=44;t=\d+$/);
    const a = await e.call('POST', '/api/offers/hash/validate', { headers: from('203.0.113.10'), body: { hash: VALID_HASH } });
    expect(a.status).toBe(429);
    expect(a.headers.get('ratelimit')).toMatch(/^"address";r=0;t=\d+$/);
  });

  test('the global ceiling: lookups from many addresses stop at 75 a minute in all, with their own message', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 46; i++) statuses.push((await e.call('GET', `/api/offers?hash=${MADE_UP_HASH}`, { headers: from(`192.0.2.${i}`) })).status);
    // 31 of the 75 were counted by the previous test (A's 30, B's 1)
    expect(statuses).toEqual([...Array(44).fill(410), 429, 429]);
    const res = await e.call('GET', `/api/offers?hash=${VALID_HASH}`, { headers: from('192.0.2.200') });
    expect(res.status).toBe(429);
    expect(res.json).toEqual(failure(429, expect.stringMatching(/^Too many offers link lookups from all visitors right now\. Try again in .+\.$/)));
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    // signed-in reads are not throttled
    expect((await e.as(LENA.uid, 'GET', '/api/offers', undefined, from('192.0.2.201'))).status).toBe(200);
  });
});
