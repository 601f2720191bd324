import type { Page } from '@playwright/test';
import { test, expect } from '../fixtures/platform';
import { storefront } from '../pages';
import { grantAnalyticsConsent } from '../pages/consent';
import { signIn } from '../fixtures/session';

/**
 * The footer is in the page (spec §2 Footer): its links are in the HTML the edge serves, so a keyboard
 * user tabbing through the home page reaches them and find-in-page finds them without scrolling; its
 * 'Live Chat' works from the keyboard. The session of a signed-in shopper carries spec §3 `lifestyles`
 * and `{product}.bannerCode`, and setting the preferred store requests the signed token (spec §7).
 */

/** Presses Tab from the top of the page until `label` has focus; the number of presses, or null after `cap`. */
async function tabTo(page: Page, label: string, cap = 150): Promise<number | null> {
  for (let presses = 1; presses <= cap; presses += 1) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const el = document.activeElement;
      return el ? { text: (el.textContent ?? '').trim(), inFooter: !!el.closest('footer') } : null;
    });
    if (focused?.inFooter && focused.text === label) return presses;
  }
  return null;
}

test.describe('the footer in the page', () => {
  test.beforeEach(async ({ context, platform }) => grantAnalyticsConsent(context, platform.url));

  test("the footer's links are in the served HTML, before any scroll", async ({ page }) => {
    await page.goto('/', { waitUntil: 'load' });
    const html = await page.content();
    for (const text of ['Contact Us', 'Live Chat', 'Help &amp; FAQs', 'Store Locator', 'Privacy Policy', 'Careers']) expect(html).toContain(`>${text}</a>`);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  });

  test("Tab from the top of the home page reaches the footer's 'Contact Us'", async ({ page }) => {
    const { home } = storefront(page);
    await home.goto();
    await expect(home.heading).toBeVisible();
    const presses = await tabTo(page, 'Contact Us');
    expect(presses, "Tab presses until the footer's 'Contact Us' has focus").not.toBeNull();
    console.log(`Tab presses from the top of / to the footer's 'Contact Us': ${presses}`);
    // the footer's remote takes the slot once it is in view: the link keeps focus
    await expect(storefront(page).footer.nav).toBeAttached();
    await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Contact Us' })).toBeFocused();
  });

  test("'Live Chat' opens the chat from the keyboard (Space), and the shopper stays on the page", async ({ page }) => {
    const { home, footer } = storefront(page);
    await home.goto();
    await expect(home.heading).toBeVisible();
    expect(await tabTo(page, 'Live Chat')).not.toBeNull();
    await expect(footer.nav).toBeAttached(); // the remote's footer, with the chat behaviour
    const chatLink = footer.nav.getByRole('link', { name: 'Live Chat' });
    await expect(chatLink).toBeFocused();
    await page.keyboard.press('Space');
    await expect(page.getByRole('dialog', { name: 'Customer care chat' })).toBeVisible();
    expect(new URL(page.url()).pathname).toBe('/');
  });
});

interface SessionValue {
  lifestyles?: string[];
  product: { storeId: string | null; bannerCode: string | null };
}
const sessionOf = (page: Page) => page.evaluate(() => (window as unknown as { __SHARED_EVENTS__: { bus: { state: { session: { value: SessionValue } } } } }).__SHARED_EVENTS__.bus.state.session.value);

test("spec §3/§7: the session carries the preferred store's banner and lifestyles; setting the store requests the signed token", async ({ page, context, platform }) => {
  test.setTimeout(90_000);
  await grantAnalyticsConsent(context, platform.url);
  await signIn(page, 'lena.linked@example.com');
  expect(await sessionOf(page)).toMatchObject({ lifestyles: [], product: { storeId: '3299', bannerCode: 'standard' } });

  const tokenRequest = page.waitForRequest((r) => r.url().endsWith('/api/account/signed-token') && r.method() === 'POST');
  await storefront(page).store.choose('Antigonish', 'Antigonish Co-op');
  const body = (await tokenRequest).postDataJSON();
  expect(body).toEqual({ cardNumber: '6046000000001003', firstName: 'Lena' });
  expect((await (await tokenRequest).response())?.status()).toBe(200);
  await expect.poll(async () => (await sessionOf(page)).product).toEqual({ storeId: '2062', bannerCode: 'coop' });
});
