/**
 * A shopper without a browser, for load and failure tests of the cluster: signs in at the identity
 * provider through its own pages (authorization code + PKCE S256, RFC 7636), exchanges the code itself as
 * the storefront's confidential client (`client_secret_basic`, the cluster's OIDC_CLIENT_SECRET), keeps
 * the provider's cookies, renews silently (`prompt=none`, OIDC Core §3.1.2.1) and calls the BFF as a
 * bearer client (`Authorization` + `x-id-token` + `x-nonce`; no session cookie, no CSRF header needed).
 */
import { createHash, randomBytes } from 'node:crypto';

const b64url = (buf) => buf.toString('base64url');

/** The form's CSRF token (hidden field `csrf`) from a provider page's HTML; '' when it has none. */
const csrfOf = (html) => /name="csrf" value="([^"]*)"/.exec(html)?.[1] ?? '';

/**
 * The `Authorization` header of `client_secret_basic`: id and secret form-encoded, then base64 (RFC 6749 §2.3.1).
 * @param {string} clientId
 * @param {string} secret
 * @returns {string} 'Basic …'
 */
export function basicAuthorization(clientId, secret) {
  const form = (v) => encodeURIComponent(v).replace(/%20/g, '+');
  return `Basic ${Buffer.from(`${form(clientId)}:${form(secret)}`).toString('base64')}`;
}

/** A cookie jar of name → value for one origin (the provider's cookies are host-only). */
class Jar {
  constructor() { this.cookies = new Map(); }
  take(res) {
    for (const line of res.headers.getSetCookie?.() ?? []) {
      const [pair] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      if (/expires=Thu, 01 Jan 1970/i.test(line) || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  header() { return [...this.cookies].map(([n, v]) => `${n}=${v}`).join('; '); }
}

/**
 * A signed-in shopper.
 * @param {{ issuer: string, publicOrigin: string, clientId?: string, clientSecret: string, email: string, password: string }} o
 *   `issuer` e.g. 'http://localhost:4100'; `publicOrigin` the storefront (redirect URI `<origin>/auth/callback`);
 *   `clientSecret` the storefront client's secret (the cluster's OIDC_CLIENT_SECRET)
 * @returns {Promise<{ idToken: string, jar: Jar, renew(): Promise<string>, headers(): Record<string,string> }>}
 *   `renew()` a new id token from the provider session (no password), `headers()` the BFF's auth headers
 * @throws Error without `clientSecret`; with the step and status when sign-in or renewal is refused
 *   (e.g. 'login_required', 'token: HTTP 401 invalid_client' for a wrong secret)
 */
export async function signInShopper({ issuer, publicOrigin, clientId = 'storefront', clientSecret, email, password }) {
  if (typeof clientSecret !== 'string' || clientSecret === '') throw new Error('signInShopper: clientSecret is required (the storefront client is confidential: OIDC_CLIENT_SECRET)');
  const jar = new Jar();
  const redirectUri = `${publicOrigin}/auth/callback`;
  let lastPage = '';
  const go = async (url, init = {}) => {
    const res = await fetch(url, { ...init, redirect: 'manual', headers: { ...(init.headers || {}), cookie: jar.header() } });
    jar.take(res);
    lastPage = await res.text();
    return res;
  };
  /** Follows redirects on the provider until one leaves for the redirect URI; returns that URL. */
  const follow = async (res, step) => {
    for (let hops = 0; hops < 10; hops += 1) {
      const location = res.headers.get('location');
      if (!location) throw new Error(`${step}: HTTP ${res.status} without a redirect`);
      const next = new URL(location, issuer);
      if (next.href.startsWith(redirectUri)) return next;
      if (next.pathname.startsWith('/interaction/')) return next;
      res = await go(next.href);
    }
    throw new Error(`${step}: too many redirects`);
  };
  const authorize = async (prompt) => {
    const verifier = b64url(randomBytes(32));
    const url = new URL('/auth', issuer);
    url.search = new URLSearchParams({
      client_id: clientId, redirect_uri: redirectUri, response_type: 'code', scope: 'openid profile email',
      code_challenge: b64url(createHash('sha256').update(verifier).digest()), code_challenge_method: 'S256',
      state: b64url(randomBytes(8)), nonce: b64url(randomBytes(8)), ...(prompt ? { prompt } : {}),
    }).toString();
    let at = await follow(await go(url.href), 'authorize');
    if (at.pathname.startsWith('/interaction/')) {
      if (prompt === 'none') throw new Error('renew: the provider asks for a sign-in');
      await go(at.href);
      const login = await go(new URL(`${at.pathname}/login`, issuer).href, {
        method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ email, password, csrf: csrfOf(lastPage) }).toString(),
      });
      if (login.status >= 400) throw new Error(`sign-in: HTTP ${login.status}`);
      at = await follow(login, 'sign-in');
    }
    const error = at.searchParams.get('error');
    if (error) throw new Error(`${prompt === 'none' ? 'renew' : 'sign-in'}: ${error}`);
    const token = await fetch(new URL('/token', issuer), {
      method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: basicAuthorization(clientId, clientSecret) },
      body: new URLSearchParams({ grant_type: 'authorization_code', code: at.searchParams.get('code'), redirect_uri: redirectUri, code_verifier: verifier }).toString(),
    });
    const body = await token.json();
    if (!token.ok) throw new Error(`token: HTTP ${token.status} ${body.error ?? ''}`);
    return body.id_token;
  };
  const shopper = {
    jar,
    idToken: await authorize(),
    async renew() { shopper.idToken = await authorize('none'); return shopper.idToken; },
    headers() {
      return { authorization: `Bearer ${shopper.idToken}`, 'x-id-token': shopper.idToken, 'x-nonce': b64url(randomBytes(12)) };
    },
  };
  return shopper;
}

/**
 * Signs a new shopper up through the provider's stand-alone sign-up page.
 * @param {{ issuer: string, publicOrigin: string, email: string, password: string, firstName?: string, lastName?: string }} o
 * @returns {Promise<void>}
 * @throws Error with the status when the provider refuses (e.g. 409 for a taken email)
 */
export async function signUpShopper({ issuer, publicOrigin, email, password, firstName = 'Casey', lastName = 'Cluster' }) {
  // The form's CSRF token is bound to a cookie set with the page: load it first, as a browser does.
  const jar = new Jar();
  const form = await fetch(new URL('/signup', issuer), { redirect: 'manual' });
  jar.take(form);
  const csrf = csrfOf(await form.text());
  const res = await fetch(new URL('/signup', issuer), {
    method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: jar.header() },
    body: new URLSearchParams({ firstName, lastName, email, password, confirmPassword: password, return_to: `${publicOrigin}/`, csrf }).toString(),
  });
  await res.arrayBuffer();
  if (res.status !== 303) throw new Error(`sign-up: HTTP ${res.status}`);
}
