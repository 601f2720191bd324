import { test, expect } from '../fixtures/platform';
import { sessionLoaded } from '../fixtures/session';
import { storefront } from '../pages';
import { MailInbox } from '../pages/loyalty';
import { PasswordResetPages, resetLinkIn } from '../pages/password-reset';

/**
 * Forgotten password (services/identity `/password/*`): 'Forgot password?' on the provider's sign-in
 * page → a mail (read through MailDev's REST API) with a single-use link → a new password → signed in
 * with it; the shopper's other sessions end (the provider's, and the storefront's through OIDC Back-Channel
 * Logout to the BFF); an unknown email gets exactly the same answer.
 */
const OLD_PASSWORD = 'first-password-1';
const NEW_PASSWORD = 'second-password-2';

/** A new authorization request at the provider (as the storefront's Log In makes), to see whether this browser still has a provider session. */
const authorizeUrl = (identityPort: number, site: string) => `http://localhost:${identityPort}/auth?${new URLSearchParams({
  client_id: 'storefront', redirect_uri: `${site}/auth/callback`, response_type: 'code', scope: 'openid profile email',
  code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM', code_challenge_method: 'S256', state: 'provider-session-probe',
})}`;

test('a shopper resets a forgotten password from the mailed link; her other browser is signed out of the storefront and the provider; unknown emails learn nothing', async ({ page, browser, platform }) => {
  const email = `rosa.reset.${Date.now()}@example.com`;
  const inbox = new MailInbox(platform.mailInboxUrl);

  // Browser A: a new shopper signs up (and is signed in).
  const a = storefront(page);
  await page.goto('/');
  await a.header.accountButton.click();
  await a.header.signUpButton.click();
  await a.identity.waitFor(platform.ports.identity);
  await a.identity.firstName.fill('Rosa');
  await a.identity.lastName.fill('Reset');
  await a.identity.email.fill(email);
  await a.identity.password.fill(OLD_PASSWORD);
  await a.identity.signUpButton.click();
  await page.waitForURL((url) => url.origin === platform.url);
  await sessionLoaded(page);
  await expect(a.header.greeting(/^Hi, Rosa/)).toBeVisible();

  // Browser B: Log In → 'Forgot password?' → her email.
  const contextB = await browser.newContext({ baseURL: platform.url });
  try {
    const pageB = await contextB.newPage();
    const b = storefront(pageB);
    const reset = new PasswordResetPages(pageB);
    await pageB.goto('/');
    await b.header.startLogIn();
    await b.identity.waitFor(platform.ports.identity);
    const known = await reset.ask(email);
    expect(known.status).toBe(200);

    // An unknown email: exactly the same page and status.
    await reset.backToLogIn.click();
    const unknown = await reset.ask(`nobody.${Date.now()}@example.com`);
    expect(unknown).toEqual(known);

    // The mail (MailDev's API): one, to her, with the link.
    await expect.poll(async () => (await inbox.mailsTo(email)).length, { timeout: 15_000 }).toBe(1);
    const [mail] = await inbox.mailsTo(email);
    expect(mail!.subject).toBe('Reset your Harbour Market password');
    const link = resetLinkIn(mail!.text);

    // A new password, then back to the same sign-in: the old password is refused, the new one signs her in.
    await reset.choose(link, NEW_PASSWORD);
    await expect(reset.changedNotice).toBeVisible();
    await b.identity.logIn(email, OLD_PASSWORD);
    await expect(b.identity.error).toContainText('The email or password is incorrect.');
    await b.identity.logIn(email, NEW_PASSWORD);
    await pageB.waitForURL((url) => url.origin === platform.url && !url.pathname.startsWith('/auth/'), { timeout: 20_000 });
    await sessionLoaded(pageB);
    await expect(b.header.greeting(/^Hi, Rosa/)).toBeVisible();

    // The link works once.
    await pageB.goto(link);
    await expect(reset.deadLink).toBeVisible();
    await expect(reset.askAgain).toBeVisible();
  } finally {
    await contextB.close();
  }

  // Browser A: the BFF heard of the reset (OIDC Back-Channel Logout): a reload shows her signed out.
  await page.goto('/');
  await page.waitForFunction(() => {
    const g = globalThis as unknown as { __SHARED_EVENTS__?: { bus: { state: { session: { value: { loggedIn: boolean; isLoading: boolean } | null } } } } };
    const s = g.__SHARED_EVENTS__?.bus.state.session.value;
    return !!s && !s.isLoading && !s.loggedIn;
  }, undefined, { timeout: 20_000 });
  await expect(a.header.greeting(/^Hi, Rosa/)).toHaveCount(0);
  await expect(a.header.accountButton).toBeVisible();

  // And its provider session has ended: a new sign-in there asks for the password again.
  await page.goto(authorizeUrl(platform.ports.identity, platform.url));
  await expect(a.identity.logInHeading).toBeVisible();
});
