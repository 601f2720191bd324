import { EMPTY_SESSION } from 'shared-events';
import { createTestBus } from 'shared-events/testing';
import { canReadOffers, matchOffers, startOffersMatches } from './matches';
import { clearOffersCache, OFFERS_CACHE_MS, putCollections } from './offersCache';
import { usableCollections } from './offer';
import { deferred, fakeApi, inDays, lenaCollections, lenaData, offer, sessions } from '../test-utils';

/** Lets pending promises settle. */
const flush = () => new Promise((r) => setTimeout(r, 0));

describe('matchOffers: loaded offers matching the list', () => {
  it("returns Lena's active offers whose article numbers are in the list, with badge and description", () => {
    const c = usableCollections(lenaCollections());
    // 20070175 = ofr-1003-019 (active, 2x points); 20069629 = ofr-1003-001 (pending: not a match); 20150013 = ofr-1003-002 (active, category).
    const matches = matchOffers(c, ['20070175', '20069629', '20150013', '99999999']);
    expect(matches.map((m) => m.offerId)).toEqual(['ofr-1003-019', 'ofr-1003-002']);
    expect(matches[0]).toEqual({
      offerId: 'ofr-1003-019', description: 'Get 2x the points on Chicken Roll, Light Meat', badge: '2X PTS',
      endDate: expect.any(String), articleNumbers: ['20070175'],
    });
    expect(matches[1]).toMatchObject({ badge: '300 PTS', articleNumbers: ['20150013'] });
  });

  it('skips active offers that ended since they were read; cuts descriptions at 90', () => {
    const c = { activeOffers: [offer({ offerId: 'old', loaded: true, endDate: inDays(-0.1) }), offer({ offerId: 'long', loaded: true, text: 'w'.repeat(200) })], pendingOffers: [], expiredOffers: [], redeemedOffers: [] };
    const matches = matchOffers(c, ['20065331']);
    expect(matches.map((m) => m.offerId)).toEqual(['long']);
    expect(Array.from(matches[0].description)).toHaveLength(90);
  });
});

describe('canReadOffers: signed in = loggedIn with a uid (the BFF holds the token)', () => {
  it('a signed-in shopper with a card reads offers with no id token on the page', () => {
    expect(canReadOffers({ ...sessions.lena(), id_token: null })).toBe(true);
  });

  it('not without loggedIn, a uid or a usable card', () => {
    expect(canReadOffers({ ...sessions.lena(), loggedIn: false })).toBe(false);
    expect(canReadOffers({ ...sessions.lena(), uid: null })).toBe(false);
    expect(canReadOffers(sessions.nora())).toBe(false);
    expect(canReadOffers(sessions.olga())).toBe(false);
  });
});

describe('the band answers offers/matches-requested (shared-events 1.3.0)', () => {
  beforeEach(() => clearOffersCache());

  function setup(session = sessions.lena(), api = fakeApi()) {
    const kit = createTestBus();
    kit.bus.emit('session/changed', session);
    const stop = startOffersMatches({ bus: kit.bus, api });
    return { kit, api, stop };
  }

  it('answers with the same requestId and the matching loaded offers; one GET for several requests', async () => {
    const { kit, api, stop } = setup();
    kit.bus.emit('offers/matches-requested', { requestId: 'r1', articleNumbers: ['20070175'] });
    kit.bus.emit('offers/matches-requested', { requestId: 'r2', articleNumbers: ['20182038'] });
    await flush();
    const answers = kit.published('offers/matches');
    expect(answers.map((a) => a.payload.requestId)).toEqual(['r1', 'r2']);
    expect(answers[0].payload.offers.map((o) => o.offerId)).toEqual(['ofr-1003-019']);
    expect(answers[1].payload.offers).toEqual([expect.objectContaining({ offerId: 'ofr-1003-009', badge: 'BUY 4 GET 400 PTS' })]);
    expect(api.fetchOffers).toHaveBeenCalledTimes(1);
    stop();
  });

  it('uses the cache for the session, and asks again once it is older than 5 minutes', async () => {
    const now = jest.spyOn(Date, 'now');
    const t0 = Date.parse('2026-03-01T12:00:00Z');
    now.mockReturnValue(t0);
    const { kit, api, stop } = setup();
    kit.bus.emit('offers/matches-requested', { requestId: 'r1', articleNumbers: ['20070175'] });
    await flush();
    kit.bus.emit('offers/matches-requested', { requestId: 'r2', articleNumbers: ['20070175'] });
    await flush();
    expect(api.fetchOffers).toHaveBeenCalledTimes(1);
    now.mockReturnValue(t0 + OFFERS_CACHE_MS + 1);
    kit.bus.emit('offers/matches-requested', { requestId: 'r3', articleNumbers: ['20070175'] });
    await flush();
    expect(api.fetchOffers).toHaveBeenCalledTimes(2);
    now.mockRestore();
    stop();
  });

  it('after a load (new collections put by the page) answers the recent requests again', async () => {
    const { kit, stop } = setup();
    kit.bus.emit('offers/matches-requested', { requestId: 'r1', articleNumbers: ['20069629'] });
    await flush();
    expect(kit.published('offers/matches')[0].payload.offers).toEqual([]); // ofr-1003-001 is pending
    const after = usableCollections(lenaCollections());
    const loaded = after.pendingOffers.find((o) => o.offerId === 'ofr-1003-001')!;
    after.pendingOffers = after.pendingOffers.filter((o) => o !== loaded);
    after.activeOffers = [...after.activeOffers, { ...loaded, loaded: true }];
    putCollections('u-1003', after, { reason: 'load' });
    const answers = kit.published('offers/matches');
    expect(answers).toHaveLength(2);
    expect(answers[1].payload).toEqual({ requestId: 'r1', offers: [expect.objectContaining({ offerId: 'ofr-1003-001', badge: '250 PTS' })] });
    stop();
  });

  it.each([
    ['no card', sessions.nora()],
    ['card status LP00 (offers loading skipped, spec §4)', sessions.olga()],
    ['signed out', EMPTY_SESSION],
    ['signed in without a uid', { ...sessions.lena(), uid: null }],
  ])('%s: an empty answer, no BFF call', async (_name, session) => {
    const { kit, api, stop } = setup(session);
    kit.bus.emit('offers/matches-requested', { requestId: 'r', articleNumbers: ['20070175'] });
    await flush();
    expect(kit.published('offers/matches')).toEqual([expect.objectContaining({ payload: { requestId: 'r', offers: [] } })]);
    expect(api.fetchOffers).not.toHaveBeenCalled();
    stop();
  });

  it('waits for a loading session before answering', async () => {
    const { kit, api, stop } = setup({ ...sessions.lena(), isLoading: true, cardStatus: null });
    kit.bus.emit('offers/matches-requested', { requestId: 'r', articleNumbers: ['20070175'] });
    await flush();
    expect(kit.published('offers/matches')).toHaveLength(0);
    kit.bus.emit('session/changed', sessions.lena());
    await flush();
    expect(api.fetchOffers).toHaveBeenCalledTimes(1);
    expect(kit.published('offers/matches')[0].payload.offers).toHaveLength(1);
    stop();
  });

  it('a failed fetch answers empty and is not cached', async () => {
    const api = fakeApi({ fetchOffers: jest.fn().mockRejectedValueOnce(new Error('down')).mockResolvedValue(lenaData()) });
    const { kit, stop } = setup(sessions.lena(), api);
    kit.bus.emit('offers/matches-requested', { requestId: 'r1', articleNumbers: ['20070175'] });
    await flush();
    expect(kit.published('offers/matches')[0].payload.offers).toEqual([]);
    kit.bus.emit('offers/matches-requested', { requestId: 'r2', articleNumbers: ['20070175'] });
    await flush();
    expect(kit.published('offers/matches')[1].payload.offers).toHaveLength(1);
    stop();
  });

  it("another shopper never gets the previous shopper's cached offers", async () => {
    const bella = { cardNumber: '•••• 1007', status: 'LP01', collections: { activeOffers: [offer({ offerId: 'ofr-1007-001', loaded: true, articleNumbers: ['20070175'] })], pendingOffers: [], expiredOffers: [], redeemedOffers: [] } };
    const api = fakeApi({ fetchOffers: jest.fn().mockResolvedValueOnce(lenaData()).mockResolvedValueOnce(bella) });
    const { kit, stop } = setup(sessions.lena(), api);
    kit.bus.emit('offers/matches-requested', { requestId: 'r1', articleNumbers: ['20070175'] });
    await flush();
    kit.bus.emit('session/changed', sessions.bella());
    kit.bus.emit('offers/matches-requested', { requestId: 'r2', articleNumbers: ['20070175'] });
    await flush();
    expect(api.fetchOffers).toHaveBeenCalledTimes(2);
    expect(kit.published('offers/matches')[1].payload.offers.map((o) => o.offerId)).toEqual(['ofr-1007-001']);
    stop();
  });

  it('stops answering once stopped (unmount)', async () => {
    const held = deferred<ReturnType<typeof lenaData>>();
    const { kit, stop } = setup(sessions.lena(), fakeApi({ fetchOffers: jest.fn(() => held.promise) }));
    kit.bus.emit('offers/matches-requested', { requestId: 'r', articleNumbers: ['20070175'] });
    stop();
    held.resolve(lenaData());
    await flush();
    expect(kit.published('offers/matches')).toHaveLength(0);
  });
});
