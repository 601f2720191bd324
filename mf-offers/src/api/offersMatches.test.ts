import { EMPTY_SESSION } from 'shared-events';
import { createTestBus } from 'shared-events/testing';
import { startOffersMatches } from './offersMatches';
import { clearOffersCache, OFFERS_CACHE_MS, putCollections } from './offersCache';
import { usableCollections } from '../state/offer';
import { deferred, fakeApi, lenaCollections, lenaData, offer, sessions } from '../test-utils';

/** Lets pending promises settle. */
const flush = () => new Promise((r) => setTimeout(r, 0));

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
