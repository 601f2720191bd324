/**
 * Every route of spec §2 renders real content for a new user — this walks the
 * route table (one real example per pattern) and fails on any "Page not found", a 404 status or a page
 * without its heading; `/register` leaves for the external loyalty site (spec §2 "External loyalty site").
 * The footer's info links (spec §2 Footer) are walked the same way.
 */
import { test, expect } from '../fixtures/platform';
import { ROUTES } from '../fixtures/routes';


/**
 * Spec §2 Footer ("a Customer Service group plus other groups each with a heading and a vertical list
 * of links"): the footer's info links (services/seed/data/content/footer.json) are managed content
 * pages of the shell, like /privacy-policy — path and the `<h1>` each shows.
 */
const FOOTER_INFO_PAGES: Array<[string, string]> = [
  ['/customer-service/contact-us', 'Contact Us'],
  ['/customer-service/help', 'Help & FAQs'],
  ['/customer-service/live-chat', 'Live Chat'],
  ['/about/our-story', 'Our Story'],
  ['/about/co-op-stores', 'Co-op Stores'],
  ['/about/community', 'Community Giving'],
  ['/about/careers', 'Careers'],
  ['/legal/terms-of-use', 'Terms of Use'],
  ['/legal/accessibility', 'Accessibility'],
];

test.describe('spec §2 Routes: every route renders real content', () => {
  for (const [path, purpose] of ROUTES) {
    test(`${path} — ${purpose}`, async ({ page }) => {
      const res = await page.goto(path);
      expect(res?.status(), `${path} answers 200`).toBe(200);
      const main = page.locator('#main-content');
      await expect(main.getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: 20_000 });
      await expect(page.getByRole('heading', { name: 'Page not found' })).toHaveCount(0);
      await expect(main.getByText(/is unavailable right now|are unavailable right now/)).toHaveCount(0);
    });
  }

  for (const [path, title] of FOOTER_INFO_PAGES) {
    test(`${path} — spec §2 Footer info page '${title}'`, async ({ page }) => {
      const res = await page.goto(path);
      expect(res?.status(), `${path} answers 200`).toBe(200);
      const main = page.locator('#main-content');
      await expect(main.getByRole('heading', { level: 1, name: title, exact: true })).toBeVisible({ timeout: 20_000 });
      // the managed content arrived (a section heading), not the loading status or the failure alert
      await expect(main.getByRole('heading', { level: 2 }).first()).toBeVisible();
      await expect(main.getByRole('alert')).toHaveCount(0);
      await expect(page.getByRole('heading', { name: 'Page not found' })).toHaveCount(0);
    });
  }

  test('a path under the info pages that no page owns still answers 404 with Page not found', async ({ page }) => {
    for (const path of ['/about/no-such-page', '/legal/terms', '/customer-service/help/more']) {
      const res = await page.goto(path);
      expect(res?.status(), path).toBe(404);
      await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    }
  });

  test('/register — the external loyalty site, which sends the shopper back to the storefront', async ({ request, platform }) => {
    const res = await request.get('/register', { maxRedirects: 0 });
    expect(res.status()).toBe(302);
    expect(new URL(res.headers().location).origin).not.toBe(new URL(platform.url).origin);
  });
});
