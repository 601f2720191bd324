import { test, expect } from '../fixtures/platform';
import type { Page } from '@playwright/test';

/**
 * The search dropdown end to end (issue 5; spec §2 Search dropdown, §3, §5, §7, §9) on the composed
 * production build, anonymous shopper. The engine is reached directly (admin key) only to add a hostile
 * rule and to read the Insights events it stored.
 */
const ENGINE = `http://127.0.0.1:${7700 + Number(process.env.E2E_OFFSET || 10000)}`;
const ADMIN = { 'x-algolia-application-id': 'grocery-local', 'x-algolia-api-key': 'local-admin-key', 'content-type': 'application/json' };

const box = (page: Page) => page.getByRole('combobox', { name: 'Search products and recipes' });

async function openHome(page: Page) {
  await page.goto('/');
  await expect(box(page)).toBeVisible();
  // the default store (3299) is published before products are filtered by it
  await expect(page.getByTestId('header-store-name')).toContainText('Halifax');
}

test.describe('search dropdown (spec §2 Search dropdown)', () => {
  test('typing shows the loading text, suggestions, product and recipe cards; Tab accepts the inline completion', async ({ page }) => {
    await openHome(page);
    await box(page).fill('pean');
    await expect(page.getByText('Finding the best matches for you...')).toBeVisible();
    const listbox = page.getByRole('listbox', { name: 'Suggestions' });
    await expect(listbox.getByRole('option').first()).toBeVisible();
    await expect(box(page)).toHaveAttribute('aria-expanded', 'true');
    await expect(box(page)).toHaveAttribute('aria-controls', (await listbox.getAttribute('id'))!);
    // the suggestion completed is the first one that starts with the typed text
    const texts = (await listbox.getByRole('option').allInnerTexts()).map((t) => t.trim());
    const first = texts.find((t) => t.toLowerCase().startsWith('pean'))!;
    expect(first).toBeTruthy();
    await expect(page.getByTestId('inline-completion')).toHaveText(`pean${first.slice(4)}`);
    await box(page).press('Tab');
    await expect(box(page)).toHaveValue(first);
    await expect(box(page)).toBeFocused();
    await expect(page.getByRole('region', { name: 'Products' }).getByRole('link').first()).toBeVisible();
  });

  test('keyboard: ArrowDown moves aria-activedescendant, Enter accepts, Escape closes then clears', async ({ page }) => {
    await openHome(page);
    await box(page).fill('cheese');
    const options = page.getByRole('listbox', { name: 'Suggestions' }).getByRole('option');
    await expect(options.first()).toBeVisible();
    await box(page).press('ArrowDown');
    await box(page).press('ArrowDown');
    const second = options.nth(1);
    await expect(box(page)).toHaveAttribute('aria-activedescendant', (await second.getAttribute('id'))!);
    await expect(second).toHaveAttribute('aria-selected', 'true');
    const picked = (await second.innerText()).trim();
    await box(page).press('Enter');
    await expect(page).toHaveURL(new RegExp(`\\?query=${encodeURIComponent(picked).replace(/[()*+?.]/g, '\\$&')}&tab=(product|recipe)`));
    await expect(box(page)).toHaveValue(picked);
    await box(page).fill('milk');
    await expect(options.first()).toBeVisible();
    await box(page).press('Escape');
    await expect(box(page)).toHaveAttribute('aria-expanded', 'false');
    await expect(box(page)).toHaveValue('milk');
    await box(page).press('Escape');
    await expect(box(page)).toHaveValue('');
  });

  test('a redirect rule shows the promotional card and submitting goes to its address', async ({ page }) => {
    await openHome(page);
    await box(page).fill('flyer');
    const card = page.getByRole('region', { name: 'This week’s flyer' });
    await expect(card).toBeVisible();
    await expect(card.getByRole('link', { name: 'View the flyer' })).toHaveAttribute('href', '/flyer');
    await box(page).press('Enter');
    await expect(page).toHaveURL(/\/flyer$/);
  });

  test('a rule redirecting to another origin is never shown nor followed', async ({ page, request }) => {
    const res = await request.put(`${ENGINE}/1/indexes/products/rules/e2e-evil`, {
      headers: ADMIN,
      data: { objectID: 'e2e-evil', conditions: [{ pattern: 'evilredirect', anchoring: 'is' }], consequence: { userData: { cardTitle: 'Free money', redirectURL: 'https://evil.example/steal', cardCTAText: 'Go', bannerCode: 'standard' } } },
    });
    expect(res.ok()).toBe(true);
    await openHome(page);
    await box(page).fill('evilredirect');
    await expect(page.getByText('No suggestions!')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Free money' })).toHaveCount(0);
    await box(page).press('Enter');
    await expect(page).toHaveURL(/\?query=evilredirect&tab=product/);
    await request.delete(`${ENGINE}/1/indexes/products/rules/e2e-evil`, { headers: ADMIN });
  });

  test('no results: the message (polite live region) and popular products and recipes carousels', async ({ page }) => {
    await openHome(page);
    await box(page).fill('zzqxv');
    const message = page.getByRole('status').filter({ hasText: 'Sorry, we couldn’t find any results for “zzqxv”.' });
    await expect(message).toBeVisible();
    await expect(page.getByText('No suggestions!')).toBeVisible();
    const products = page.getByRole('region', { name: 'Popular products' });
    await expect(products).toHaveAttribute('aria-roledescription', 'carousel');
    // spec §9: 5 product slides in global search, 12 recipe slides
    await expect(products.getByRole('group', { includeHidden: true })).toHaveCount(5);
    await expect(products.getByRole('group', { name: '1 of 5' })).toBeVisible();
    const recipes = page.getByRole('region', { name: 'Popular recipes' });
    await expect(recipes.getByRole('group', { includeHidden: true })).toHaveCount(12);
    await recipes.getByRole('button', { name: 'Next recipes' }).click();
    await expect(recipes.getByRole('group', { name: '5 of 12' })).toBeVisible();
  });

  test('no results with profanity: different wording, the query is not repeated; grocery phrases are not flagged', async ({ page }) => {
    await openHome(page);
    await box(page).fill('fuck off');
    await expect(page.getByText('Sorry, we couldn’t find any results for that search.')).toBeVisible();
    await expect(page.getByText(/fuck off/)).toHaveCount(0);
    await box(page).fill('spotted dick');
    await expect(page.getByText('Sorry, we couldn’t find any results for “spotted dick”.')).toBeVisible();
  });

  for (const [width, cards] of [[1400, 5], [1100, 4], [900, 3], [500, 2], [400, 1]] as const) {
    test(`spec §9: ${cards} product card(s) at ${width}px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await openHome(page);
      await box(page).fill('cheese');
      const products = page.getByRole('region', { name: 'Products' });
      await expect(products.getByRole('link', { name: 'View all products' })).toBeVisible();
      await expect(products.getByRole('listitem')).toHaveCount(cards);
    });
  }

  test('empty box: recent searches (kept in the browser, cut at 45 characters, removable) and popular searches', async ({ page }) => {
    await openHome(page);
    const long = 'organic free range large brown eggs from nova scotia farms';
    for (const q of ['cheese', long]) {
      await box(page).fill(q);
      await box(page).press('Enter');
      await expect(page.getByRole('heading', { level: 1, name: `Results for “${q}”` })).toBeVisible();
    }
    const listbox = page.getByRole('listbox', { name: 'Recent and popular searches' });
    const recent = listbox.getByRole('group', { name: 'Recent searches' });
    await expect(async () => {
      await box(page).fill('');
      await box(page).focus();
      await expect(recent.getByRole('option')).toHaveCount(2, { timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
    await expect(recent.getByRole('option').first()).toHaveText(`${long.slice(0, 45).trimEnd()}...`);
    await expect(recent.getByRole('option', { name: 'cheese', exact: true })).toBeVisible();
    // popular searches reflect what was really searched (engine analytics)
    const popular = listbox.getByRole('group', { name: 'Popular searches' });
    await expect(popular.getByRole('option', { name: 'cheese', exact: true })).toBeVisible();
    // Delete removes the highlighted recent search; it stays gone after a reload
    await box(page).press('ArrowDown');
    await box(page).press('ArrowDown');
    await expect(box(page)).toHaveAttribute('aria-activedescendant', (await recent.getByRole('option', { name: 'cheese', exact: true }).getAttribute('id'))!);
    await box(page).press('Delete');
    await expect(recent.getByRole('option')).toHaveCount(1);
    await page.reload();
    await expect(async () => {
      await box(page).fill('');
      await box(page).focus();
      await expect(page.getByRole('group', { name: 'Recent searches' }).getByRole('option')).toHaveCount(1, { timeout: 2_000 });
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
    await openHome(page);
    await box(page).focus();
    const recent = page.getByRole('group', { name: 'Recent searches' });
    await expect(recent.getByRole('option', { name: '<img src=x onerror=alert(1)>' })).toBeVisible();
    await expect(recent.getByRole('option', { name: '<script>alert(2)</script>' })).toBeVisible();
    const hostile = '"><svg onload=alert(3)><img src=x onerror=alert(4)>';
    await box(page).fill(hostile);
    await expect(page.getByText('No suggestions!')).toBeVisible();
    await box(page).press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: /Results for/ })).toBeVisible();
    await expect(async () => {
      await box(page).fill('');
      await box(page).focus();
      await expect(page.getByRole('group', { name: 'Recent searches' }).getByRole('option')).toHaveCount(3, { timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
    expect(await page.locator('#slot-mf-search img[src="x"], #slot-mf-search svg[onload], #slot-page img[src="x"]').count()).toBe(0);
    expect(dialogs).toBe(0);
  });

  test('analytics: view_item_list (item list 7) in the dataLayer; Insights click with queryID and 1-based position; conversion on Add to list', async ({ page, request }) => {
    await openHome(page);
    const itemAdded: unknown[] = [];
    await page.exposeFunction('__recordItemAdded', (p: unknown) => { itemAdded.push(p); });
    await page.evaluate(() => {
      const g = window as unknown as {
        __SHARED_EVENTS__: { bus: { on: (t: string) => { subscribe: (cb: (e: { payload: unknown }) => void) => unknown } } };
        __recordItemAdded: (p: unknown) => void;
      };
      g.__SHARED_EVENTS__.bus.on('list/item-added').subscribe((e) => g.__recordItemAdded(e.payload));
    });
    await box(page).fill('cheese');
    const products = page.getByRole('region', { name: 'Products' });
    await expect(products.getByRole('listitem').first()).toBeVisible();
    await expect.poll(() => page.evaluate(() => (window as unknown as { dataLayer?: Array<Record<string, unknown>> }).dataLayer
      ?.some((e) => e.event === 'view_item_list' && e.item_list_id === '7' && e.item_list_name === 'Search - Products'))).toBe(true);
    await products.getByRole('button', { name: /^Add to list: / }).first().click();
    await expect(products.getByRole('button', { name: /^Added: / }).first()).toBeVisible();
    await expect.poll(() => itemAdded.length).toBe(1);
    expect(itemAdded[0]).toMatchObject({ itemId: expect.stringMatching(/^\d+_[A-Z]+_3299$/), quantity: 1, position: 1, queryID: expect.stringMatching(/^[0-9a-f]{32}$/) });
    const queryID = (itemAdded[0] as { queryID: string }).queryID;
    await products.getByRole('listitem').nth(1).getByRole('link').click();
    await expect.poll(async () => {
      const res = await request.get(`${ENGINE}/1/events?queryID=${queryID}`, { headers: ADMIN });
      const { events } = (await res.json()) as { events: Array<{ eventType: string; positions?: number[] }> };
      return events.map((e) => `${e.eventType}:${e.positions?.join(',') ?? ''}`).sort();
    }).toEqual(['click:2', 'conversion:']);
  });
});
