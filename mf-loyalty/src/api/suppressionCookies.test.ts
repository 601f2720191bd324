import Cookies from 'js-cookie';
import { cookieName, COOKIE_RESET_MAX_AGE_S } from '../state/suppression';
import { clearCardSuppression, readRecord, readSuppression, recordClose } from './suppressionCookies';

const T0 = Date.UTC(2026, 0, 10, 9, 30);

function clearCookies() {
  for (const name of Object.keys(Cookies.get())) Cookies.remove(name, { path: '/' });
}

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
