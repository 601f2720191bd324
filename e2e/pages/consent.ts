import { expect, type BrowserContext, type Locator, type Page, type Request } from '@playwright/test';
import { PageObject, dialogNamed } from './page-object';

/**
 * The consent tool's banner and preferences dialog (services/vendors `/consent.js`), and the
 * network probe the consent specs use: which requests to the vendors' origin left the browser
 * (analytics hits `/collect`, the tag manager, the ad script and its creatives).
 */
export class ConsentBanner extends PageObject {
  /** The bottom bar (a region, not a modal). */
  readonly banner = this.page.getByRole('region', { name: 'Cookie consent' });
  readonly acceptAll = this.banner.getByRole('button', { name: 'Accept All Cookies' });
  readonly rejectAll = this.banner.getByRole('button', { name: 'Reject All' });
  readonly settings = this.banner.getByRole('button', { name: 'Cookie Settings' });
  /** The preferences dialog. */
  readonly dialog = dialogNamed(this.page, 'Privacy Preference Center');

  /** A group's checkbox in the preferences dialog, e.g. 'Performance Cookies'. */
  group(name: 'Performance Cookies' | 'Functional Cookies' | 'Targeting Cookies'): Locator {
    return this.dialog.getByRole('checkbox', { name });
  }

  /** Opens the preferences, ticks `groups` and confirms. */
  async choose(groups: Array<'Performance Cookies' | 'Functional Cookies' | 'Targeting Cookies'>): Promise<void> {
    await this.settings.click();
    await expect(this.dialog).toBeVisible();
    for (const g of groups) await this.group(g).check();
    await this.dialog.getByRole('button', { name: 'Confirm My Choices' }).click();
    await expect(this.dialog).toBeHidden();
    await expect(this.banner).toBeHidden();
  }

  /** The groups the consent tool reports active, e.g. ',C0001,C0002,'. */
  activeGroups(): Promise<string | undefined> {
    return this.page.evaluate(() => (window as unknown as { OnetrustActiveGroups?: string }).OnetrustActiveGroups);
  }
}

/** Requests to the vendors' origin that are analytics or ads (what must never leave without consent). */
export class VendorTraffic {
  readonly requests: string[] = [];

  constructor(readonly page: Page, readonly vendorsOrigin: string) {
    page.on('request', (r: Request) => {
      const url = r.url();
      if (url.startsWith(vendorsOrigin) && VendorTraffic.isTracking(url.slice(vendorsOrigin.length))) this.requests.push(url.slice(vendorsOrigin.length));
    });
  }

  /** '/collect…', '/gtm.js', '/ads.js', '/ads/creative…'. */
  static isTracking(path: string): boolean {
    return /^\/(collect|gtm\.js|ads\.js|ads\/)/.test(path);
  }

  /** Hits sent to the collector. */
  collectHits(): string[] {
    return this.requests.filter((p) => p.startsWith('/collect'));
  }
}

/** The collector's counts (services/vendors `GET /collect/stats`). */
export interface CollectStats {
  hits: number;
  events: Record<string, number>;
  ads: number;
  last: Array<{ name: string; params: Record<string, unknown> }>;
}

/** Reads (and resets) the vendors' collector counts from the test runner (not the browser). */
export async function collectStats(vendorsOrigin: string, reset = false): Promise<CollectStats> {
  const res = await fetch(`${vendorsOrigin}/collect/stats`);
  const stats = (await res.json()) as CollectStats;
  if (reset) await fetch(`${vendorsOrigin}/collect/stats`, { method: 'DELETE' });
  return stats;
}

/**
 * Records a consent choice in `context` before any page opens, as the consent tool would after the
 * shopper chose (cookies OptanonConsent + OptanonAlertBoxClosed on the site's origin): no banner, and
 * the given groups active (C0001 always). For specs that need analytics (C0002) or ads (C0004).
 */
export async function grantConsent(context: BrowserContext, siteUrl: string, groups: Array<'C0002' | 'C0003' | 'C0004'> = ['C0002']): Promise<void> {
  const all = ['C0001', 'C0002', 'C0003', 'C0004'];
  const value = `groups=${all.map((g) => `${g}:${g === 'C0001' || groups.includes(g as 'C0002') ? 1 : 0}`).join(',')}&datestamp=${new Date().toISOString()}`;
  const url = new URL(siteUrl).origin;
  await context.addCookies([
    { name: 'OptanonConsent', value: encodeURIComponent(value), url },
    { name: 'OptanonAlertBoxClosed', value: encodeURIComponent(new Date().toISOString()), url },
  ]);
}

/** Every guided tour's page key (services/seed/data/content/guides.json). */
const ALL_TOURS = ['welcome', 'search', 'flyer', 'offers', 'product', 'recipes', 'recipeDetail', 'recipeList', 'mealPlan', 'manageListFilter'];

/**
 * Consent for analytics (C0002, see {@link grantConsent}) for a spec that is not about tours: the
 * shopper has already done every guided tour (`completed_tours`, mf-tours), so no tour overlay covers
 * the page the spec clicks on.
 */
export async function grantAnalyticsConsent(context: BrowserContext, siteUrl: string): Promise<void> {
  await grantConsent(context, siteUrl, ['C0002']);
  await context.addInitScript((tours: string[]) => {
    try { localStorage.setItem('completed_tours', JSON.stringify(tours)); } catch { /* storage off */ }
  }, ALL_TOURS);
}
