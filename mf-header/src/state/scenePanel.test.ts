import { fixtures } from 'shared-events/testing';
import type { Session } from 'shared-events';
import { EMPTY_SESSION } from 'shared-events';
import { formatCents, formatPoints, scenePanelState, verifyCardHref } from './scenePanel';

const card = (over: Partial<NonNullable<Session['scene']>> = {}) => ({
  cardNumber: '6046000000001003', enrollmentStatus: 'ENROLLED', linkedStatus: false, info: { pointBalance: 1250, dollarValue: 1250 }, ...over,
});
const signedIn = (over: Partial<Session>) => fixtures.session(over);

describe('scenePanelState: exactly one of four states (spec §2 Header Scene+ panel, spec §4)', () => {
  it("no card → 'link' (Link Your Scene+ Card)", () => {
    expect(scenePanelState(signedIn({ scene: null }), '/')).toEqual({ kind: 'link' });
    expect(scenePanelState(signedIn({ scene: card({ cardNumber: null }) }), '/')).toEqual({ kind: 'link' });
  });

  it("LP03 → 'register' (Register Scene+ Card)", () => {
    expect(scenePanelState(signedIn({ scene: card(), cardStatus: 'LP03' }), '/')).toEqual({ kind: 'register' });
  });

  it.each(['LP01', 'LP02', null] as const)("%s with an unlinked card → 'verify' (Verify Your Scene+ Card)", (cardStatus) => {
    expect(scenePanelState(signedIn({ scene: card(), cardStatus }), '/recipes')).toEqual({ kind: 'verify', disabled: false });
  });

  it('verify is disabled while on /verify-card', () => {
    expect(scenePanelState(signedIn({ scene: card(), cardStatus: 'LP01' }), '/verify-card')).toEqual({ kind: 'verify', disabled: true });
  });

  it("a linked card → 'balance' with points and the dollar value in cents", () => {
    expect(scenePanelState(signedIn({ scene: card({ linkedStatus: true }), cardStatus: 'LP01' }), '/')).toEqual({ kind: 'balance', pointBalance: 1250, dollarValueCents: 1250 });
    expect(scenePanelState(signedIn({ scene: card({ linkedStatus: true, info: null }), cardStatus: 'LP01' }), '/')).toEqual({ kind: 'balance', pointBalance: 0, dollarValueCents: 0 });
  });

  it("LP00 → 'none' (spec §4: the Scene+ panel shows nothing)", () => {
    expect(scenePanelState(signedIn({ scene: card(), cardStatus: 'LP00' }), '/')).toEqual({ kind: 'none' });
    expect(scenePanelState(signedIn({ scene: card({ linkedStatus: true }), cardStatus: 'LP00' }), '/')).toEqual({ kind: 'none' });
  });

  it("signed out or session loading → 'none'", () => {
    expect(scenePanelState(EMPTY_SESSION, '/')).toEqual({ kind: 'none' });
    expect(scenePanelState(signedIn({ isLoading: true, scene: null }), '/')).toEqual({ kind: 'none' });
  });
});

describe('Scene+ panel formatting', () => {
  it("points with en-CA grouping: 1250 → '1,250', 2450000 → '2,450,000'", () => {
    expect(formatPoints(1250)).toBe('1,250');
    expect(formatPoints(2450000)).toBe('2,450,000');
    expect(formatPoints(80)).toBe('80');
  });

  it("dollar value from cents as CAD: 1250 → '$12.50', 5 → '$0.05'", () => {
    expect(formatCents(1250)).toBe('$12.50');
    expect(formatCents(5)).toBe('$0.05');
    expect(formatCents(245000)).toBe('$2,450.00');
  });

  it('verify link carries the current path as redirectUrl (spec §2 Routes /verify-card)', () => {
    expect(verifyCardHref('/recipes')).toBe('/verify-card?redirectUrl=%2Frecipes');
    expect(verifyCardHref('/recipes', '?tag=quick')).toBe('/verify-card?redirectUrl=%2Frecipes%3Ftag%3Dquick');
  });
});
