/**
 * Forgotten password over real HTTP: 'Forgot password?' on the sign-in page, the same answer for every
 * email, a mailed link that works once within 30 minutes (the server's clock is moved, not waited for),
 * the sign-up password rule, every other session of the shopper ended, throttles and CSRF — in memory
 * (one process) and on PostgreSQL (replicas).
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { AccountStore } from '../src/accounts';
import { resetMail, smtpMailer, type MailMessage, type Mailer } from '../src/mailer';
import { createIdentityServer, type IdentityServer } from '../src/server';
import { RESET_LIMITS } from '../src/throttle';
import { Browser, CLIENT_SECRET, csrfIn, exchange, freePort, freshDatabase, PUBLIC_ORIGIN, refresh, verifyAt } from './backends';

const OLD_PASSWORD = 'Old-password-1';
const NEW_PASSWORD = 'New-password-2';

/** A mailer that keeps what it is given. */
class Outbox implements Mailer {
  readonly sent: MailMessage[] = [];
  async send(message: MailMessage): Promise<void> {
    this.sent.push(message);
  }
  to(email: string): MailMessage[] {
    return this.sent.filter((m) => m.to === email);
  }
}

let addressSeq = 0;
/** A browser from an address of its own (the server trusts loopback's X-Forwarded-For), so throttles do not meet. */
const newBrowser = (issuer: string) => new Browser(issuer, { 'x-forwarded-for': `10.9.${Math.floor(addressSeq / 250)}.${(addressSeq++ % 250) + 1}` });

/** One provider under test, with its clock offset, outbox and helpers. */
function suite(name: string, database: boolean) {
  const ctx = { idp: undefined as unknown as IdentityServer, base: '', skewMs: 0, outbox: new Outbox(), logoutTokens: [] as string[], relyingParty: undefined as unknown as http.Server };

  beforeAll(async () => {
    // The storefront's back-channel logout endpoint: keeps each logout_token.
    ctx.relyingParty = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        ctx.logoutTokens.push(new URLSearchParams(body).get('logout_token') ?? '');
        res.writeHead(200).end();
      });
    });
    await new Promise<void>((r) => ctx.relyingParty.listen(0, '127.0.0.1', r));
    const backchannelLogoutUri = `http://127.0.0.1:${(ctx.relyingParty.address() as AddressInfo).port}/auth/backchannel-logout`;
    const port = await freePort();
    ctx.base = `http://localhost:${port}`;
    const databaseUrl = database ? await freshDatabase() : undefined;
    const accounts = database ? undefined : await AccountStore.create({ cost: 4 });
    ctx.idp = await createIdentityServer({
      issuer: ctx.base, publicOrigin: PUBLIC_ORIGIN, clientSecret: CLIENT_SECRET, accounts, databaseUrl, bcryptCost: 4,
      log: false, trustProxy: 'loopback', mailer: ctx.outbox, now: () => Date.now() + ctx.skewMs, backchannelLogoutUri,
    });
    await ctx.idp.listen(port, '127.0.0.1');
  }, 60_000);

  afterAll(async () => {
    await ctx.idp.close();
    await new Promise((r) => ctx.relyingParty.close(r));
  });

  beforeEach(() => {
    ctx.skewMs = 0;
  });

  /** A new shopper with {@link OLD_PASSWORD}. */
  const newShopper = async () => {
    const email = `reset-${randomBytes(5).toString('hex')}@example.com`;
    await ctx.idp.accounts.signUp({ firstName: 'Rosa', lastName: 'Reset', email, password: OLD_PASSWORD });
    return email;
  };

  /** Signs in in `browser` (a new authorization); resolves to the callback URL or null when the password is refused. */
  const signIn = async (browser: Browser, email: string, password: string) => {
    const { verifier, res } = await browser.authorize(ctx.base);
    const interaction = res.headers.get('location')!;
    const login = await browser.post(ctx.base, `${interaction}/login`, { email, password });
    if (login.status === 401) return null;
    const callback = await browser.follow([ctx.base], login);
    const tokens = await exchange(ctx.base, callback!.searchParams.get('code')!, verifier);
    return tokens.body;
  };

  /** Asks for a link from the sign-in page of a new authorization in `browser`; resolves to the answer and the interaction. */
  const ask = async (browser: Browser, email: string) => {
    const { res } = await browser.authorize(ctx.base);
    const interaction = res.headers.get('location')!;
    const signInPage = await (await browser.request(ctx.base, interaction)).text();
    const forgot = /<a href="([^"]+)">Forgot password\?<\/a>/.exec(signInPage)![1]!.replace(/&amp;/g, '&');
    const form = await browser.request(ctx.base, forgot);
    const html = await form.text();
    const answer = await browser.rawPost(ctx.base, '/password/forgot', { csrf: csrfIn(html), interaction: interaction.split('/').pop()!, email });
    await ctx.idp.mailSettled();
    return { answer, status: answer.status, body: await answer.text(), interaction };
  };

  const linkIn = (mail: MailMessage) => new URL(/https?:\/\/\S+\/password\/reset\?token=[\w-]+/.exec(mail.text)![0]);

  /** Opens the link and submits `password`; resolves to the answer. */
  const choose = async (browser: Browser, link: URL, password: string) => {
    const page = await browser.request(ctx.base, link.pathname + link.search);
    const html = await page.text();
    if (page.status !== 200) return { status: page.status, html, res: page };
    const res = await browser.rawPost(ctx.base, '/password/reset', { csrf: csrfIn(html), token: link.searchParams.get('token')!, password });
    return { status: res.status, html: await res.text(), res };
  };

  describe(`${name}: forgotten password`, () => {
    test('the sign-in page links to "Forgot password?"; a known email gets a mail with a link, text and HTML, the banner name', async () => {
      const email = await newShopper();
      const { status, body } = await ask(newBrowser(ctx.base), email);
      expect(status).toBe(200);
      expect(body).toContain('<h1>Check your email</h1>');
      const [mail] = ctx.outbox.to(email);
      expect(mail!.subject).toBe('Reset your Harbour Market password');
      expect(mail!.text).toContain('Hi Rosa,');
      expect(mail!.text).toContain('within 30 minutes');
      expect(mail!.html).toContain(`href="${linkIn(mail!).href}"`);
      expect(linkIn(mail!).origin).toBe(ctx.base);
    });

    test('an unknown email gets exactly the same page and status, and no mail is sent', async () => {
      const email = await newShopper();
      const known = await ask(newBrowser(ctx.base), email);
      expect(known.status).toBe(200);
      expect(ctx.outbox.to(email)).toHaveLength(1);
      const before = ctx.outbox.sent.length;
      const unknown = await ask(newBrowser(ctx.base), `nobody-${randomBytes(4).toString('hex')}@example.com`);
      expect(unknown.status).toBe(known.status);
      // The pages differ only by the pending sign-in they link back to.
      expect(unknown.body.replace(unknown.interaction, 'X')).toBe(known.body.replace(known.interaction, 'X'));
      expect(ctx.outbox.sent.length).toBe(before);
    });

    test('the link sets a new password once; the old password no longer works, the new one does; used again it says so', async () => {
      const email = await newShopper();
      const browser = newBrowser(ctx.base);
      const { interaction } = await ask(browser, email);
      const link = linkIn(ctx.outbox.to(email)[0]!);
      const done = await choose(browser, link, NEW_PASSWORD);
      expect(done.status).toBe(303);
      expect(done.res.headers.get('location')).toBe(`${interaction}?screen=login&changed=1`);
      const back = await (await browser.request(ctx.base, done.res.headers.get('location')!)).text();
      expect(back).toContain('Your password has been changed');
      expect(await signIn(newBrowser(ctx.base), email, OLD_PASSWORD)).toBeNull();
      expect(await signIn(newBrowser(ctx.base), email, NEW_PASSWORD)).toMatchObject({ id_token: expect.any(String) });
      const again = await choose(newBrowser(ctx.base), link, 'Third-password-3');
      expect(again.status).toBe(410);
      expect(again.html).toContain('This password reset link has expired or was already used.');
      expect(again.html).toContain('<a href="/password/forgot">Ask for a new link</a>');
    });

    test('the link works for 30 minutes, not a millisecond more', async () => {
      const email = await newShopper();
      await ask(newBrowser(ctx.base), email);
      await ask(newBrowser(ctx.base), email);
      const [first, second] = ctx.outbox.to(email).map(linkIn);
      ctx.skewMs = 30 * 60_000 - 1000;
      const page = await newBrowser(ctx.base).request(ctx.base, first!.pathname + first!.search);
      expect(page.status).toBe(200);
      ctx.skewMs = 30 * 60_000 + 1;
      const late = await choose(newBrowser(ctx.base), second!, NEW_PASSWORD);
      expect(late.status).toBe(410);
      expect(await signIn(newBrowser(ctx.base), email, OLD_PASSWORD)).not.toBeNull();
    });

    test('a new password follows the sign-up rules: too short is refused and the link still works', async () => {
      const email = await newShopper();
      const browser = newBrowser(ctx.base);
      await ask(browser, email);
      const link = linkIn(ctx.outbox.to(email)[0]!);
      const short = await choose(browser, link, 'short');
      expect(short.status).toBe(400);
      expect(short.html).toContain('Password must be at least 8 characters.');
      const long = await choose(browser, link, 'x'.repeat(73));
      expect(long.html).toContain('Password must be at most 72 characters.');
      expect((await choose(browser, link, NEW_PASSWORD)).status).toBe(303);
    });

    test('every other session of the shopper ends: its refresh token is refused and its browser must log in again', async () => {
      const email = await newShopper();
      const other = newBrowser(ctx.base);
      const tokens = await signIn(other, email, OLD_PASSWORD);
      // Signed in at the provider: a new authorization in that browser goes straight to the storefront.
      expect(await other.follow([ctx.base], (await other.authorize(ctx.base)).res)).not.toBeNull();
      const browser = newBrowser(ctx.base);
      await ask(browser, email);
      expect((await choose(browser, linkIn(ctx.outbox.to(email)[0]!), NEW_PASSWORD)).status).toBe(303);
      expect((await refresh(ctx.base, tokens!.refresh_token!)).body.error).toBe('invalid_grant');
      const { res } = await other.authorize(ctx.base);
      expect(await other.follow([ctx.base], res)).toBeNull();
      expect(res.headers.get('location')).toMatch(/^\/interaction\//);
      // The storefront is told (OIDC Back-Channel Logout): a signed logout token for the shopper, no sid = every session.
      const uid = (await ctx.idp.accounts.findByEmail(email))!.uid;
      const claims = await Promise.all(ctx.logoutTokens.map(async (t) => (await verifyAt(ctx.base, ctx.base, t)).payload));
      const mine = claims.filter((c) => c.sub === uid);
      expect(mine).toHaveLength(1);
      expect(mine[0]).toMatchObject({ aud: 'storefront', events: { 'http://schemas.openid.net/event/backchannel-logout': {} } });
      expect(mine[0]).not.toHaveProperty('sid');
    });

    test(`asking is throttled per email (${RESET_LIMITS.perEmail}/h, known or not) and per client address (${RESET_LIMITS.perAddress}/h)`, async () => {
      const email = `nobody-${randomBytes(4).toString('hex')}@example.com`;
      for (let i = 0; i < RESET_LIMITS.perEmail; i += 1) expect((await ask(newBrowser(ctx.base), email)).status).toBe(200);
      const refused = await ask(newBrowser(ctx.base), email);
      expect(refused.status).toBe(429);
      expect(refused.answer.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(refused.body).toContain('Too many password reset requests.');
      const browser = newBrowser(ctx.base);
      for (let i = 0; i < RESET_LIMITS.perAddress; i += 1) expect((await ask(browser, `n${i}-${email}`)).status).toBe(200);
      expect((await ask(browser, `last-${email}`)).status).toBe(429);
    });

    test('forms without their CSRF token are refused (403); a malformed email is a 400 with the reason', async () => {
      const browser = newBrowser(ctx.base);
      expect((await browser.rawPost(ctx.base, '/password/forgot', { email: 'a@example.com' })).status).toBe(403);
      expect((await browser.rawPost(ctx.base, '/password/reset', { token: 'x', password: NEW_PASSWORD })).status).toBe(403);
      const bad = await ask(browser, 'not-an-email');
      expect(bad.status).toBe(400);
      expect(bad.body).toContain('Enter a valid email address, like name@example.com.');
    });

    test('a link for nothing, or a reset outside a sign-in, answers clearly', async () => {
      const unknown = await newBrowser(ctx.base).request(ctx.base, `/password/reset?token=${'A'.repeat(43)}`);
      expect(unknown.status).toBe(410);
      const email = await newShopper();
      const browser = newBrowser(ctx.base);
      const page = await (await browser.request(ctx.base, '/password/forgot')).text();
      expect(page).toContain(`<a href="${PUBLIC_ORIGIN}/">Back to Log In</a>`);
      expect((await browser.rawPost(ctx.base, '/password/forgot', { csrf: csrfIn(page), email })).status).toBe(200);
      await ctx.idp.mailSettled();
      const done = await choose(browser, linkIn(ctx.outbox.to(email)[0]!), NEW_PASSWORD);
      expect(done.status).toBe(200);
      expect(done.html).toContain('Your password has been changed');
    });
  });
}

suite('one process', false);
suite('PostgreSQL', true);

describe('the reset mail over nodemailer', () => {
  test('is multipart: a plain-text and an HTML part, from the banner, the shopper\'s name escaped in the HTML', async () => {
    const raws: string[] = [];
    // A nodemailer transport that keeps the built message instead of speaking SMTP.
    const capture = {
      name: 'capture', version: '1',
      send: (mail: { message: { build: (cb: (err: Error | null, raw: Buffer) => void) => void } }, done: (err: Error | null, info: unknown) => void) =>
        mail.message.build((err, raw) => {
          raws.push(raw.toString('utf8'));
          done(err, {});
        }),
    };
    const mailer = smtpMailer(capture as never, 'Harbour Market <no-reply@harbour.test>');
    const message = resetMail({ to: 'ann@example.com', firstName: '<b>Ann</b>', link: 'http://localhost:4100/password/reset?token=abc&x=1', minutes: 30 });
    await mailer.send(message);
    mailer.close();
    expect(message.text).toContain('Hi <b>Ann</b>,');
    expect(message.html).toContain('Hi &lt;b&gt;Ann&lt;/b&gt;,');
    expect(message.html).toContain('href="http://localhost:4100/password/reset?token=abc&amp;x=1"');
    const raw = raws[0]!;
    expect(raw).toContain('From: Harbour Market <no-reply@harbour.test>');
    expect(raw).toContain('Subject: Reset your Harbour Market password');
    expect(raw).toMatch(/Content-Type: multipart\/alternative/);
    expect(raw).toMatch(/Content-Type: text\/plain/);
    expect(raw).toMatch(/Content-Type: text\/html/);
  });
});
