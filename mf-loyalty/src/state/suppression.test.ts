import Cookies from 'js-cookie';
import {
  clearCardSuppression, cookieName, COOKIE_RESET_MAX_AGE_S, DAY_MS, isSuppressed, nextRecord, parseRecord,
  readRecord, readSuppression, recordClose,
} from './suppression';

const T0 = Date.UTC(2026, 0, 10, 9, 30);

function clearCookies() {
  for (const name of Object.keys(Cookies.get())) Cookies.remove(name, { path: '/' });
}

describe('spec §4 Suppression: isSuppressed (pure)', () => {
  it('no record → not suppressed', () => {
    expect(isSuppressed(null, T0)).toBe(false);
    expect(isSuppressed(undefined, T0)).toBe(false);
  });
  it.each([
    [1, 6, true], [1, 7, false],
    [2, 20, true], [2, 21, false],
    [3, 29, true], [3, 30, false],
    [4, 0, true], [4, 10000, true],
  ])('visits %i, %i whole days since lastShown → suppressed %s', (visits, days, expected) => {
    expect(isSuppressed({ lastShown: T0, visits, suppressType: 'soft' }, T0 + days * DAY_MS)).toBe(expected);
  });
  it('counts whole days: 7 days minus 1 ms is 6 days', () => {
    expect(isSuppressed({ lastShown: T0, visits: 1, suppressType: 'soft' }, T0 + 7 * DAY_MS - 1)).toBe(true);
  });
  it('nextRecord counts visits and stamps lastShown', () => {
    const first = nextRecord(null, 'soft', T0);
    expect(first).toEqual({ lastShown: T0, visits: 1, suppressType: 'soft' });
    expect(nextRecord(first, 'hard', T0 + 5)).toEqual({ lastShown: T0 + 5, visits: 2, suppressType: 'hard' });
  });
  it('malformed cookie values read as no record', () => {
    expect(parseRecord('{')).toBeNull();
    expect(parseRecord(JSON.stringify({ lastShown: 'x', visits: 1, suppressType: 'soft' }))).toBeNull();
    expect(parseRecord(JSON.stringify({ lastShown: 1, visits: 1, suppressType: 'later' }))).toBeNull();
    expect(parseRecord(undefined)).toBeNull();
  });
});

describe('spec §4 Suppression cookie (js-cookie, spec §9 365 days / 94608000 s)', () => {
  beforeEach(clearCookies);
  afterEach(() => jest.restoreAllMocks());

  it('a close writes {lastShown, visits, suppressType} as JSON in scene_popup_<popup> for 365 days', () => {
    const set = jest.spyOn(Cookies, 'set');
    recordClose('addCard', 'soft', T0);
    expect(set).toHaveBeenCalledWith('scene_popup_addCard', JSON.stringify({ lastShown: T0, visits: 1, suppressType: 'soft' }), { expires: 365, path: '/', sameSite: 'Lax' });
    expect(JSON.parse(Cookies.get(cookieName('addCard')) as string)).toEqual({ lastShown: T0, visits: 1, suppressType: 'soft' });
  });

  it('each close adds a visit; the 4th is written with the cookie-reset max age (1095 days)', () => {
    const set = jest.spyOn(Cookies, 'set');
    for (let i = 0; i < 3; i += 1) recordClose('linkCard', 'hard', T0 + i);
    expect(readRecord('linkCard')).toEqual({ lastShown: T0 + 2, visits: 3, suppressType: 'hard' });
    recordClose('linkCard', 'soft', T0 + 3);
    expect(readRecord('linkCard')?.visits).toBe(4);
    expect(set).toHaveBeenLastCalledWith('scene_popup_linkCard', expect.any(String), expect.objectContaining({ expires: COOKIE_RESET_MAX_AGE_S / 86400 }));
    expect(COOKIE_RESET_MAX_AGE_S / 86400).toBe(1095);
  });

  it('popups are suppressed independently', () => {
    recordClose('ghostCard', 'soft', T0);
    expect(readSuppression()).toEqual({ addCard: null, linkCard: null, ghostCard: { lastShown: T0, visits: 1, suppressType: 'soft' }, createScenePopup: null });
  });

  it('adding a card clears the add and link cookies only', () => {
    recordClose('addCard', 'soft', T0);
    recordClose('linkCard', 'soft', T0);
    recordClose('ghostCard', 'soft', T0);
    clearCardSuppression();
    expect(readRecord('addCard')).toBeNull();
    expect(readRecord('linkCard')).toBeNull();
    expect(readRecord('ghostCard')).not.toBeNull();
  });
});
