import type { Session } from 'shared-events';
import { fixtures } from 'shared-events/testing';
import { CARD_STATUS_MESSAGE } from './messages';
import { decidePopup, effectsForResponseCode, isRecipeDetailPath, type MachineInput } from './popupMachine';
import { DAY_MS, type SuppressionRecord, type SuppressionState } from './suppression';

const NOW = Date.UTC(2026, 2, 15, 12, 0, 0);
const HOUR_MS = 60 * 60 * 1000;

const scene = (over: Partial<NonNullable<Session['scene']>> = {}) => ({
  cardNumber: '6046000000001002', enrollmentStatus: 'ENROLLED', linkedStatus: false, info: null, ...over,
});
const noCard = () => fixtures.session({ scene: null, cardStatus: null });
const withCard = (cardStatus: Session['cardStatus'], linked = false) =>
  fixtures.session({ scene: scene({ linkedStatus: linked, info: linked ? { pointBalance: 1250, dollarValue: 1250 } : null }), cardStatus });

function input(session: Session, over: Partial<MachineInput> = {}): MachineInput {
  return { session, path: '/', suppression: {}, now: NOW, scrollY: 0, ...over };
}
const closed = (visits: number, daysAgo: number, extraMs = 0): SuppressionRecord =>
  ({ lastShown: NOW - daysAgo * DAY_MS - extraMs, visits, suppressType: 'soft' });
const TOAST = { kind: 'toast', id: 'scene-card-status', message: CARD_STATUS_MESSAGE, toastKind: 'error' };

describe('spec §4 Card popup state: signed out or loading', () => {
  it('signed out → none, no effects', () => {
    expect(decidePopup(input(fixtures.session({ loggedIn: false, uid: null })))).toEqual({ popupType: 'none', panel: 'none', effects: [] });
  });
  it('loggedIn without a uid is not signed in → none, no effects', () => {
    expect(decidePopup(input({ ...withCard('LP02'), uid: null }))).toEqual({ popupType: 'none', panel: 'none', effects: [] });
  });
  it('signed in with no id token on the page (the BFF keeps it) → the popup as usual', () => {
    expect(decidePopup(input({ ...withCard('LP01'), id_token: null })).popupType).toBe('linkCard');
  });
  it('session still loading → none, no effects', () => {
    expect(decidePopup(input({ ...noCard(), isLoading: true }))).toEqual({ popupType: 'none', panel: 'none', effects: [] });
  });
});

describe('spec §4 Card popup state: a card number exists', () => {
  it('LP00 → the spec §8 card-status toast, no popup, nothing in the Scene+ panel', () => {
    expect(decidePopup(input(withCard('LP00')))).toEqual({ popupType: 'none', panel: 'none', effects: [TOAST] });
  });

  it('LP01 not linked, not suppressed, on / → linkCard; panel verify', () => {
    expect(decidePopup(input(withCard('LP01')))).toEqual({ popupType: 'linkCard', panel: 'verify', effects: [] });
  });
  it.each(['/verify-card', '/scene'])('LP01 not linked on %s → no linkCard', (path) => {
    expect(decidePopup(input(withCard('LP01'), { path })).popupType).toBe('none');
  });
  it('LP01 not linked but linkCard suppressed → none', () => {
    expect(decidePopup(input(withCard('LP01'), { suppression: { linkCard: closed(1, 2) } })).popupType).toBe('none');
  });
  it('LP01 linked → no popup, balance panel, historyLite fetched', () => {
    expect(decidePopup(input(withCard('LP01', true)))).toEqual({ popupType: 'none', panel: 'balance', effects: [{ kind: 'fetchHistoryLite' }] });
  });

  it('LP02 not linked → the same toast and the linkCard popup', () => {
    expect(decidePopup(input(withCard('LP02')))).toEqual({ popupType: 'linkCard', panel: 'verify', effects: [TOAST] });
  });
  it('LP02 linked → the toast and the historyLite fetch, no popup', () => {
    expect(decidePopup(input(withCard('LP02', true)))).toEqual({ popupType: 'none', panel: 'balance', effects: [TOAST, { kind: 'fetchHistoryLite' }] });
  });
  it('LP02 on /scene → toast, no popup', () => {
    expect(decidePopup(input(withCard('LP02'), { path: '/scene' }))).toEqual({ popupType: 'none', panel: 'verify', effects: [TOAST] });
  });

  it("LP03 → ghostCard popup; the panel offers 'Register Scene+ Card'", () => {
    expect(decidePopup(input(withCard('LP03')))).toEqual({ popupType: 'ghostCard', panel: 'register', effects: [] });
  });
  it('LP03 with ghostCard suppressed → none', () => {
    expect(decidePopup(input(withCard('LP03'), { suppression: { ghostCard: closed(2, 20) } })).popupType).toBe('none');
  });

  it("any other status (not inquired) with an unlinked card → no popup, panel 'Verify Your Scene+ Card'", () => {
    expect(decidePopup(input(withCard(null)))).toEqual({ popupType: 'none', panel: 'verify', effects: [] });
  });
  it('linked with another status → no historyLite fetch', () => {
    expect(decidePopup(input(withCard(null, true))).effects).toEqual([]);
    expect(decidePopup(input(withCard('LP03', true))).effects).toEqual([]);
  });
});

describe('spec §4 Card popup state: no card number', () => {
  it("no card → addCard; panel 'Link Your Scene+ Card'", () => {
    expect(decidePopup(input(noCard()))).toEqual({ popupType: 'addCard', panel: 'link', effects: [] });
  });
  it('a scene with a null card number counts as no card', () => {
    expect(decidePopup(input(fixtures.session({ scene: scene({ cardNumber: null }) }))).popupType).toBe('addCard');
  });
  it.each(['/verify-card', '/scene', '/my-profile'])('no card on %s → no addCard', (path) => {
    expect(decidePopup(input(noCard(), { path })).popupType).toBe('none');
  });
  it('no card, addCard suppressed → none', () => {
    expect(decidePopup(input(noCard(), { suppression: { addCard: closed(1, 0) } })).popupType).toBe('none');
  });
});

describe('spec §4 createScenePopup: signed in, no card, recipe detail page, scrolled more than 100px (§9)', () => {
  const addSuppressed: SuppressionState = { addCard: closed(1, 1) };
  it('recipe detail page scrolled 101 px → createScenePopup', () => {
    expect(decidePopup(input(noCard(), { path: '/recipes/maple-salmon', scrollY: 101, suppression: addSuppressed })).popupType).toBe('createScenePopup');
  });
  it('exactly 100 px is not more than 100 px → none', () => {
    expect(decidePopup(input(noCard(), { path: '/recipes/maple-salmon', scrollY: 100, suppression: addSuppressed })).popupType).toBe('none');
  });
  it('addCard (not suppressed) wins on a recipe page: one popup at a time', () => {
    expect(decidePopup(input(noCard(), { path: '/recipes/maple-salmon', scrollY: 500 })).popupType).toBe('addCard');
  });
  it('createScenePopup suppressed → none', () => {
    expect(decidePopup(input(noCard(), { path: '/recipes/maple-salmon', scrollY: 500, suppression: { ...addSuppressed, createScenePopup: closed(3, 29) } })).popupType).toBe('none');
  });
  it.each(['/recipes', '/recipes/meal-plan', '/recipes/my-recipe-lists', '/products/x', '/recipes/a/b'])('not a recipe detail page: %s → none', (path) => {
    expect(decidePopup(input(noCard(), { path, scrollY: 500, suppression: addSuppressed })).popupType).toBe('none');
  });
  it('a shopper with a card never sees it', () => {
    expect(decidePopup(input(withCard('LP01', true), { path: '/recipes/maple-salmon', scrollY: 500 })).popupType).toBe('none');
  });
  it('signed out never sees it', () => {
    expect(decidePopup(input({ ...noCard(), loggedIn: false }, { path: '/recipes/maple-salmon', scrollY: 500 })).popupType).toBe('none');
  });
  it('isRecipeDetailPath', () => {
    expect(isRecipeDetailPath('/recipes/pasta-bake')).toBe(true);
    expect(isRecipeDetailPath('/recipes/pasta-bake/')).toBe(true);
    expect(isRecipeDetailPath('/recipes/')).toBe(false);
  });
});

describe('spec §4 Suppression thresholds in the machine (fake clock)', () => {
  afterEach(() => jest.useRealTimers());
  // The clock is faked so `Date.now()` is the machine's `now`, as the host passes it.
  const at = (ms: number) => { jest.useFakeTimers(); jest.setSystemTime(ms); return Date.now(); };
  const show = (record: SuppressionRecord, now: number) =>
    decidePopup(input(noCard(), { suppression: { addCard: record }, now })).popupType;
  const lastShown = NOW;

  it.each([
    [1, 6, 'none'], [1, 7, 'addCard'],
    [2, 20, 'none'], [2, 21, 'addCard'],
    [3, 29, 'none'], [3, 30, 'addCard'],
  ])('visit %i, %i days later → %s', (visits, days, expected) => {
    const now = at(lastShown + days * DAY_MS);
    expect(show({ lastShown, visits, suppressType: 'soft' }, now)).toBe(expected);
  });
  it('one hour short of 7 days is still 6 days → none', () => {
    const now = at(lastShown + 7 * DAY_MS - HOUR_MS);
    expect(show({ lastShown, visits: 1, suppressType: 'hard' }, now)).toBe('none');
  });
  it('the 4th visit (visits 4) never shows again, even 1000 days later', () => {
    const now = at(lastShown + 1000 * DAY_MS);
    expect(show({ lastShown, visits: 4, suppressType: 'soft' }, now)).toBe('none');
  });
  it('hard and soft closes use the same thresholds', () => {
    const now = at(lastShown + 7 * DAY_MS);
    expect(show({ lastShown, visits: 1, suppressType: 'hard' }, now)).toBe('addCard');
  });
});

describe('spec §4/§8 response code 439', () => {
  it("439 → toast 'Something went wrong!' and forced sign-out", () => {
    expect(effectsForResponseCode(439)).toEqual([
      { kind: 'toast', id: 'session-problem', message: 'Something went wrong!', toastKind: 'error' },
      { kind: 'signOut' },
    ]);
    expect(effectsForResponseCode('439')).toHaveLength(2);
  });
  it.each([200, 'LP01', 500, null])('%s → no effects', (code) => {
    expect(effectsForResponseCode(code)).toEqual([]);
  });
});
