import { ALERT_BANNER_CLOSED_KEY, alertCta, isAlertBannerClosed, markAlertBannerClosed } from './alertBanner';

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

describe("alertCta: the CTA link only for an http(s) URL or a same-origin path (kit isSafeHttpUrl / safeReturnPath)", () => {
  it('keeps a site path as an in-site link', () => {
    expect(alertCta({ ctaLabel: 'Find a store', ctaUrl: '/store-locator' })).toEqual({ href: '/store-locator', label: 'Find a store', external: false });
    expect(alertCta({ ctaLabel: 'Offers', ctaUrl: '/offers?tab=all#top' })).toEqual({ href: '/offers?tab=all#top', label: 'Offers', external: false });
  });

  it('keeps an absolute http(s) URL as an external link (followed by the browser)', () => {
    expect(alertCta({ ctaLabel: 'Read more', ctaUrl: 'https://news.example.com/storm' })).toEqual({ href: 'https://news.example.com/storm', label: 'Read more', external: true });
  });

  it('gives no link without a label or a URL', () => {
    expect(alertCta({ ctaLabel: null, ctaUrl: '/x' })).toBeNull();
    expect(alertCta({ ctaLabel: 'Go', ctaUrl: null })).toBeNull();
    expect(alertCta({ ctaLabel: '', ctaUrl: '/x' })).toBeNull();
  });

  it.each([
    'javascript:alert(1)', 'JaVaScRiPt:alert(1)', 'data:text/html,<b>x</b>', '//evil.example/x', '/\\evil.example',
    'https://user:pw@evil.example/', ' /offers', 'offers', 'tel:+18665862805', '/%2F%2Fevil.example',
  ])('gives no link for the unsafe or unsupported URL %j', (ctaUrl) => {
    expect(alertCta({ ctaLabel: 'Go', ctaUrl })).toBeNull();
  });
});
