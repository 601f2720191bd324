import { canReadOffers, matchOffers } from './matches';
import { usableCollections } from './offer';
import { inDays, lenaCollections, offer, sessions } from '../test-utils';

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
