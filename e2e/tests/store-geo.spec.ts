import { test, expect } from '../fixtures/platform';
import { StoreSelector, storefront } from '../pages';

/**
 * Spec §4 Store selection, first visit: "If no store is stored, default store 3299 is loaded, and the
 * user's location is requested once. If permission is denied (code 1) the fallback is silent. Other
 * location failures show the toast 'Failed to get your location. Please try searching for a store.'"
 * Each test runs in a fresh browser context, so nothing is stored yet.
 */
const LOCATION_ERROR = 'Failed to get your location. Please try searching for a store.';

test.describe('first visit with the location granted (near Antigonish)', () => {
  test.use({ geolocation: { latitude: 45.62, longitude: -61.99 }, permissions: ['geolocation'] });

  test('the selector offers the stores nearest the shopper, nearest first; asked only once', async ({ page }) => {
    const { home, store } = storefront(page);
    await home.goto();
    const dialog = store.dialog;
    await expect(dialog).toBeVisible();
    const near = store.near;
    await expect(near.getByRole('listitem')).toHaveCount(3);
    await expect(near.getByRole('heading').first()).toHaveText('Antigonish Co-op');
    await expect(near.getByRole('heading').nth(1)).toHaveText('New Glasgow Westville Road');
    await expect(dialog.getByText('Closest to your location')).toBeVisible();
    // The default store 3299 is loaded meanwhile and stays until the shopper picks.
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    const storeButton = store.buttonFor('Halifax Quinpool');
    await expect(storeButton).toBeFocused();
    await expect(page.getByText(LOCATION_ERROR)).toHaveCount(0);

    // Second visit in the same browser: the location is not requested again.
    await page.reload();
    await expect(store.buttonFor('Halifax Quinpool')).toBeVisible();
    await page.waitForTimeout(1000);
    await expect(store.dialog).toHaveCount(0);
  });

  test('picking an offered store confirms it and the header follows without a reload', async ({ page }) => {
    const { home, store } = storefront(page);
    await home.goto();
    const first = store.near.getByRole('listitem').first();
    await StoreSelector.selectButton(first).click();
    await expect(store.sheet).toContainText('Antigonish Co-op');
    await store.confirmButton.click();
    await expect(store.buttonFor('Antigonish Co-op')).toBeFocused();
    await expect(page.getByText('Your store is now Antigonish Co-op.')).toBeVisible();
  });
});

test.describe('first visit with the location denied (Playwright default: permission refused)', () => {
  test('silent fallback: the default store, no toast, no dialog', async ({ page }) => {
    const { home, store } = storefront(page);
    await home.goto();
    await expect(store.buttonFor('Halifax Quinpool')).toBeVisible();
    await page.waitForTimeout(1000);
    await expect(page.getByText(LOCATION_ERROR)).toHaveCount(0);
    await expect(store.dialog).toHaveCount(0);
  });
});

test.describe('first visit with a location failure (code 2 POSITION_UNAVAILABLE)', () => {
  test("toast 'Failed to get your location. Please try searching for a store.'; the default store stays", async ({ page }) => {
    await page.addInitScript(() => {
      navigator.geolocation.getCurrentPosition = (_ok, fail) => {
        setTimeout(() => fail?.({ code: 2, message: 'Position unavailable', PERMISSION_DENIED: 1, POSITION_UNAVAILABLE: 2, TIMEOUT: 3 } as GeolocationPositionError), 50);
      };
    });
    const { home, store } = storefront(page);
    await home.goto();
    await expect(page.getByRole('alert').filter({ hasText: LOCATION_ERROR })).toBeVisible();
    await expect(store.buttonFor('Halifax Quinpool')).toBeVisible();
    await expect(store.dialog).toHaveCount(0);
  });
});
