import type { Locator, Page } from '@playwright/test';
import { test, expect } from '../fixtures/platform';
import { signIn as signInAs } from '../fixtures/session';
import { LoyaltyPopups, storefront } from '../pages';

/**
 * The Scene+ panel of the account menu (spec §2 Header "exactly one of four states", spec §4):
 * each state reached by signing in as the matching seeded shopper
 * (services/seed/data/accounts/shoppers.json, password Groceries!2026):
 * nora (no card) → 'Link Your Scene+ Card'; gina (LP03) → 'Register Scene+ Card';
 * liam (LP01, not linked) → 'Verify Your Scene+ Card'; lena (linked) → '1,250' PTS and '$12.50'.
 */
const SCENE_BUTTONS = ['Link Your Scene+ Card', 'Register Scene+ Card', 'Verify Your Scene+ Card'];

/** Signs in (fixtures/session.ts), then closes a card popup mf-loyalty may open so the header is reachable. */
async function signIn(page: Page, email: string) {
  await signInAs(page, email);
  await new LoyaltyPopups(page).closeIfShown();
}

async function shownSceneButtons(panel: Locator) {
  const shown: string[] = [];
  for (const name of SCENE_BUTTONS) if (await panel.getByRole('button', { name }).count()) shown.push(name);
  return shown;
}

test.describe('Scene+ panel per seeded shopper (spec §2 Header, §4)', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("nora (no card) → 'Link Your Scene+ Card', which opens the add-card popup", async ({ page }) => {
    const { header, popups } = storefront(page);
    await signIn(page, 'nora.nocard@example.com');
    const panel = await header.openAccountMenu('Hi, Nora...');
    expect(await shownSceneButtons(panel)).toEqual(['Link Your Scene+ Card']);
    await expect(panel.getByTestId('scene-panel').getByText('PTS')).toHaveCount(0);
    await panel.getByRole('button', { name: 'Link Your Scene+ Card' }).click();
    await expect(popups.addCard).toBeVisible();
  });

  test("gina (LP03) → 'Register Scene+ Card', which reopens the ghost-card popup", async ({ page }) => {
    const { header, popups } = storefront(page);
    await signIn(page, 'gina.ghost@example.com');
    const panel = await header.openAccountMenu('Hi, Gina...');
    expect(await shownSceneButtons(panel)).toEqual(['Register Scene+ Card']);
    await panel.getByRole('button', { name: 'Register Scene+ Card' }).click();
    await expect(popups.ghostCard).toBeVisible();
  });

  test("liam (LP01, not linked) → 'Verify Your Scene+ Card', to /verify-card?redirectUrl=<path>, disabled there", async ({ page }) => {
    const { header } = storefront(page);
    await signIn(page, 'liam.lp01@example.com');
    let panel = await header.openAccountMenu('Hi, Liam...');
    expect(await shownSceneButtons(panel)).toEqual(['Verify Your Scene+ Card']);
    await panel.getByRole('button', { name: 'Verify Your Scene+ Card' }).click();
    await expect(page).toHaveURL(/\/verify-card\?redirectUrl=%2F$/);
    panel = await header.openAccountMenu('Hi, Liam...');
    await expect(panel.getByRole('button', { name: 'Verify Your Scene+ Card' })).toBeDisabled();
  });

  test("lena (linked) → the balance: '1,250' with a PTS badge and '$12.50'", async ({ page }) => {
    const { header } = storefront(page);
    await signIn(page, 'lena.linked@example.com');
    const panel = await header.openAccountMenu('Hi, Lena...');
    expect(await shownSceneButtons(panel)).toEqual([]);
    await expect(panel.getByTestId('scene-points')).toHaveText('1,250');
    await expect(panel.getByText('PTS', { exact: true })).toBeVisible();
    await expect(panel.getByTestId('scene-dollars')).toHaveText('$12.50');
  });
});
