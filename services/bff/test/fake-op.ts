/**
 * A tiny OpenID provider for the cookie-session tests, over real HTTP on loopback: discovery, JWKS, a
 * token endpoint (client_secret_basic; authorization_code with PKCE S256; refresh_token with rotation, a
 * used refresh token is invalid_grant), revocation, and an end-session endpoint. The sign-in page is
 * replaced by {@link FakeOp.authorize}, which turns an authorization URL into the callback's search.
 */
import { createHash, randomBytes, randomUUID } from 'crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'http';
import type { AddressInfo } from 'net';
import { SignJWT, type CryptoKey, type JWK } from 'jose';
import { CLIENT_ID, makeKey } from './id-tokens';

export interface FakeOp {
  issuer: string;
  /** The public signing key (give it to the BFF as `auth.jwks`). */
  jwk: JWK;
  clientSecret: string;
  /** Lifetime of the id tokens it issues from now on, s (default 3600). */
  idTokenTtlS: number;
  /** When true the token endpoint refuses every refresh token (invalid_grant). */
  failRefresh: boolean;
  /** Refresh tokens presented to the token endpoint, in order. */
  refreshesSeen: string[];
  /** Tokens presented to the revocation endpoint. */
  revoked: string[];
  /** Id tokens issued, in order. */
  idTokens: string[];
  /**
   * The provider's sign-in: checks the authorization URL (client, redirect, PKCE, scope) and returns the
   * callback page's `location.search` (`?code=…&state=…&iss=…`) for `uid`.
   */
  authorize(authorizeUrl: string, uid: string): string;
  close(): Promise<void>;
}

interface CodeGrant {
  uid: string;
  nonce: string;
  challenge: string;
  redirectUri: string;
  sid: string;
}

/** Starts the provider for client {@link CLIENT_ID} with a random secret. */
export async function startFakeOp(): Promise<FakeOp> {
  const { privateKey, jwk } = await makeKey('op-key-1');
  const clientSecret = randomBytes(24).toString('base64url');
  const codes = new Map<string, CodeGrant>();
  const refreshTokens = new Map<string, { uid: string; sid: string }>();
  let issuer = '';

  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
    res.end(JSON.stringify(body));
  };
  const form = async (req: IncomingMessage) => {
    let text = '';
    for await (const chunk of req) text += chunk;
    return new URLSearchParams(text);
  };
  const clientAuthenticated = (req: IncomingMessage) => {
    const match = /^Basic (.+)$/.exec(req.headers.authorization ?? '');
    if (!match) return false;
    const [id, secret] = Buffer.from(match[1]!, 'base64').toString().split(':').map((v) => decodeURIComponent(v.replace(/\+/g, ' ')));
    return id === CLIENT_ID && secret === clientSecret;
  };
  const idToken = async (key: CryptoKey, uid: string, sid: string, nonce?: string) => {
    const nowS = Math.floor(Date.now() / 1000);
    const token = await new SignJWT({ email: `${uid}@example.com`, given_name: 'Cookie', family_name: 'Shopper', sid, ...(nonce ? { nonce } : {}) })
      .setProtectedHeader({ alg: 'RS256', kid: 'op-key-1' })
      .setIssuer(issuer).setAudience(CLIENT_ID).setSubject(uid)
      .setIssuedAt(nowS - 5).setExpirationTime(nowS + op.idTokenTtlS)
      .sign(key);
    op.idTokens.push(token);
    return token;
  };
  const tokens = async (uid: string, sid: string, nonce?: string) => {
    const refresh = `rt-${randomUUID()}`;
    refreshTokens.set(refresh, { uid, sid });
    return { access_token: `at-${randomUUID()}`, token_type: 'Bearer', expires_in: 3600, id_token: await idToken(privateKey, uid, sid, nonce), refresh_token: refresh, scope: 'openid profile email offline_access' };
  };

  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', issuer);
      if (url.pathname === '/.well-known/openid-configuration') {
        return json(res, 200, {
          issuer,
          authorization_endpoint: `${issuer}/auth`,
          token_endpoint: `${issuer}/token`,
          jwks_uri: `${issuer}/jwks`,
          revocation_endpoint: `${issuer}/token/revocation`,
          end_session_endpoint: `${issuer}/session/end`,
          response_types_supported: ['code'],
          subject_types_supported: ['public'],
          id_token_signing_alg_values_supported: ['RS256'],
          code_challenge_methods_supported: ['S256'],
          token_endpoint_auth_methods_supported: ['client_secret_basic'],
          authorization_response_iss_parameter_supported: true,
        });
      }
      if (url.pathname === '/jwks') return json(res, 200, { keys: [jwk] });
      if (req.method === 'POST' && url.pathname === '/token/revocation') {
        if (!clientAuthenticated(req)) return json(res, 401, { error: 'invalid_client' });
        const token = (await form(req)).get('token') ?? '';
        op.revoked.push(token);
        refreshTokens.delete(token);
        res.writeHead(200).end();
        return;
      }
      if (req.method === 'POST' && url.pathname === '/token') {
        if (!clientAuthenticated(req)) return json(res, 401, { error: 'invalid_client' });
        const body = await form(req);
        if (body.get('grant_type') === 'authorization_code') {
          const grant = codes.get(body.get('code') ?? '');
          codes.delete(body.get('code') ?? '');
          const challenge = createHash('sha256').update(body.get('code_verifier') ?? '').digest('base64url');
          if (!grant || grant.challenge !== challenge || grant.redirectUri !== body.get('redirect_uri')) return json(res, 400, { error: 'invalid_grant' });
          return json(res, 200, await tokens(grant.uid, grant.sid, grant.nonce));
        }
        if (body.get('grant_type') === 'refresh_token') {
          const presented = body.get('refresh_token') ?? '';
          op.refreshesSeen.push(presented);
          const known = refreshTokens.get(presented);
          refreshTokens.delete(presented); // rotation: a refresh token is used once
          if (!known || op.failRefresh) return json(res, 400, { error: 'invalid_grant', error_description: 'refresh token is invalid' });
          return json(res, 200, await tokens(known.uid, known.sid));
        }
        return json(res, 400, { error: 'unsupported_grant_type' });
      }
      json(res, 404, { error: 'not_found' });
    })().catch((error: unknown) => json(res, 500, { error: 'server_error', error_description: String(error) }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const op: FakeOp = {
    issuer, jwk, clientSecret,
    idTokenTtlS: 3600,
    failRefresh: false,
    refreshesSeen: [],
    revoked: [],
    idTokens: [],
    authorize(authorizeUrl, uid) {
      const url = new URL(authorizeUrl);
      const p = url.searchParams;
      if (`${url.origin}${url.pathname}` !== `${issuer}/auth`) throw new Error(`not this provider's authorization endpoint: ${authorizeUrl}`);
      if (p.get('client_id') !== CLIENT_ID || p.get('response_type') !== 'code' || p.get('code_challenge_method') !== 'S256') throw new Error(`bad authorization request: ${authorizeUrl}`);
      if (!p.get('scope')?.split(' ').includes('openid') || !p.get('state') || !p.get('nonce') || !p.get('code_challenge')) throw new Error(`bad authorization request: ${authorizeUrl}`);
      const code = `code-${randomUUID()}`;
      codes.set(code, { uid, nonce: p.get('nonce')!, challenge: p.get('code_challenge')!, redirectUri: p.get('redirect_uri')!, sid: `sid-${randomUUID()}` });
      return `?${new URLSearchParams({ code, state: p.get('state')!, iss: issuer })}`;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return op;
}
