import { alertCta } from './alertBanner';

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
