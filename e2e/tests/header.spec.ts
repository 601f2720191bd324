import { seriousViolations } from '../fixtures/a11y';
import type { Locator, Page } from '@playwright/test';
import { test, expect } from '../fixtures/platform';
import { HeaderBand, storefront } from '../pages';
import { grantAnalyticsConsent } from '../pages/consent';

/**
 * mf-header (spec §2 Header / Footer, §4 Alert banner, §9 Mobile breakpoint), anonymous parts:
 * mega menu with View All entries, the mobile panel dialog, the alert banner, the footer, and an axe
 * check. The default store 3299 is in Nova Scotia: its alert comes from POST /api/bannerAlert {province:'NS'}.
 */
const NS_ALERT = "Store 3299 on Quinpool now opens at 7 a.m. Check your store's hours before you go.";

type DataLayerWindow = { dataLayer?: Array<Record<string, unknown>> };

/** What mf-header renders in the header band: its slot and the alert banner host it adds to the shell's <header>. */
const HEADER_PARTS = HeaderBand.PARTS;

/**
 * Opens the home page, waits for the header's store and scrolls the footer into view; returns the
 * footer's navigation. Skips the test while the shell has no `<footer> #slot-mf-footer`.
 */
async function revealFooter(page: Page): Promise<Locator> {
  const { home, header, footer } = storefront(page);
  await home.goto();
  await header.waitForDefaultStore();
  test.skip(!(await footer.isWired()), 'the shell has no <footer> #slot-mf-footer yet');
  await footer.reveal();
  return footer.nav;
}

test.describe('header at 1280px (desktop from 1024px)', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("mega menu: Products opens its departments with 'View All' entries; Escape closes; nav_header reaches the dataLayer", async ({ page, context, baseURL }) => {
    await grantAnalyticsConsent(context, baseURL!); // analytics reach the dataLayer only with consent group C0002
    const { home, header } = storefront(page);
    await home.goto();
    await header.waitForDefaultStore();
    await expect(header.menuButton).toHaveCount(0);
    const nav = header.primaryNav;
    for (const name of ['Flyer', 'Store Locator']) await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
    const products = nav.getByRole('button', { name: 'Products' });
    await products.click();
    await expect(products).toHaveAttribute('aria-expanded', 'true');
    await expect(nav.getByRole('link', { name: 'View All Products' })).toHaveAttribute('href', '/products');
    const dairy = nav.getByRole('button', { name: 'Dairy & Eggs' });
    await dairy.click();
    await expect(nav.getByRole('link', { name: 'View All Dairy & Eggs' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Cheese', exact: true })).toHaveAttribute('href', '/products/category/dairy-eggs/cheese');

    expect(await seriousViolations(page, { include: HEADER_PARTS })).toEqual([]);

    await nav.getByRole('link', { name: 'Cheese', exact: true }).focus();
    await page.keyboard.press('Escape');
    await expect(dairy).toHaveAttribute('aria-expanded', 'false');
    await expect(dairy).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(products).toHaveAttribute('aria-expanded', 'false');
    await expect(products).toBeFocused();

    // A dropdown without its own link (Recipe Ideas) has no View All; Recipes itself has one.
    await nav.getByRole('button', { name: 'Recipes' }).click();
    await expect(nav.getByRole('link', { name: 'View All Recipes' })).toBeVisible();
    await nav.getByRole('button', { name: 'Recipe Ideas' }).click();
    await expect(nav.getByRole('link', { name: 'Seafood' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'View All Recipe Ideas' })).toHaveCount(0);

    await nav.getByRole('link', { name: 'Seafood' }).click();
    await expect(page).toHaveURL(/\/recipes\?tag=seafood$/);
    await expect.poll(() => page.evaluate(() => ((window as unknown as DataLayerWindow).dataLayer ?? []).filter((e) => e.event === 'nav_header')))
      .toContainEqual(expect.objectContaining({ event: 'nav_header', label: 'Seafood', link: '/recipes?tag=seafood' }));
  });

  test('alert banner: red, shows the store province alert with its CTA; closing keeps it closed after a reload, for this browser session only', async ({ page, browser, baseURL }) => {
    const { home, header } = storefront(page);
    await home.goto();
    const banner = header.alertBanner;
    await expect(banner).toContainText(NS_ALERT);
    await expect(banner.getByRole('link', { name: 'Find a store' })).toHaveAttribute('href', '/store-locator');
    await expect(banner).toHaveCSS('background-color', 'rgb(179, 38, 30)');
    await expect(header.alertBanner).toHaveCount(1);

    await header.closeAlertButton().click();
    await expect(banner).toHaveCount(0);
    expect(await page.evaluate(() => sessionStorage.getItem('alertBannerClosed'))).toBe('true');

    await page.reload();
    await header.waitForDefaultStore();
    await page.waitForTimeout(2500); // past the alert fetch (and the 2000 ms wait for a store)
    await expect(header.alertBanner).toHaveCount(0);

    // A new browser session shows it again.
    const other = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
    const fresh = storefront(await other.newPage());
    await fresh.home.goto();
    await expect(fresh.header.alertBanner).toContainText(NS_ALERT);
    await other.close();
  });

  test('account menu (anonymous): Log In, Sign Up and the account links; Escape returns focus', async ({ page }) => {
    const { home, header } = storefront(page);
    await home.goto();
    const trigger = header.accountButton;
    await trigger.click();
    await expect(header.logInButton).toBeVisible();
    await expect(header.signUpButton).toBeVisible();
    const links = header.accountLinks;
    await expect(links).toHaveCount(8);
    expect(await links.evaluateAll((as) => as.map((a) => a.getAttribute('href')))).toEqual([
      '/my-profile', '/preferences-centre', '/scene', '/offers', '/favourites', '/recipes/meal-plan', '/recipes/my-recipe-lists', '/shopping-list',
    ]);
    expect(await seriousViolations(page, { include: HEADER_PARTS })).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(trigger).toHaveAttribute('aria-expanded', 'false');
    await expect(trigger).toBeFocused();
  });

  test('footer: columns with Customer Service first; nav_footer; no serious axe violations', async ({ page }) => {
    const nav = await revealFooter(page);
    await expect(nav.getByRole('heading', { level: 2 }).first()).toHaveText('Customer Service');
    await expect(nav.getByRole('button')).toHaveCount(0);
    await expect(nav.getByRole('link', { name: 'Contact Us' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Privacy Policy' })).toBeVisible();
    expect(await seriousViolations(page, { include: ['footer'] })).toEqual([]);
  });
});

test.describe('header at 390px (mobile panel up to 1023px)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the 'Menu' dialog slides in with logo, Search, menu and quick links; traps focus; Escape returns focus", async ({ page }) => {
    const { home, header } = storefront(page);
    await home.goto();
    await header.waitForDefaultStore();
    await expect(header.primaryNav).toHaveCount(0);
    const menuButton = header.menuButton;
    await menuButton.click();
    const dialog = header.mobileMenu;
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('link', { name: /Harbour (Market|Co-op) home/ })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Search' })).toBeVisible();
    const quick = dialog.getByRole('navigation', { name: 'Quick links' });
    await expect(quick.getByRole('link')).toHaveText(['Contact Us', 'Help', 'Live Chat', 'Scene+']);
    await expect(dialog.getByRole('button', { name: 'Close menu' })).toBeFocused();

    await dialog.getByRole('button', { name: 'Products' }).click();
    await expect(dialog.getByRole('link', { name: 'View All Products' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Bakery' }).click();
    await expect(dialog.getByRole('link', { name: 'View All Bakery' })).toHaveAttribute('href', '/products/category/bakery');

    expect(await seriousViolations(page, { include: [...HEADER_PARTS, '[role="dialog"]'] })).toEqual([]);

    for (let i = 0; i < 40; i += 1) {
      await page.keyboard.press('Tab');
      expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press('Shift+Tab');
    expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);

    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(menuButton).toBeFocused();
  });

  test("'Search' in the panel closes it and focuses the search box", async ({ page }) => {
    const { home, header, search } = storefront(page);
    await home.goto();
    await header.menuButton.click();
    await header.mobileMenu.getByRole('button', { name: 'Search' }).click();
    await expect(header.mobileMenu).toHaveCount(0);
    await expect(search.combobox).toBeFocused();
  });

  test('alert banner shows and closes on mobile too', async ({ page }) => {
    const { home, header } = storefront(page);
    await home.goto();
    const banner = header.alertBanner;
    await expect(banner).toContainText(NS_ALERT);
    await header.closeAlertButton().click();
    await expect(banner).toHaveCount(0);
  });

  test('footer: an accordion; a group opens to show its links', async ({ page }) => {
    const nav = await revealFooter(page);
    const cs = nav.getByRole('button', { name: 'Customer Service' });
    await expect(cs).toHaveAttribute('aria-expanded', 'false');
    await expect(nav.getByRole('link', { name: 'Contact Us' })).toBeHidden();
    await cs.click();
    await expect(cs).toHaveAttribute('aria-expanded', 'true');
    await expect(nav.getByRole('region', { name: 'Customer Service' }).getByRole('link', { name: 'Contact Us' })).toBeVisible();
    expect(await seriousViolations(page, { include: ['footer'] })).toEqual([]);
  });
});
