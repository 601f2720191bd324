/**
 * The parts of the cookie sessions (session.ts) that hold no state: options and row shapes, the sealing
 * of the token columns, PUBLIC_ORIGIN parsing and small helpers.
 */
import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';
import * as oidc from 'openid-client';
import type { SessionInfo } from '@storefront/remote-kit/session-contract';
import type { IdTokenVerifier, Shopper } from './auth';
import type { Db } from './db';

/** Options of {@link CookieSessions}. */
export interface CookieSessionOptions {
  db: Db;
  /** The BFF's id-token verifier (src/auth.ts). */
  verify: IdTokenVerifier;
  /** OIDC issuer (OIDC_ISSUER); http is allowed (openid-client's allowInsecureRequests) only for an http issuer. */
  issuer: string;
  /** OIDC client id (OIDC_CLIENT_ID). */
  clientId: string;
  /** OIDC client secret (OIDC_CLIENT_SECRET): client_secret_basic, and the key of the token columns. */
  clientSecret: string;
  /** Storefront origins (PUBLIC_ORIGIN, comma-separated); the first gives redirect_uri and post-logout URI. */
  publicOrigins: readonly string[];
  /** Clock, ms since epoch. */
  now?: () => number;
  /** Timeout of each call to the provider, ms (default 10 000). */
  timeoutMs?: number;
  /** Where failed best-effort calls (revocation) are reported. */
  warn?: (error: unknown, message: string) => void;
}

/** A row of bff_sessions as read (token columns still sealed). */
export interface SessionRow {
  id_hash: string;
  uid: string;
  sid: string | null;
  id_token: string;
  access_token: string | null;
  refresh_token: string | null;
  id_token_expires_at: Date | string;
  created_at: Date | string;
  last_used_at: Date | string;
  expires_at: Date | string;
}

/** A row of auth_flows. */
export interface FlowRow {
  state: string;
  code_verifier: string;
  nonce: string;
  return_to: string;
  mode: 'signIn' | 'signUp';
  expires_at: Date | string;
}

export const ms = (t: Date | string): number => new Date(t).getTime();
export const iso = (t: number): string => new Date(t).toISOString();
/** sha256 of a string, hex. */
export const sha256Hex = (value: string): string => createHash('sha256').update(value).digest('hex');
/** 32 random bytes, base64url (cookie values). */
export const randomValue = (): string => randomBytes(32).toString('base64url');

/**
 * The storefront origins of a PUBLIC_ORIGIN value: comma-separated absolute http(s) URLs, each reduced
 * to its origin ('http://localhost:8080/' → 'http://localhost:8080').
 * @throws Error naming the value when it is empty or one entry is not an http(s) URL
 */
export function parsePublicOrigins(value: string | undefined): string[] {
  const origins = (value ?? '').split(',').map((v) => v.trim()).filter(Boolean).map((v) => {
    let url: URL;
    try {
      url = new URL(v);
    } catch {
      throw new Error(`PUBLIC_ORIGIN: '${v}' is not an absolute URL`);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`PUBLIC_ORIGIN: '${v}' is not an http(s) URL`);
    return url.origin;
  });
  if (origins.length === 0) throw new Error('PUBLIC_ORIGIN is empty: give the storefront origin(s), comma-separated');
  return origins;
}

/**
 * AES-256-GCM for the token columns: key = HKDF-SHA256(OIDC_CLIENT_SECRET), the row's id_hash as
 * additional data (a ciphertext copied to another row does not open). Format 'v1.<iv>.<ciphertext+tag>'
 * (base64url).
 */
export class TokenBox {
  private readonly key: Buffer;

  constructor(secret: string) {
    this.key = Buffer.from(hkdfSync('sha256', secret, 'storefront-bff', 'bff_sessions token columns v1', 32));
  }

  seal(plain: string | null | undefined, aad: string): string | null {
    if (plain === null || plain === undefined) return null;
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv).setAAD(Buffer.from(aad));
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final(), cipher.getAuthTag()]);
    return `v1.${iv.toString('base64url')}.${body.toString('base64url')}`;
  }

  /** The plain text, or null when absent or not openable (another key: the secret changed). */
  open(sealed: string | null, aad: string): string | null {
    if (!sealed) return null;
    const [version, iv, body] = sealed.split('.');
    if (version !== 'v1' || !iv || !body) return null;
    try {
      const bytes = Buffer.from(body, 'base64url');
      const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url')).setAAD(Buffer.from(aad));
      decipher.setAuthTag(bytes.subarray(bytes.length - 16));
      return Buffer.concat([decipher.update(bytes.subarray(0, bytes.length - 16)), decipher.final()]).toString('utf8');
    } catch {
      return null;
    }
  }
}

/** The provider's error code of an openid-client failure ('invalid_grant'…), when it answered one. */
export function providerError(error: unknown): string | undefined {
  return error instanceof oidc.ResponseBodyError ? error.error : undefined;
}

/** Whether an openid-client failure is a check of the id token's claims (nonce, iss, aud…). */
export function isClaimCheck(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && (code.startsWith('OAUTH_JWT') || code === 'OAUTH_JSON_ATTRIBUTE_COMPARISON_FAILED');
}

/** The session ended at the provider (refresh refused) or the stored tokens are unusable. */
export class SessionGone extends Error {}

/** An id token's expiry, ms since epoch (now when it has none: it is refreshed at once). */
export function expiryMs(shopper: Shopper): number {
  return typeof shopper.exp === 'number' ? shopper.exp * 1000 : 0;
}

/** The {@link SessionInfo} of a verified shopper and their session's id_hash. */
export function sessionInfo(shopper: Shopper, idHash: string): SessionInfo {
  return {
    signedIn: true,
    uid: shopper.uid,
    email: shopper.email,
    firstName: shopper.firstName,
    lastName: shopper.lastName,
    sessionId: sha256Hex(idHash).slice(0, 16),
    expiresAt: expiryMs(shopper),
  };
}
