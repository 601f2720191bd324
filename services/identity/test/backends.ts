/**
 * Test helpers for the replica tests: a fresh database per call on the throwaway cluster, the throwaway
 * Redis, free ports, and a browser-like OIDC client that can send each request to a chosen replica.
 */
import { createHash, randomBytes } from 'node:crypto';
import net from 'node:net';
import { createLocalJWKSet, jwtVerify } from 'jose';
import { Client } from 'pg';

export const PUBLIC_ORIGIN = 'http://localhost:18998';
export const REDIRECT_URI = `${PUBLIC_ORIGIN}/auth/callback`;
export const PASSWORD = 'Groceries!2026';
/** The storefront client's secret in the tests (as OIDC_CLIENT_SECRET; characters that need form-encoding on purpose). */
export const CLIENT_SECRET = 'test-secret: storefront+bff/0123456789';

/**
 * The `Authorization` header of `client_secret_basic` (RFC 6749 §2.3.1: id and secret form-encoded, then
 * base64), as the BFF sends it.
 */
export function basicAuth(clientId = 'storefront', secret = CLIENT_SECRET): string {
  const form = (v: string) => encodeURIComponent(v).replace(/%20/g, '+');
  return `Basic ${Buffer.from(`${form(clientId)}:${form(secret)}`).toString('base64')}`;
}

/** The throwaway Redis of globalSetup. */
export function testRedisUrl(): string {
  const url = process.env.IDENTITY_TEST_REDIS_URL;
  if (!url) throw new Error('IDENTITY_TEST_REDIS_URL is not set (jest globalSetup)');
  return url;
}

/** Creates an empty database `identity_<random>` on the throwaway cluster; resolves to its URL. */
export async function freshDatabase(): Promise<string> {
  const admin = process.env.IDENTITY_TEST_DATABASE_URL;
  if (!admin) throw new Error('IDENTITY_TEST_DATABASE_URL is not set (jest globalSetup)');
  const name = `identity_${randomBytes(6).toString('hex')}`;
  const client = new Client({ connectionString: admin });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return url.href;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/** Base64url of bytes (no padding). */
export const b64url = (buf: Buffer) => buf.toString('base64url');

/** A fresh PKCE pair (RFC 7636): a random verifier and its S256 challenge. */
export function pkce(): { verifier: string; challenge: string } {
  const verifier = b64url(randomBytes(32));
  return { verifier, challenge: b64url(createHash('sha256').update(verifier).digest()) };
}

/** The page whose form posts to `action` (it carries the CSRF token), or null for other actions. */
export function formPageOf(action: string): string | null {
  const m = /^(.*\/interaction\/[\w-]+)\/(login|signup)$/.exec(action);
  if (m) return m[2] === 'login' ? `${m[1]}?screen=login` : action;
  return /(^|\/\/[^/]+)\/signup$/.test(action) ? action : null;
}

/** The `csrf` hidden field of a page ('' when none). */
export function csrfIn(html: string): string {
  return /name="csrf" value="([^"]+)"/.exec(html)?.[1] ?? '';
}

/**
 * A browser-like cookie jar (names only; paths ignored) whose requests go to a chosen replica: every
 * URL on `issuer` (the load balancer's address in production) is sent to `base` instead.
 */
export class Browser {
  cookies = new Map<string, string>();

  constructor(readonly issuer: string, readonly headers: Record<string, string> = {}) {}

  async request(base: string, url: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    for (const [k, v] of Object.entries(this.headers)) headers.set(k, v);
    if (this.cookies.size) headers.set('cookie', [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    const target = url.startsWith(this.issuer) ? `${base}${url.slice(this.issuer.length)}` : new URL(url, base).href;
    const res = await fetch(target, { ...init, headers, redirect: 'manual' });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const i = pair!.indexOf('=');
      const name = pair!.slice(0, i);
      const value = pair!.slice(i + 1);
      if (/expires=Thu, 01 Jan 1970/i.test(c) || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return res;
  }

  /**
   * Posts a form as its page would: with the page's CSRF token (loaded from `base` first, with the same
   * `headers`) unless `form.csrf` is given.
   */
  async post(base: string, url: string, form: Record<string, string>, headers: Record<string, string> = {}): Promise<Response> {
    const page = formPageOf(url);
    const csrf = 'csrf' in form || !page ? '' : csrfIn(await (await this.request(base, page, { headers })).text());
    return this.rawPost(base, url, { ...(csrf ? { csrf } : {}), ...form }, headers);
  }

  /** Posts exactly `form` (no CSRF token unless given). */
  rawPost(base: string, url: string, form: Record<string, string>, headers: Record<string, string> = {}): Promise<Response> {
    return this.request(base, url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers }, body: new URLSearchParams(form).toString() });
  }

  /** Starts an authorization request on `base`; resolves to the PKCE verifier and the first answer. */
  async authorize(base: string) {
    const { verifier, challenge } = pkce();
    const params = new URLSearchParams({
      client_id: 'storefront', redirect_uri: REDIRECT_URI, response_type: 'code', scope: 'openid profile email',
      code_challenge: challenge, code_challenge_method: 'S256', state: b64url(randomBytes(8)), nonce: 'n-1',
    });
    const res = await this.request(base, `/auth?${params}`);
    return { verifier, res };
  }

  /**
   * Follows redirects (each to the next replica of `bases`, round robin) until the storefront callback.
   * @returns the callback URL, or null when a page (sign-in form) is shown instead
   */
  async follow(bases: string[], res: Response): Promise<URL | null> {
    let current = res;
    for (let i = 0; i < 8; i += 1) {
      if (![302, 303].includes(current.status)) return null;
      const location = current.headers.get('location')!;
      if (location.startsWith(REDIRECT_URI)) return new URL(location);
      current = await this.request(bases[i % bases.length]!, location);
    }
    throw new Error('too many redirects');
  }
}

/**
 * Loads the stand-alone sign-up page at `base` as a browser would; resolves to the form's CSRF token and
 * the double-submit cookie to send with the POST (`cookie` header value).
 */
export async function signUpForm(base: string, headers: Record<string, string> = {}): Promise<{ csrf: string; cookie: string }> {
  const res = await fetch(`${base}/signup`, { headers });
  const cookie = res.headers.getSetCookie().map((c) => c.split(';')[0]!).join('; ');
  return { csrf: csrfIn(await res.text()), cookie };
}

/** The token endpoint's answer (RFC 6749 §5.1/§5.2). */
export interface TokenBody { id_token: string; access_token: string; refresh_token?: string; error?: string; error_description?: string }

/** Exchanges a code at `base`/token as the BFF does (server-side, `client_secret_basic`). */
export async function exchange(base: string, code: string, verifier: string) {
  const res = await fetch(`${base}/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: basicAuth() },
    body: new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: REDIRECT_URI, code_verifier: verifier }).toString(),
  });
  return { status: res.status, body: (await res.json()) as TokenBody };
}

/** Refreshes at `base`/token as the BFF does (`client_secret_basic` unless `authorization` is given; null = none). */
export async function refresh(base: string, refreshToken: string, authorization: string | null = basicAuth()) {
  const res = await fetch(`${base}/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(authorization ? { authorization } : {}) },
    body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: refreshToken, ...(authorization ? {} : { client_id: 'storefront' }) }).toString(),
  });
  return { status: res.status, body: (await res.json()) as TokenBody };
}

/** Verifies an id token against `base`/jwks. */
export async function verifyAt(base: string, issuer: string, idToken: string) {
  const jwks = (await (await fetch(`${base}/jwks`)).json()) as Parameters<typeof createLocalJWKSet>[0];
  return jwtVerify(idToken, createLocalJWKSet(jwks), { issuer, audience: 'storefront', algorithms: ['RS256'] });
}

/** The kids `base`/jwks publishes. */
export async function publishedKids(base: string): Promise<string[]> {
  const jwks = (await (await fetch(`${base}/jwks`)).json()) as { keys: Array<{ kid: string }> };
  return jwks.keys.map((k) => k.kid);
}

/** Polls `probe` every `everyMs` until it returns a value other than undefined (at most `timeoutMs`). */
export async function eventually<T>(probe: () => Promise<T | undefined>, timeoutMs = 10_000, everyMs = 100): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}
