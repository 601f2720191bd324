import type { Page } from '@playwright/test';
import { test, expect, type Platform } from '../fixtures/platform';
import { storefront, type Storefront } from '../pages';
import { grantAnalyticsConsent } from '../pages/consent';

/**
 * The search dropdown end to end (spec §2 Search dropdown, §3, §5, §7, §9) on the composed
 * production build, anonymous shopper. The engine is reached directly (admin key) only to add a hostile
 * rule and to read the Insights events it stored.
 */
const engine = (platform: Platform) => `http://127.0.0.1:${platform.ports.search}`;
/** Admin headers for the platform's search engine (no default admin key: the platform makes one per start). */
const admin = (platform: Platform) => ({ 'x-algolia-application-id': 'grocery-local', 'x-algolia-api-key': platform.searchAdminKey, 'content-type': 'application/json' });

/** Opens the home page once the search box shows and the default store is published; returns the page objects. */
async function openHome(page: Page): Promise<Storefront> {
  const s = storefront(page);
  await s.home.goto();
  await expect(s.search.combobox).toBeVisible();
  // the default store (3299) is published before products are filtered by it
  await s.header.waitForDefaultStore();
  return s;
}

test.describe('search dropdown (spec §2 Search dropdown)', () => {
  test('typing shows the loading text, suggestions, product and recipe cards; Tab accepts the inline completion', async ({ page }) => {
    const { search } = await openHome(page);
    const box = search.combobox;
    // answers held back 600 ms, so the loading state is observable however fast the engine is
    await page.route(/\/1\/indexes\/.*\/queries/, async (route) => { await new Promise((r) => setTimeout(r, 600)); await route.continue(); });
    await box.fill('pean');
    await expect(search.loading).toBeVisible();
    const listbox = search.suggestions;
    await expect(listbox.getByRole('option').first()).toBeVisible();
    await expect(box).toHaveAttribute('aria-expanded', 'true');
    await expect(box).toHaveAttribute('aria-controls', (await listbox.getAttribute('id'))!);
    // the suggestion completed is the first one that starts with the typed text
    const texts = (await listbox.getByRole('option').allInnerTexts()).map((t) => t.trim());
    const first = texts.find((t) => t.toLowerCase().startsWith('pean'))!;
    expect(first).toBeTruthy();
    await expect(search.inlineCompletion).toHaveText(`pean${first.slice(4)}`);
    await box.press('Tab');
    await expect(box).toHaveValue(first);
    await expect(box).toBeFocused();
    await expect(search.products.getByRole('link').first()).toBeVisible();
  });

  test('keyboard: ArrowDown moves aria-activedescendant, Enter accepts, Escape closes then clears', async ({ page }) => {
    const { search } = await openHome(page);
    const box = search.combobox;
    await box.fill('cheese');
    const options = search.suggestions.getByRole('option');
    await expect(options.first()).toBeVisible();
    await box.press('ArrowDown');
    await box.press('ArrowDown');
    const second = options.nth(1);
    await expect(box).toHaveAttribute('aria-activedescendant', (await second.getAttribute('id'))!);
    await expect(second).toHaveAttribute('aria-selected', 'true');
    const picked = (await second.innerText()).trim();
    await box.press('Enter');
    await expect(page).toHaveURL(new RegExp(`\\?query=${encodeURIComponent(picked).replace(/[()*+?.]/g, '\\$&')}&tab=(product|recipe)`));
    await expect(box).toHaveValue(picked);
    await box.fill('milk');
    await expect(options.first()).toBeVisible();
    await box.press('Escape');
    await expect(box).toHaveAttribute('aria-expanded', 'false');
    await expect(box).toHaveValue('milk');
    await box.press('Escape');
    await expect(box).toHaveValue('');
  });

  test('a redirect rule shows the promotional card and submitting goes to its address', async ({ page }) => {
    const { search } = await openHome(page);
    const box = search.combobox;
    await box.fill('flyer');
    const card = page.getByRole('region', { name: 'This week’s flyer' });
    await expect(card).toBeVisible();
    await expect(card.getByRole('link', { name: 'View the flyer' })).toHaveAttribute('href', '/flyer');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/flyer$/);
  });

  test('a rule redirecting to another origin is never shown nor followed', async ({ page, request, platform }) => {
    const res = await request.put(`${engine(platform)}/1/indexes/products/rules/e2e-evil`, {
      headers: admin(platform),
      data: { objectID: 'e2e-evil', conditions: [{ pattern: 'evilredirect', anchoring: 'is' }], consequence: { userData: { cardTitle: 'Free money', redirectURL: 'https://evil.example/steal', cardCTAText: 'Go', bannerCode: 'standard' } } },
    });
    expect(res.ok()).toBe(true);
    const { search } = await openHome(page);
    const box = search.combobox;
    await box.fill('evilredirect');
    await expect(search.noSuggestions).toBeVisible();
    await expect(page.getByRole('region', { name: 'Free money' })).toHaveCount(0);
    await box.press('Enter');
    await expect(page).toHaveURL(/\?query=evilredirect&tab=product/);
    await request.delete(`${engine(platform)}/1/indexes/products/rules/e2e-evil`, { headers: admin(platform) });
  });

  test('no results: the message (polite live region) and popular products and recipes carousels', async ({ page }) => {
    const { search } = await openHome(page);
    const box = search.combobox;
    await box.fill('zzqxv');
    const message = page.getByRole('status').filter({ hasText: 'Sorry, we couldn’t find any results for “zzqxv”.' });
    await expect(message).toBeVisible();
    await expect(search.noSuggestions).toBeVisible();
    const products = search.popularProducts;
    await expect(products).toHaveAttribute('aria-roledescription', 'carousel');
    // spec §9: 5 product slides in global search, 12 recipe slides
    await expect(products.getByRole('group', { includeHidden: true })).toHaveCount(5);
    await expect(products.getByRole('group', { name: '1 of 5' })).toBeVisible();
    const recipes = search.popularRecipes;
    await expect(recipes.getByRole('group', { includeHidden: true })).toHaveCount(12);
    await recipes.getByRole('button', { name: 'Next recipes' }).click();
    await expect(recipes.getByRole('group', { name: '5 of 12' })).toBeVisible();
  });

  test('no results with profanity: different wording, the query is not repeated; grocery phrases are not flagged', async ({ page }) => {
    const { search } = await openHome(page);
    const box = search.combobox;
    await box.fill('fuck off');
    await expect(page.getByText('Sorry, we couldn’t find any results for that search.')).toBeVisible();
    await expect(page.getByText(/fuck off/)).toHaveCount(0);
    await box.fill('spotted dick');
    await expect(page.getByText('Sorry, we couldn’t find any results for “spotted dick”.')).toBeVisible();
  });

  for (const [width, cards] of [[1400, 5], [1100, 4], [900, 3], [500, 2], [400, 1]] as const) {
    test(`spec §9: ${cards} product card(s) at ${width}px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
        const { search } = await openHome(page);
      const box = search.combobox;
      await box.fill('cheese');
      const products = search.products;
      await expect(products.getByRole('link', { name: 'View all products' })).toBeVisible();
      await expect(products.getByRole('listitem')).toHaveCount(cards);
    });
  }

  test('empty box: recent searches (kept in the browser, cut at 45 characters, removable) and popular searches', async ({ page }) => {
    const { search, results } = await openHome(page);
    const box = search.combobox;
    const long = 'organic free range large brown eggs from nova scotia farms';
    for (const q of ['cheese', long]) {
      await box.fill(q);
      await box.press('Enter');
      await expect(results.headingFor(q)).toBeVisible();
    }
    const listbox = search.recentAndPopular;
    const recent = listbox.getByRole('group', { name: 'Recent searches' });
    await expect(async () => {
      await box.fill('');
      await box.focus();
      await expect(recent.getByRole('option')).toHaveCount(2, { timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
    await expect(recent.getByRole('option').first()).toHaveText(`${long.slice(0, 45).trimEnd()}...`);
    await expect(recent.getByRole('option', { name: 'cheese', exact: true })).toBeVisible();
    // popular searches reflect what was really searched (engine analytics)
    const popular = search.popular;
    await expect(popular.getByRole('option', { name: 'cheese', exact: true })).toBeVisible();
    // Delete removes the highlighted recent search; it stays gone after a reload
    await box.press('ArrowDown');
    await box.press('ArrowDown');
    await expect(box).toHaveAttribute('aria-activedescendant', (await recent.getByRole('option', { name: 'cheese', exact: true }).getAttribute('id'))!);
    await box.press('Delete');
    await expect(recent.getByRole('option')).toHaveCount(1);
    await page.reload();
    await expect(async () => {
      await box.fill('');
      await box.focus();
      await expect(search.recent.getByRole('option')).toHaveCount(1, { timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
  });

  test('no script in a query or a recent-search label ever runs', async ({ page }) => {
    let dialogs = 0;
    page.on('dialog', (d) => { dialogs += 1; void d.dismiss(); });
    await page.addInitScript(() => {
      if (!localStorage.getItem('mfs-recent-searches')) {
        localStorage.setItem('mfs-recent-searches', JSON.stringify([{ id: 'x1', label: '<img src=x onerror=alert(1)>' }, { id: 'x2', label: '<script>alert(2)</script>' }]));
      }
    });
    const { search, results, shell } = await openHome(page);
    const box = search.combobox;
    await box.focus();
    const recent = search.recent;
    await expect(recent.getByRole('option', { name: '<img src=x onerror=alert(1)>' })).toBeVisible();
    await expect(recent.getByRole('option', { name: '<script>alert(2)</script>' })).toBeVisible();
    const hostile = '"><svg onload=alert(3)><img src=x onerror=alert(4)>';
    await box.fill(hostile);
    await expect(search.noSuggestions).toBeVisible();
    await box.press('Enter');
    await expect(results.heading).toBeVisible();
    await expect(async () => {
      await box.fill('');
      await box.focus();
      await expect(search.recent.getByRole('option')).toHaveCount(3, { timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
    expect((await search.slot.locator('img[src="x"], svg[onload]').count()) + (await shell.pageSlot.locator('img[src="x"]').count())).toBe(0);
    expect(dialogs).toBe(0);
  });

  test('analytics: view_item_list (item list 7) in the dataLayer; Insights click with queryID and 1-based position; conversion on Add to list', async ({ page, request, platform, context, baseURL }) => {
    await grantAnalyticsConsent(context, baseURL!); // analytics reach the dataLayer only with consent group C0002
    const { search } = await openHome(page);
    const box = search.combobox;
    const itemAdded: unknown[] = [];
    await page.exposeFunction('__recordItemAdded', (p: unknown) => { itemAdded.push(p); });
    await page.evaluate(() => {
      const g = window as unknown as {
        __SHARED_EVENTS__: { bus: { on: (t: string) => { subscribe: (cb: (e: { payload: unknown }) => void) => unknown } } };
        __recordItemAdded: (p: unknown) => void;
      };
      // What mf-search asks the shopping list (mf-shopping-list stores it and answers list/item-added).
      g.__SHARED_EVENTS__.bus.on('list/add-requested').subscribe((e) => g.__recordItemAdded(e.payload));
    });
    await box.fill('cheese');
    const products = search.products;
    await expect(products.getByRole('listitem').first()).toBeVisible();
    await expect.poll(() => page.evaluate(() => (window as unknown as { dataLayer?: Array<Record<string, unknown>> }).dataLayer
      ?.some((e) => e.event === 'view_item_list' && (e.ecommerce as Record<string, unknown> | undefined)?.item_list_id === '7'
        && (e.ecommerce as Record<string, unknown> | undefined)?.item_list_name === 'Search - Products'))).toBe(true);
    await products.getByRole('button', { name: /^Add to list: / }).first().click();
    await expect(products.getByRole('button', { name: /^Added: / }).first()).toBeVisible();
    await expect.poll(() => itemAdded.length).toBe(1);
    expect(itemAdded[0]).toMatchObject({ itemId: expect.stringMatching(/^\d+_[A-Z]+_3299$/), quantity: 1, position: 1, queryID: expect.stringMatching(/^[0-9a-f]{32}$/) });
    await expect(storefront(page).list.trigger).toHaveAccessibleName('Shopping list, 1 item');
    const queryID = (itemAdded[0] as { queryID: string }).queryID;
    await products.getByRole('listitem').nth(1).getByRole('link').click();
    await expect.poll(async () => {
      const res = await request.get(`${engine(platform)}/1/events?queryID=${queryID}`, { headers: admin(platform) });
      const { events } = (await res.json()) as { events: Array<{ eventType: string; positions?: number[] }> };
      return events.map((e) => `${e.eventType}:${e.positions?.join(',') ?? ''}`).sort();
    }).toEqual(['click:2', 'conversion:']);
  });
});
