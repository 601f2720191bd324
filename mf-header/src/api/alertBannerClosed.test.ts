import { ALERT_BANNER_CLOSED_KEY, isAlertBannerClosed, markAlertBannerClosed } from './alertBannerClosed';

beforeEach(() => window.sessionStorage.clear());

describe("alertBannerClosed session flag (spec §4 Alert banner, spec §9 storage keys 'alertBannerClosed (session)')", () => {
  it('is not set in a fresh browser session', () => {
    expect(isAlertBannerClosed()).toBe(false);
  });

  it("closing stores sessionStorage.alertBannerClosed = 'true'", () => {
    markAlertBannerClosed();
    expect(ALERT_BANNER_CLOSED_KEY).toBe('alertBannerClosed');
    expect(window.sessionStorage.getItem('alertBannerClosed')).toBe('true');
    expect(isAlertBannerClosed()).toBe(true);
  });

  it('uses sessionStorage, not localStorage (closed for this browser session only)', () => {
    markAlertBannerClosed();
    expect(window.localStorage.getItem('alertBannerClosed')).toBeNull();
  });

  it('treats blocked storage as not closed, and closing as a no-op', () => {
    const blocked = { getItem: () => { throw new Error('denied'); }, setItem: () => { throw new Error('denied'); } };
    expect(isAlertBannerClosed(blocked)).toBe(false);
    expect(() => markAlertBannerClosed(blocked)).not.toThrow();
    expect(isAlertBannerClosed(null)).toBe(false);
  });
});
