import type { Page } from '@playwright/test';
import { test, expect } from '../fixtures/platform';
import { DEMO_PASSWORD as PASSWORD, storefront } from '../pages';
import { grantAnalyticsConsent } from '../pages/consent';
import { signIn } from '../fixtures/session';

/**
 * Sign-in and the session: the BFF signs the shopper in with the authorization-code flow + PKCE against
 * the local OpenID Connect provider (services/identity) and keeps the tokens; the page gets an HttpOnly
 * cookie, the shell publishes the session on the bus and the header remote shows it. Demo shoppers: services/seed/data/accounts/shoppers.json (password for all below).
 */
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

async function logInAtProvider(page: Page, email: string, password: string) {
  await storefront(page).identity.logIn(email, password, { checkHeading: true });
}

async function signOut(page: Page, trigger: RegExp, siteOrigin: string) {
  const { header } = storefront(page);
  await header.greeting(trigger).click();
  // End session at the provider (auto-submitted), then back on the storefront home page. The page may
  // already be '/' when the shopper signs out there: wait for it to leave for the provider first.
  const leftSite = page.waitForURL((url) => url.origin !== siteOrigin, { timeout: 15_000 });
  await header.signOutButton.click();
  await leftSite;
  await page.waitForURL((url) => url.origin === siteOrigin && url.pathname === '/' && !url.search, { timeout: 15_000 });
}

test.describe('session: sign-in, the session on the bus, sign-out', () => {
  test('sign in as lena.linked via Account → Log In; the header greets her; reload keeps it; sign out → Account', async ({ page, platform }) => {
    const { header, results, identity } = storefront(page);
    await results.goto('milk');
    await header.startLogIn();

    // The provider's own sign-in page (another origin).
    await identity.waitFor(platform.ports.identity);
    await logInAtProvider(page, 'lena.linked@example.com', PASSWORD);

    // Back on the page she was on, signed in: the header trigger no longer reads 'Account'.
    await page.waitForURL((url) => url.origin === platform.url && url.pathname === '/');
    expect(new URL(page.url()).search).toBe('?query=milk&tab=product');
    await expect(header.greeting('Hi, Lena...')).toBeVisible();
    await expect(header.accountButton).toHaveCount(0);
    await expect.poll(async () => (await session(page)).isLoading).toBe(false);
    // Spec §4: the account was read and, as she has a card, its status inquired.
    expect(await session(page)).toMatchObject({
      uid: 'u-1003', loggedIn: true, profile: { firstName: 'Lena' }, cardStatus: 'LP01', product: { storeId: '3299' },
      scene: { cardNumber: '6046000000001003', linkedStatus: true, info: { pointBalance: 1250, dollarValue: 1250 } },
    });
    expect((await session(page)).id_token).toBeNull();

    // A reload keeps the session (the BFF's session cookie).
    await page.reload();
    await expect(header.greeting('Hi, Lena...')).toBeVisible();

    await signOut(page, /^Hi, Lena/, platform.url);
    await expect(header.accountButton).toBeVisible();
    expect(await session(page)).toMatchObject({ uid: null, loggedIn: false, id_token: null });

    // Signed out at the provider too: Log In asks for the password again.
    await header.startLogIn();
    await expect(identity.logInHeading).toBeVisible();
  });

  test("code 439 (sam.session): toast 'Something went wrong!' and forced sign-out (spec §4, §8)", async ({ page, platform }) => {
    const { home, header, identity } = storefront(page);
    await home.goto();
    await header.startLogIn();
    await identity.waitFor(platform.ports.identity);
    await logInAtProvider(page, 'sam.session@example.com', PASSWORD);
    await page.waitForURL((url) => url.origin === platform.url);
    await expect(page.getByText('Something went wrong!', { exact: true })).toBeVisible();
    await expect(header.accountButton).toBeVisible();
    expect(await session(page)).toMatchObject({ uid: null, loggedIn: false });
  });

  test('a wrong password is refused on the provider page with a reason', async ({ page, platform }) => {
    const { home, header, identity } = storefront(page);
    await home.goto();
    await header.startLogIn();
    await identity.waitFor(platform.ports.identity);
    await logInAtProvider(page, 'lena.linked@example.com', 'not-her-password');
    await expect(identity.error).toHaveText('The email or password is incorrect. Please try again.');
    await expect(identity.email).toHaveValue('lena.linked@example.com');
  });

  test('Sign Up creates a shopper who is signed in at once and can sign in again later', async ({ page, platform, context, baseURL }) => {
    await grantAnalyticsConsent(context, baseURL!); // sign_out reaches the dataLayer only with consent group C0002
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
    const { home, header, identity, popups } = storefront(page);
    await home.goto();
    await header.accountButton.click();
    await header.signUpButton.click();

    await identity.waitFor(platform.ports.identity);
    await expect(identity.signUpHeading).toBeVisible();
    await identity.firstName.fill('Tess');
    await identity.lastName.fill('Tester');
    await identity.email.fill(email);
    await identity.password.fill('short');
    await identity.signUpButton.click();
    await expect(identity.error).toHaveText('Password must be at least 8 characters.');
    await expect(identity.firstName).toHaveValue('Tess');
    await identity.password.fill('tess-is-testing');
    await identity.signUpButton.click();

    await page.waitForURL((url) => url.origin === platform.url && url.pathname === '/');
    await expect(header.greeting('Hi, Tess...')).toBeVisible();
    expect(await session(page)).toMatchObject({ loggedIn: true, uid: expect.stringMatching(/^u-/) });
    // A shopper without a card gets mf-loyalty's addCard popup after sign-in (spec §4 "No card number:
    // show addCard popup"), which proves the session reached that remote too; 'Remind me later' closes it.
    await popups.remindLaterIfShown();

    await signOut(page, /^Hi, Tess/, platform.url);
    await expect(header.accountButton).toBeVisible();
    expect(await page.evaluate(() => JSON.parse(sessionStorage.getItem('e2e.dataLayer') ?? '[]'))).toContainEqual({ event: 'sign_out' });

    await header.startLogIn();
    await logInAtProvider(page, email, 'tess-is-testing');
    await page.waitForURL((url) => url.origin === platform.url);
    await expect(header.greeting('Hi, Tess...')).toBeVisible();
  });
});

/** Every value a script on the page can read: cookies, both Web Storages, every IndexedDB record, the bus session. */
async function everythingScriptsCanRead(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const values: string[] = [document.cookie];
    for (const store of [localStorage, sessionStorage]) {
      for (let i = 0; i < store.length; i++) values.push(`${store.key(i)}=${store.getItem(store.key(i)!)}`);
    }
    for (const info of await indexedDB.databases()) {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open(info.name!);
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      for (const name of Array.from(db.objectStoreNames)) {
        const all = await new Promise<unknown[]>((resolve, reject) => {
          const req = db.transaction(name, 'readonly').objectStore(name).getAll();
          req.onsuccess = () => resolve(req.result);
          req.onerror = () => reject(req.error);
        });
        values.push(`${info.name}/${name}=${JSON.stringify(all)}`);
      }
      db.close();
    }
    values.push(JSON.stringify((window as unknown as BusWindow).__SHARED_EVENTS__.bus.state.session.value));
    return values.join('\n');
  });
}

test.describe('the session at the BFF (OAuth 2.0 for Browser-Based Apps: no token in the browser)', () => {
  test('no script on the page can read a token; the session cookie is HttpOnly, Secure, SameSite=Lax, __Host-', async ({ page, platform, context }) => {
    await signIn(page, 'lena.linked@example.com', { startPath: '/shopping-list' });
    await expect(storefront(page).header.greeting('Hi, Lena...')).toBeVisible();
    expect(await session(page)).toMatchObject({ uid: 'u-1003', loggedIn: true, cardStatus: 'LP01', id_token: null });

    const readable = await everythingScriptsCanRead(page);
    expect(readable).not.toMatch(/eyJ[\w-]+\.eyJ[\w-]+\.[\w-]*/); // no JWT (id token) anywhere
    const cookies = await context.cookies(platform.url);
    const sessionCookie = cookies.find((c) => c.name === '__Host-storefront-session');
    expect(sessionCookie).toMatchObject({ httpOnly: true, secure: true, sameSite: 'Lax', path: '/' });
    expect(readable).not.toContain(sessionCookie!.value);
    // the only cookie of the BFF a script sees is the secret-free hint
    expect(await page.evaluate(() => document.cookie)).toContain('__Host-storefront-signed-in=1');
  });

  test("a cross-site write carrying the shopper's session cookie is refused; her list is unchanged", async ({ page, platform, context }) => {
    await signIn(page, 'lena.linked@example.com', { startPath: '/shopping-list' });
    const cookie = (await context.cookies(platform.url)).map((c) => `${c.name}=${c.value}`).join('; ');
    const itemId = '20114008'; // Frozen Potatoes (seed catalogue)
    const write = (headers: Record<string, string>) => context.request.put(`${platform.url}/api/shopping-list/items/${itemId}`, {
      headers: { cookie, 'content-type': 'application/json', 'x-nonce': `e2e-${Date.now()}-${Math.random()}`, ...headers },
      data: { product_type: 'product', quantity: 7 },
      failOnStatusCode: false,
    });
    const list = async () => {
      const res = await context.request.get(`${platform.url}/api/shopping-list`, { headers: { cookie, 'x-nonce': `e2e-${Date.now()}-${Math.random()}` } });
      expect(res.status()).toBe(200);
      return JSON.stringify(await res.json());
    };
    const before = await list();

    // A page on another site posts with the cookie (what a form or no-cors fetch can do): no custom header.
    const foreign = await write({ origin: 'http://attacker.test' });
    expect(foreign.status()).toBe(403);
    expect(await foreign.json()).toMatchObject({ status: 'error', code: 'CSRF', message: expect.stringContaining('Cross-site request refused') });
    // Even with the storefront's header, a foreign Origin is refused.
    expect((await write({ origin: 'http://attacker.test', 'x-storefront-csrf': '1' })).status()).toBe(403);
    // The storefront's own header without an Origin check passing is not enough either: a same-site write needs both.
    expect((await write({ 'sec-fetch-site': 'cross-site', 'x-storefront-csrf': '1', origin: platform.url })).status()).toBe(403);
    expect(await list()).toBe(before);

    // A cross-site POST: signing her out from another site is refused too, and her session still works.
    const logout = await context.request.post(`${platform.url}/api/auth/logout`, { headers: { cookie, origin: 'http://attacker.test', 'content-type': 'application/json', 'x-nonce': `e2e-${Date.now()}` }, data: {}, failOnStatusCode: false });
    expect(logout.status()).toBe(403);
    expect(await list()).toBe(before);
  });
});
