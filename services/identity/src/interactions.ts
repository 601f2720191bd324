/**
 * The provider's own pages (everything else is oidc-provider's): the sign-in and sign-up pages of a
 * pending authorization (`/interaction/:uid`), and the stand-alone sign-up (`/signup`). Every POST needs
 * its page's CSRF token (403); sign-in and sign-up are throttled (429 with `Retry-After`).
 */
import type http from 'node:http';
import type Provider from 'oidc-provider';
import { SignUpError, validateSignUp, type Accounts, type FieldError } from './accounts';
import { clientAddress, type TrustedProxies } from './client-address';
import { FormTokens } from './form-tokens';
import { HttpProblem, SCOPES, SIGNUP_CSRF_COOKIE, cookieOf, csrfCookie, csrfProblem, readForm, resolveReturnTo, sendHtml, waitText } from './forms';
import { signInPage, signUpPage } from './pages';
import { PASSWORD_CHANGED, resetDonePage } from './password-pages';
import { forgotHref, type PasswordRoutes } from './password-routes';
import { SIGN_IN_LIMITS, type SignInThrottle } from './throttle';

/** What the pages need: the provider of the moment (rebuilt when the keys change) and the server's settings. */
export interface InteractionDeps {
  issuer: string;
  /** The storefront's origin, e.g. 'http://localhost:8080'. */
  origin: string;
  /** The identity pages' Content-Security-Policy. */
  csp: string;
  secureCookies: boolean;
  trusted: TrustedProxies | null;
  store: Accounts;
  limiter: SignInThrottle;
  /** Clock (ms since the epoch). */
  now: () => number;
  current: () => { provider: Provider; tokens: FormTokens };
  /** The forgotten-password pages (`/password/*`). */
  passwords: PasswordRoutes;
}

type Req = http.IncomingMessage;
type Res = http.ServerResponse;

/**
 * The provider's own routes.
 * @returns a handler that answers and resolves true for its routes, resolves false for everything
 *   oidc-provider serves; rejects with HttpProblem (400/403/405/413) for a bad request
 */
export function createInteractionRoutes(deps: InteractionDeps): (req: Req, res: Res) => Promise<boolean> {
  const { issuer } = deps;
  const pages = new InteractionPages(deps);
  return async (req, res) => {
    const url = new URL(req.url ?? '/', issuer);
    const method = req.method ?? 'GET';
    const m = /^\/interaction\/([A-Za-z0-9_-]{1,64})(?:\/(login|signup))?$/.exec(url.pathname);
    if (m) {
      const uid = m[1]!;
      const action = m[2];
      if (!action && method === 'GET') await pages.show(req, res, url, uid);
      else if (action === 'login' && method === 'POST') await pages.logIn(req, res, uid);
      else if (action === 'signup' && (method === 'GET' || method === 'POST')) await pages.signUpInFlow(req, res, uid, method);
      else throw new HttpProblem(405, 'Method not allowed', `${method} is not allowed here.`);
      return true;
    }
    if (await deps.passwords.route(req, res, url)) return true;
    if (url.pathname === '/signup') {
      await pages.signUpAlone(req, res, url, method);
      return true;
    }
    return false;
  };
}

const loginAction = (uid: string) => `/interaction/${encodeURIComponent(uid)}/login`;
const signUpAction = (uid: string) => `/interaction/${encodeURIComponent(uid)}/signup`;
const loginHref = (uid: string) => `/interaction/${encodeURIComponent(uid)}?screen=login`;

/** The sign-up form's values to show again with its errors (never the password). */
const values = (form: URLSearchParams) => ({
  firstName: form.get('firstName') ?? '',
  lastName: form.get('lastName') ?? '',
  email: form.get('email') ?? '',
});

/** The page handlers, sharing the interaction helpers. */
class InteractionPages {
  constructor(private readonly deps: InteractionDeps) {}

  private send(res: Res, status: number, html: string): void {
    sendHtml(res, status, html, this.deps.csp);
  }

  /** Loads the pending interaction (cookie-bound); unknown or expired → HttpProblem 400. */
  private async interactionOf(req: http.IncomingMessage, res: http.ServerResponse, uid: string) {
    try {
      const details = await this.deps.current().provider.interactionDetails(req, res);
      if (details.uid !== uid) throw new Error('interaction mismatch');
      return details;
    } catch {
      throw new HttpProblem(400, 'Sign-in expired', 'This sign-in page has expired. Go back to the store and choose Log In again.');
    }
  }

  /** The sign-in page's form action and links ('Forgot password?', 'Sign Up'). */
  private signInLinks(uid: string) {
    return { action: loginAction(uid), signUpHref: signUpAction(uid), forgotHref: forgotHref(uid) };
  }

  private async finishLogin(req: http.IncomingMessage, res: http.ServerResponse, accountId: string) {
    await this.deps.current().provider.interactionFinished(req, res, { login: { accountId } }, { mergeWithLastSubmission: false });
  }

  /**
   * The stand-alone sign-up's double-submit cookie: the request's when well-formed, else a new one;
   * (re)set on `res` for an hour either way.
   */
  private signUpCookie(req: http.IncomingMessage, res: http.ServerResponse): string {
    return csrfCookie(req, res, { name: SIGNUP_CSRF_COOKIE, path: '/signup', secure: this.deps.secureCookies, sameSite: 'Strict', fresh: FormTokens.cookieValue });
  }

  /**
   * Creates the account of a sign-up form (CSRF already checked): field problems → 400, over the
   * address's sign-up limit → 429 with `Retry-After`, a taken email → 409, each rendered by `page`.
   * @returns the new account, or null when `page` answered
   */
  private async signUp(req: http.IncomingMessage, res: http.ServerResponse, form: URLSearchParams, page: (status: number, errors: FieldError[]) => void) {
    const input = Object.fromEntries(form);
    const problems = validateSignUp(input);
    if (problems.length) {
      page(400, problems);
      return null;
    }
    const verdict = await this.deps.limiter.signUpAttempt(clientAddress(req, this.deps.trusted));
    if (!verdict.allowed) {
      res.setHeader('Retry-After', String(verdict.retryAfterS));
      page(429, [{ field: 'form', message: `Too many accounts were created from your network. Please wait ${waitText(verdict.retryAfterS)} and try again.` }]);
      return null;
    }
    try {
      return await this.deps.store.signUp(input);
    } catch (err) {
      if (!(err instanceof SignUpError)) throw err;
      const taken = err.errors.some((e) => e.field === 'email' && /already exists/.test(e.message));
      page(taken ? 409 : 400, err.errors);
      return null;
    }
  }

  /** GET /interaction/:uid: the sign-in (or sign-up) page; any other prompt is granted (first-party). */
  async show(req: Req, res: Res, url: URL, uid: string) {
    const changed = url.searchParams.get('changed') === '1';
    const details = await this.interactionOf(req, res, uid).catch((problem: unknown) => {
      // Back from a new password to a sign-in that expired meanwhile (or began in another browser).
      if (changed) this.send(res, 200, resetDonePage({ homeHref: `${this.deps.origin}/` }));
      else throw problem;
    });
    if (!details) return;
    if (details.prompt.name === 'login') {
      const wantsSignUp = details.params.screen_hint === 'signup' && url.searchParams.get('screen') !== 'login';
      const csrf = this.deps.current().tokens.csrf(uid);
      this.send(res, 200, wantsSignUp
        ? signUpPage({ action: signUpAction(uid), logInHref: loginHref(uid), hidden: { csrf } })
        : signInPage({ ...this.signInLinks(uid), notice: changed ? PASSWORD_CHANGED : undefined, email: typeof details.params.login_hint === 'string' ? details.params.login_hint : '', hidden: { csrf } }));
      return;
    }
    // Any other prompt (consent for a grant that vanished): first-party, so grant and continue.
    const { provider } = this.deps.current();
    const grant = details.grantId ? await provider.Grant.find(details.grantId) : undefined;
    const g = grant ?? new provider.Grant({ clientId: String(details.params.client_id), accountId: details.session?.accountId });
    g.addOIDCScope(SCOPES.join(' '));
    const grantId = await g.save();
    await provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
  }

  /** POST /interaction/:uid/login: CSRF, required fields, throttle and step-up, then the password. */
  async logIn(req: Req, res: Res, uid: string) {
    const form = await readForm(req);
    await this.interactionOf(req, res, uid);
    const { tokens } = this.deps.current();
    if (!tokens.checkCsrf(uid, form.get('csrf'))) throw csrfProblem();
    const email = form.get('email') ?? '';
    const password = form.get('password') ?? '';
    const page = (status: number, errors: FieldError[], stepUp?: string) =>
      this.send(res, status, signInPage({ ...this.signInLinks(uid), email, errors, hidden: { csrf: tokens.csrf(uid), step_up: stepUp } }));
    const missing: FieldError[] = [];
    if (!email.trim()) missing.push({ field: 'email', message: 'Email is required.' });
    if (!password) missing.push({ field: 'password', message: 'Password is required.' });
    if (missing.length) {
      page(400, missing);
      return;
    }
    // Throttled by (account, address), by address and by account, before the password is even checked.
    const address = clientAddress(req, this.deps.trusted);
    const verdict = await this.deps.limiter.check(email, address);
    if (!verdict.allowed) {
      res.setHeader('Retry-After', String(verdict.retryAfterS));
      page(429, [{ field: 'form', message: `Too many sign-in attempts. Please wait ${waitText(verdict.retryAfterS)} and try again.` }]);
      return;
    }
    if (verdict.stepUp) {
      // Step-up (throttle.ts): the password is checked only with a ticket that has waited, whatever it is.
      const t = this.deps.now();
      const ticket = form.get('step_up');
      const held = tokens.readTicket(ticket, uid, email, t);
      if (!held || held.waitMs > 0 || !(await this.deps.limiter.spendTicket(held.nonce))) {
        const fresh = held && held.waitMs > 0 ? ticket! : tokens.ticket(uid, email, t, SIGN_IN_LIMITS.stepUpWaitS * 1000, SIGN_IN_LIMITS.stepUpTicketS * 1000);
        const waitS = held && held.waitMs > 0 ? Math.ceil(held.waitMs / 1000) : SIGN_IN_LIMITS.stepUpWaitS;
        res.setHeader('Retry-After', String(waitS));
        page(429, [{ field: 'form', message: `This account has had many failed sign-ins. To protect it, please wait ${waitText(waitS)}, then enter your password and choose Log In again.` }], fresh);
        return;
      }
    }
    const account = await this.deps.store.authenticate(email, password);
    if (account) await this.deps.limiter.succeeded(email, address);
    else await this.deps.limiter.failed(email, address);
    if (!account) {
      page(401, [{ field: 'form', message: 'The email or password is incorrect. Please try again.' }]);
      return;
    }
    await this.finishLogin(req, res, account.uid);
  }

  /** GET/POST /interaction/:uid/signup: sign-up that continues the pending authorization. */
  async signUpInFlow(req: Req, res: Res, uid: string, method: string) {
    if (method === 'GET') {
      await this.interactionOf(req, res, uid);
      this.send(res, 200, signUpPage({ action: signUpAction(uid), logInHref: loginHref(uid), hidden: { csrf: this.deps.current().tokens.csrf(uid) } }));
      return;
    }
    const form = await readForm(req);
    await this.interactionOf(req, res, uid);
    const { tokens } = this.deps.current();
    if (!tokens.checkCsrf(uid, form.get('csrf'))) throw csrfProblem();
    const account = await this.signUp(req, res, form, (status, errors) =>
      this.send(res, status, signUpPage({ action: signUpAction(uid), logInHref: loginHref(uid), values: values(form), errors, hidden: { csrf: tokens.csrf(uid) } })));
    if (account) await this.finishLogin(req, res, account.uid);
    return;
  }

  /** GET/POST /signup: the stand-alone sign-up; afterwards a 303 to `return_to` (a page of the store). */
  async signUpAlone(req: Req, res: Res, url: URL, method: string) {
    if (method === 'GET') {
      const returnTo = resolveReturnTo(url.searchParams.get('return_to'), this.deps.origin);
      this.send(res, 200, signUpPage({ action: '/signup', hidden: { csrf: this.deps.current().tokens.csrf(this.signUpCookie(req, res)), return_to: returnTo } }));
      return;
    }
    if (method === 'POST') {
      const form = await readForm(req);
      const { tokens } = this.deps.current();
      const binding = cookieOf(req, SIGNUP_CSRF_COOKIE);
      if (!tokens.checkCsrf(binding, form.get('csrf'))) throw csrfProblem();
      const returnTo = resolveReturnTo(form.get('return_to'), this.deps.origin);
      const account = await this.signUp(req, res, form, (status, errors) =>
        this.send(res, status, signUpPage({ action: '/signup', hidden: { csrf: tokens.csrf(binding), return_to: returnTo }, values: values(form), errors })));
      if (!account) return;
      res.statusCode = 303;
      res.setHeader('Location', returnTo);
      res.setHeader('Cache-Control', 'no-store');
      res.end();
      return;
    }
    throw new HttpProblem(405, 'Method not allowed', `${method} is not allowed here.`);
  }

}
