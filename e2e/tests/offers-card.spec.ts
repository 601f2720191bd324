import type { Page } from '@playwright/test';
import { test, expect } from '../fixtures/platform';
import { signUpNoCardShopper } from '../fixtures/session';
import { LoyaltyPopups, OffersPages, storefront } from '../pages';
import { AddCardScreenSet } from '../pages/screen-set';

/**
 * Offer pictures, the offers-link calls of spec §7 and the addCard popup's registration screen set
 * (spec §2 Card popups). Hash lookups are throttled (10 a minute per client): this file spends 4.
 */

/** The offers-link calls the page makes, in order: 'validate', 'member', 'offers'. */
function recordLinkCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (r) => {
    const url = r.url();
    if (/\/api\/offers\/hash\/validate$/.test(url)) calls.push('validate');
    else if (/\/api\/offers\/member-inquiry$/.test(url)) calls.push('member');
    else if (/\/api\/offers\?hash=/.test(url)) calls.push('offers');
  });
  return calls;
}

test('a link goes through hash validation, then member inquiry, then the offers; offers show their product pictures with alt text', async ({ page }) => {
  const calls = recordLinkCalls(page);
  const { offers } = storefront(page);
  await offers.gotoLink(OffersPages.VALID_HASH);
  await expect(offers.main.getByText('Scene+ card •••• 1003 · view only')).toBeVisible({ timeout: 20_000 });
  expect(calls).toEqual(['validate', 'member', 'offers']);

  // ofr-1003-001 is about one product (the seed: 'Chili Sauce, Peppers', picture /media/pot-of-food.svg)
  const picture = offers.card('ofr-1003-001').locator('img.mfo-image');
  await expect(picture).toHaveAttribute('alt', 'Chili Sauce, Peppers');
  await expect(picture).toHaveAttribute('src', '/media/pot-of-food.svg');
  await picture.scrollIntoViewIfNeeded();
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { timeout: 10_000 }).toBe(true);
  const box = await picture.boundingBox();
  expect(box && Math.round(box.width)).toBe(96);
  // every picture shown names its product; offers on a group of products keep the placeholder
  const alts = await offers.main.locator('img.mfo-image').evaluateAll((imgs) => imgs.map((i) => (i as HTMLImageElement).alt));
  expect(alts.length).toBeGreaterThan(3);
  for (const alt of alts) expect(alt).not.toMatch(/^(|.* offer)$/);
});

test('an invalid link stops at hash validation with the spec §8 text', async ({ page }) => {
  const calls = recordLinkCalls(page);
  const { offers } = storefront(page);
  await offers.gotoLink('Zq7VtX2bN9pLm4KcR8sD1fG6hJ3wY5eA0uIoPxQzTnE');
  await expect(offers.expiredLink).toBeVisible({ timeout: 20_000 });
  await expect(offers.expiredLink).toHaveText(OffersPages.EXPIRED_LINK_TEXT);
  expect(calls).toEqual(['validate']);
  await page.waitForURL((url) => url.pathname === '/', { timeout: 10_000 });
});

test('a signed-in shopper without a card adds one through the identity provider’s screen set in the popup', async ({ page, platform }) => {
  await signUpNoCardShopper(page, platform, '/');
  const screenSet = new AddCardScreenSet(page);
  // the popup's code and the frame load after the session is read: the first visit of the run is the slow one
  await expect(screenSet.dialog).toBeVisible({ timeout: 20_000 });
  await expect(screenSet.frameElement).toHaveAttribute('src', /^http:\/\/localhost:\d+\/screens\/add-card$/);
  expect(new URL((await screenSet.frameElement.getAttribute('src'))!).origin).not.toBe(new URL(page.url()).origin);

  // The frame's own validation (spec §5): nothing reaches the BFF.
  const cardCalls: string[] = [];
  page.on('request', (r) => { if (/\/api\/account\/card$/.test(r.url())) cardCalls.push(r.method()); });
  await expect(screenSet.cardNumber).toBeFocused();
  await screenSet.cardNumber.fill('1234');
  await screenSet.cardNumber.press('Enter');
  await expect(screenSet.error).toHaveText('Enter the 16-digit Scene+ card number that starts with 6046. Use digits only; spaces are fine.');
  await expect(screenSet.cardNumber).toHaveAttribute('aria-invalid', 'true');
  expect(cardCalls).toEqual([]);

  // A valid number: the storefront page makes the add-card call with the shopper's session.
  // 2001, not 2000: loyalty.signed-in.spec links 2000 to nora on the same platform
  await screenSet.cardNumber.fill('6046 0000 0000 2001');
  await screenSet.addCardButton.click();
  await expect(screenSet.dialog).toBeHidden({ timeout: 15_000 });
  expect(cardCalls).toEqual(['POST']);
  await expect(new LoyaltyPopups(page).linkCard).toContainText('ending in 2001', { timeout: 15_000 });
});
