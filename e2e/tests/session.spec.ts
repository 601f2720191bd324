import type { Page } from '@playwright/test';
import { test, expect } from '../fixtures/platform';

/**
 * Issue 3 "Sign-in, session": the shell signs in with the authorization-code flow + PKCE against the
 * local OpenID Connect provider (services/identity) and publishes the session on the bus; the header
 * remote shows it. Demo shoppers: services/seed/data/accounts/shoppers.json (password for all below).
 */
const PASSWORD = 'Groceries!2026';

interface SessionValue {
  uid: string | null;
  loggedIn: boolean;
  isLoading: boolean;
  id_token: string | null;
  profile: { firstName: string } | null;
  cardStatus?: string | null;
  scene: { cardNumber: string | null; linkedStatus: boolean; info: { pointBalance: number; dollarValue: number } | null } | null;
  product: { storeId: string | null };
}

interface BusWindow {
  __SHARED_EVENTS__: { bus: { state: { session: { value: SessionValue } } } };
  dataLayer?: Array<{ event: string }>;
}

const session = (page: Page) => page.evaluate(() => (window as unknown as BusWindow).__SHARED_EVENTS__.bus.state.session.value);

async function openAccountMenu(page: Page, name: string | RegExp) {
  await page.getByRole('button', { name }).click();
}

async function logInAtProvider(page: Page, email: string, password: string) {
  await expect(page.getByRole('heading', { name: 'Log in to your account' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log In' }).click();
}

/**
 * A shopper without a card gets mf-loyalty's addCard popup after sign-in (spec §4 "No card number: show
 * addCard popup"), which proves the session reached that remote too; 'Remind me later' closes it.
 */
async function dismissAddCardPopup(page: Page) {
  const dialog = page.getByRole('dialog', { name: 'Add your Scene+ card' });
  const shown = await dialog.waitFor({ timeout: 5_000 }).then(() => true, () => false);
  if (shown) {
    await dialog.getByRole('button', { name: 'Remind me later' }).click();
    await expect(dialog).toBeHidden();
  }
}

async function signOut(page: Page, trigger: RegExp, siteOrigin: string) {
  await openAccountMenu(page, trigger);
  await page.getByRole('button', { name: 'Sign Out' }).click();
  // End session at the provider (auto-submitted), then back on the storefront home page.
  await page.waitForURL((url) => url.origin === siteOrigin && url.pathname === '/' && !url.search, { timeout: 15_000 });
}

test.describe('session (issue 3: sign-in, session on the bus, sign-out)', () => {
  test('sign in as lena.linked via Account → Log In; the header greets her; reload keeps it; sign out → Account', async ({ page, platform }) => {
    await page.goto('/?query=milk&tab=product');
    await openAccountMenu(page, 'Account');
    await page.getByRole('button', { name: 'Log In' }).click();

    // The provider's own sign-in page (another origin).
    await page.waitForURL(new RegExp(`^http://localhost:${platform.ports.identity}/interaction/`));
    await logInAtProvider(page, 'lena.linked@example.com', PASSWORD);

    // Back on the page she was on, signed in: the header trigger no longer reads 'Account'.
    await page.waitForURL((url) => url.origin === platform.url && url.pathname === '/');
    expect(new URL(page.url()).search).toBe('?query=milk&tab=product');
    await expect(page.getByRole('button', { name: 'Hi, Lena...' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Account', exact: true })).toHaveCount(0);
    await expect.poll(async () => (await session(page)).isLoading).toBe(false);
    // Spec §4: the account was read and, as she has a card, its status inquired.
    expect(await session(page)).toMatchObject({
      uid: 'u-1003', loggedIn: true, profile: { firstName: 'Lena' }, cardStatus: 'LP01', product: { storeId: '3299' },
      scene: { cardNumber: '6046000000001003', linkedStatus: true, info: { pointBalance: 1250, dollarValue: 1250 } },
    });
    expect((await session(page)).id_token).toMatch(/^ey/);

    // A reload keeps the session (oidc-client-ts user in sessionStorage).
    await page.reload();
    await expect(page.getByRole('button', { name: 'Hi, Lena...' })).toBeVisible();

    await signOut(page, /^Hi, Lena/, platform.url);
    await expect(page.getByRole('button', { name: 'Account', exact: true })).toBeVisible();
    expect(await session(page)).toMatchObject({ uid: null, loggedIn: false, id_token: null });

    // Signed out at the provider too: Log In asks for the password again.
    await openAccountMenu(page, 'Account');
    await page.getByRole('button', { name: 'Log In' }).click();
    await expect(page.getByRole('heading', { name: 'Log in to your account' })).toBeVisible();
  });

  test("code 439 (sam.session): toast 'Something went wrong!' and forced sign-out (spec §4, §8)", async ({ page, platform }) => {
    await page.goto('/');
    await openAccountMenu(page, 'Account');
    await page.getByRole('button', { name: 'Log In' }).click();
    await page.waitForURL(new RegExp(`^http://localhost:${platform.ports.identity}/interaction/`));
    await logInAtProvider(page, 'sam.session@example.com', PASSWORD);
    await page.waitForURL((url) => url.origin === platform.url);
    await expect(page.getByText('Something went wrong!', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Account', exact: true })).toBeVisible();
    expect(await session(page)).toMatchObject({ uid: null, loggedIn: false });
  });

  test('a wrong password is refused on the provider page with a reason', async ({ page, platform }) => {
    await page.goto('/');
    await openAccountMenu(page, 'Account');
    await page.getByRole('button', { name: 'Log In' }).click();
    await page.waitForURL(new RegExp(`^http://localhost:${platform.ports.identity}/interaction/`));
    await logInAtProvider(page, 'lena.linked@example.com', 'not-her-password');
    await expect(page.getByRole('alert')).toHaveText('The email or password is incorrect. Please try again.');
    await expect(page.getByLabel('Email')).toHaveValue('lena.linked@example.com');
  });

  test('Sign Up creates a shopper who is signed in at once and can sign in again later', async ({ page, platform }) => {
    const email = `tess.tester.${Date.now()}@example.com`;
    // A tag snippet's dataLayer that survives the sign-out redirect: the shell keeps an existing array.
    await page.addInitScript(() => {
      const layer: unknown[] = [];
      layer.push = (...items: unknown[]) => {
        const saved = JSON.parse(sessionStorage.getItem('e2e.dataLayer') ?? '[]') as unknown[];
        sessionStorage.setItem('e2e.dataLayer', JSON.stringify([...saved, ...items]));
        return Array.prototype.push.apply(layer, items);
      };
      (window as unknown as { dataLayer: unknown[] }).dataLayer = layer;
    });
    await page.goto('/');
    await openAccountMenu(page, 'Account');
    await page.getByRole('button', { name: 'Sign Up' }).click();

    await page.waitForURL(new RegExp(`^http://localhost:${platform.ports.identity}/interaction/`));
    await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
    await page.getByLabel('First name').fill('Tess');
    await page.getByLabel('Last name').fill('Tester');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('short');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(page.getByRole('alert')).toHaveText('Password must be at least 8 characters.');
    await expect(page.getByLabel('First name')).toHaveValue('Tess');
    await page.getByLabel('Password').fill('tess-is-testing');
    await page.getByRole('button', { name: 'Sign Up' }).click();

    await page.waitForURL((url) => url.origin === platform.url && url.pathname === '/');
    await expect(page.getByRole('button', { name: 'Hi, Tess...' })).toBeVisible();
    expect(await session(page)).toMatchObject({ loggedIn: true, uid: expect.stringMatching(/^u-/) });
    await dismissAddCardPopup(page);

    await signOut(page, /^Hi, Tess/, platform.url);
    await expect(page.getByRole('button', { name: 'Account', exact: true })).toBeVisible();
    expect(await page.evaluate(() => JSON.parse(sessionStorage.getItem('e2e.dataLayer') ?? '[]'))).toContainEqual({ event: 'sign_out' });

    await openAccountMenu(page, 'Account');
    await page.getByRole('button', { name: 'Log In' }).click();
    await logInAtProvider(page, email, 'tess-is-testing');
    await page.waitForURL((url) => url.origin === platform.url);
    await expect(page.getByRole('button', { name: 'Hi, Tess...' })).toBeVisible();
  });
});
