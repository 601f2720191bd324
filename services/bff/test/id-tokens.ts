/**
 * Test id tokens: an RS256 key pair whose public JWK the BFF is given (`auth.jwks`), and tokens signed
 * with it. Used by test/harness.ts and bench/list-read.ts (no jest globals here, so a plain script can
 * import it).
 */
import { randomUUID } from 'crypto';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from 'jose';

export const ISSUER = 'http://issuer.test';
export const CLIENT_ID = 'storefront';
export const KID = 'test-key-1';

/** An RS256 key pair with its public JWK (kid set). */
export async function makeKey(kid = KID): Promise<{ privateKey: CryptoKey; jwk: JWK }> {
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' };
  return { privateKey, jwk };
}

export interface MintOptions {
  key?: CryptoKey;
  kid?: string;
  iss?: string;
  aud?: string | string[];
  /** Expiry, seconds from now (negative: already expired). */
  expiresIn?: number;
  /** Issued-at, seconds from now (default -60; positive: in the future). */
  issuedIn?: number;
  claims?: Record<string, unknown>;
}

/** An id token for `uid` signed with `key` (iss/aud of the test issuer unless given). */
export function mintIdToken(key: CryptoKey, uid: string, { kid = KID, iss = ISSUER, aud = CLIENT_ID, expiresIn = 3600, issuedIn = -60, claims = {} }: Omit<MintOptions, 'key'> = {}): Promise<string> {
  const nowS = Math.floor(Date.now() / 1000);
  return new SignJWT({ email: `${uid}@example.com`, given_name: 'Test', family_name: 'Shopper', ...claims })
    .setProtectedHeader({ alg: 'RS256', kid })
    .setSubject(uid)
    .setIssuer(iss)
    .setAudience(aud)
    .setIssuedAt(nowS + issuedIn)
    .setExpirationTime(nowS + expiresIn)
    .sign(key);
}

/** A fresh x-nonce (a nonce is single-use, as callBff's). */
export const freshNonce = (): string => `nonce-${randomUUID()}`;

/** Shopper headers (bearer + x-id-token + a fresh x-nonce) for a token. */
export function shopperHeaders(token: string, nonce = freshNonce()): Record<string, string> {
  return { authorization: `Bearer ${token}`, 'x-id-token': token, 'x-nonce': nonce };
}
