/**
 * Forgotten password:
 *
 *   GET  /password/forgot[?interaction=<uid>] -> 'Forgot your password?' (Email, 'Send reset link')
 *   POST /password/forgot                      -> 200 'Check your email', the same page and status whether or
 *                                                 not an account has the email; a mail (with a link valid
 *                                                 30 min, once) only when one has. Throttled per email and
 *                                                 per client address (429 + Retry-After)
 *   GET  /password/reset?token=<t>             -> 'Choose a new password'; a used/expired/unknown link → 410
 *   POST /password/reset                       -> the sign-up password rule (400), then the new password;
 *                                                 every provider session and grant of the shopper ends; 303 to
 *                                                 the sign-in it was asked from (with a confirmation), else 200
 *
 * Forms carry a CSRF token bound to a double-submit cookie (Path=/password); none → 403.
 */
import type http from 'node:http';
import { normaliseEmail, validateEmail, validatePassword, type Accounts, type FieldError } from './accounts';
import type Provider from 'oidc-provider';
import type { AdapterFactory } from 'oidc-provider';
import type { Pool } from 'pg';
import { MemoryAccountSessions, PgAccountSessions, type AccountSessions } from './account-sessions';
import { clientAddress, type TrustedProxies } from './client-address';
import { FormTokens } from './form-tokens';
import { HttpProblem, PASSWORD_CSRF_COOKIE, cookieOf, csrfCookie, csrfProblem, readForm, sendHtml, waitText } from './forms';
import type { Logger } from './log';
import { resetMail, smtpMailer, unsentMailer, type Mailer } from './mailer';
import { forgotPage, forgotSentPage, resetDonePage, resetLinkDeadPage, resetPage } from './password-pages';
import { MemoryPasswordResets, PgPasswordResets, RESET_TTL_MS, type PasswordResets } from './password-resets';
import type { SignInThrottle } from './throttle';

/** What the password pages need. */
export interface PasswordDeps {
  issuer: string;
  /** The store's home page ('Back to …' when there is no pending sign-in). */
  home: string;
  csp: string;
  secureCookies: boolean;
  trusted: TrustedProxies | null;
  store: Accounts;
  limiter: SignInThrottle;
  resets: PasswordResets;
  sessions: AccountSessions;
  mailer: Mailer;
  /** Ends the mailer's connections (at close). */
  closeMail?: () => void;
  logger: Logger;
  /** Clock (ms since the epoch): link expiry. */
  now: () => number;
  /** The provider of the moment and the storefront's client id: its back-channel logout, when it has one. */
  provider: () => Provider;
  clientId: string;
  tokens: () => FormTokens;
}

type Req = http.IncomingMessage;
type Res = http.ServerResponse;

const MINUTES = RESET_TTL_MS / 60_000;
const INTERACTION_RE = /^[A-Za-z0-9_-]{1,64}$/;
const FORGOT = '/password/forgot';
const RESET = '/password/reset';

/** The sign-in page of a pending interaction (`?screen=login`), with the confirmation when `changed`. */
export const signInHref = (uid: string, changed = false) => `/interaction/${encodeURIComponent(uid)}?screen=login${changed ? '&changed=1' : ''}`;
/** The 'Forgot password?' link of a sign-in page. */
export const forgotHref = (uid?: string) => (uid ? `${FORGOT}?interaction=${encodeURIComponent(uid)}` : FORGOT);

/**
 * Where the forgotten-password flow keeps its state: with a database, the links and the sessions in
 * PostgreSQL; without, in memory — then the provider's `adapter` is oidc-provider's memory adapter
 * that also finds an account's sessions ({@link MemoryAccountSessions}). Mail goes to `mailer`, else
 * over `smtpUrl`, else nowhere (logged).
 */
export function passwordBackends(o: { pool?: Pool; adapter?: AdapterFactory; logger: Logger; smtpUrl?: string; mailFrom?: string; mailer?: Mailer }) {
  const memory = o.pool && o.adapter ? undefined : new MemoryAccountSessions();
  const smtp = !o.mailer && o.smtpUrl ? smtpMailer(o.smtpUrl, o.mailFrom) : undefined;
  return {
    adapter: memory ? memory.factory : o.adapter!,
    resets: o.pool ? new PgPasswordResets(o.pool) : new MemoryPasswordResets(),
    sessions: memory ?? new PgAccountSessions(o.pool!),
    mailer: o.mailer ?? smtp ?? unsentMailer(o.logger),
    closeMail: smtp ? () => smtp.close() : undefined,
  };
}

/** The routes; {@link PasswordRoutes.route} answers `/password/*`. */
export class PasswordRoutes {
  /** Mails being sent (answers do not wait for them: their timing must not tell a known email). */
  private readonly pending = new Set<Promise<void>>();

  constructor(private readonly deps: PasswordDeps) {}

  /**
   * Answers `/password/forgot` and `/password/reset`.
   * @returns false for other paths
   * @throws HttpProblem 403 (CSRF), 405, 400/413 (not a form)
   */
  async route(req: Req, res: Res, url: URL): Promise<boolean> {
    const method = req.method ?? 'GET';
    if (url.pathname !== FORGOT && url.pathname !== RESET) return false;
    if (method !== 'GET' && method !== 'POST') throw new HttpProblem(405, 'Method not allowed', `${method} is not allowed here.`);
    if (url.pathname === FORGOT) await (method === 'GET' ? this.showForgot(req, res, url) : this.ask(req, res));
    else await (method === 'GET' ? this.showReset(req, res, url) : this.reset(req, res));
    return true;
  }

  /** Resolves once every mail asked for so far was sent (or failed and was logged). */
  async settled(): Promise<void> {
    while (this.pending.size) await Promise.all([...this.pending]);
  }

  /** Waits for the mails being sent, then closes the mailer. */
  async close(): Promise<void> {
    await this.settled();
    this.deps.closeMail?.();
  }

  private send(res: Res, status: number, html: string): void {
    sendHtml(res, status, html, this.deps.csp);
  }

  private cookie(req: Req, res: Res): string {
    return csrfCookie(req, res, { name: PASSWORD_CSRF_COOKIE, path: '/password', secure: this.deps.secureCookies, sameSite: 'Strict', fresh: FormTokens.cookieValue });
  }

  /** The form's CSRF check against the cookie. @throws HttpProblem 403 */
  private checkCsrf(req: Req, form: URLSearchParams): string {
    const binding = cookieOf(req, PASSWORD_CSRF_COOKIE);
    if (!this.deps.tokens().checkCsrf(binding, form.get('csrf'))) throw csrfProblem();
    return binding;
  }

  private backHref(interaction: string | null): string {
    return interaction ? signInHref(interaction) : this.deps.home;
  }

  private async showForgot(req: Req, res: Res, url: URL) {
    const interaction = interactionOf(url.searchParams.get('interaction'));
    const csrf = this.deps.tokens().csrf(this.cookie(req, res));
    this.send(res, 200, forgotPage({ action: FORGOT, backHref: this.backHref(interaction), hidden: { csrf, interaction: interaction ?? undefined } }));
  }

  /** POST /password/forgot: the email's shape, the throttle, then the same answer for every email. */
  private async ask(req: Req, res: Res) {
    const form = await readForm(req);
    const binding = this.checkCsrf(req, form);
    const interaction = interactionOf(form.get('interaction'));
    const email = normaliseEmail(form.get('email'));
    const page = (status: number, errors: FieldError[]) => this.send(res, status, forgotPage({
      action: FORGOT, backHref: this.backHref(interaction), email, errors, hidden: { csrf: this.deps.tokens().csrf(binding), interaction: interaction ?? undefined },
    }));
    const problem = validateEmail(email);
    if (problem) return page(400, [problem]);
    const verdict = await this.deps.limiter.resetRequest(email, clientAddress(req, this.deps.trusted));
    if (!verdict.allowed) {
      res.setHeader('Retry-After', String(verdict.retryAfterS));
      return page(429, [{ field: 'form', message: `Too many password reset requests. Please wait ${waitText(verdict.retryAfterS)} and try again.` }]);
    }
    const mail = this.mailLink(email, interaction).finally(() => this.pending.delete(mail));
    this.pending.add(mail);
    this.send(res, 200, forgotSentPage({ backHref: this.backHref(interaction), minutes: MINUTES }));
  }

  /** Issues a link and mails it when an account has `email`; nothing otherwise. Never rejects (logs). */
  private async mailLink(email: string, interaction: string | null): Promise<void> {
    try {
      const account = await this.deps.store.findByEmail(email);
      if (!account) return;
      const token = await this.deps.resets.issue(account.uid, interaction, this.deps.now());
      const link = new URL(`${RESET}?token=${token}`, this.deps.issuer).href;
      await this.deps.mailer.send(resetMail({ to: account.email, firstName: account.firstName, link, minutes: MINUTES }));
      this.deps.logger('info', { msg: 'password reset mail sent', uid: account.uid });
    } catch (error) {
      this.deps.logger('error', { msg: 'password reset mail failed', err: error instanceof Error ? error.message : String(error) });
    }
  }

  /** Tells the storefront (OIDC Back-Channel Logout, when its client has an endpoint) that every session of `uid` ended; a failure is logged. */
  private async logOutClient(uid: string): Promise<void> {
    try {
      const client = await this.deps.provider().Client.find(this.deps.clientId);
      // Client#backchannelLogout is oidc-provider's (untyped in @types/oidc-provider): a signed logout_token POSTed to the client.
      const notify = client as unknown as { backchannelLogoutUri?: string; backchannelLogout(sub: string, sid?: string): Promise<void> } | undefined;
      if (notify?.backchannelLogoutUri) await notify.backchannelLogout(uid);
    } catch (error) {
      this.deps.logger('warn', { msg: 'back-channel logout failed', uid, err: error instanceof Error ? error.message : String(error) });
    }
  }

  private dead(res: Res) {
    this.send(res, 410, resetLinkDeadPage({ forgotHref: FORGOT, minutes: MINUTES }));
  }

  private async showReset(req: Req, res: Res, url: URL) {
    const token = url.searchParams.get('token') ?? '';
    if (!(await this.deps.resets.peek(token, this.deps.now()))) return this.dead(res);
    const csrf = this.deps.tokens().csrf(this.cookie(req, res));
    this.send(res, 200, resetPage({ action: RESET, hidden: { csrf, token } }));
  }

  /** POST /password/reset: an open link, the password rule, then the change and the end of every session. */
  private async reset(req: Req, res: Res) {
    const form = await readForm(req);
    const binding = this.checkCsrf(req, form);
    const token = form.get('token') ?? '';
    const now = this.deps.now();
    if (!(await this.deps.resets.peek(token, now))) return this.dead(res);
    const problem = validatePassword(form.get('password'));
    if (problem) return this.send(res, 400, resetPage({ action: RESET, errors: [problem], hidden: { csrf: this.deps.tokens().csrf(binding), token } }));
    const link = await this.deps.resets.consume(token, now);
    if (!link) return this.dead(res);
    const account = await this.deps.store.findByUid(link.uid);
    if (!account || !(await this.deps.store.setPassword(link.uid, form.get('password')))) return this.dead(res);
    const ended = await this.deps.sessions.revokeAccount(link.uid);
    await this.logOutClient(link.uid);
    // The address that proves the mailbox starts afresh (its wrong guesses are forgiven).
    await this.deps.limiter.succeeded(account.email, clientAddress(req, this.deps.trusted));
    this.deps.logger('info', { msg: 'password reset', uid: link.uid, ended });
    if (!link.interaction) return this.send(res, 200, resetDonePage({ homeHref: this.deps.home }));
    res.statusCode = 303;
    res.setHeader('Location', signInHref(link.interaction, true));
    res.setHeader('Cache-Control', 'no-store');
    res.end();
  }
}

/** A well-formed interaction uid, else null. */
const interactionOf = (value: string | null): string | null => (value && INTERACTION_RE.test(value) ? value : null);
