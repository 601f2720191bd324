/**
 * Short-lived HS256 tokens the BFF signs for other tools (spec §7 "signed token request (card number,
 * first name)" and "POST /api/generateToken … token, used for the consent tool").
 * The secret is BFF_TOKEN_SECRET (≥ 32 characters) or 32 random bytes generated at start.
 */
import { randomBytes } from 'crypto';
import { SignJWT } from 'jose';

/** Issuer claim of every BFF-signed token. */
export const TOKEN_ISSUER = 'storefront-bff';
/** Lifetime of BFF-signed tokens, seconds (5 min). */
export const TOKEN_TTL_S = 300;

/** Audiences: 'scene-registration' (signed-token) and 'consent' (generateToken). */
export type TokenAudience = 'scene-registration' | 'consent';

/** Signs `claims` for `sub` with HS256; resolves with the compact JWT. */
export type TokenSigner = (sub: string, audience: TokenAudience, claims?: Record<string, string>) => Promise<string>;

/** The secret bytes: BFF_TOKEN_SECRET when given (must be ≥ 32 characters), else random. */
export function tokenSecret(fromEnv: string | undefined): Uint8Array {
  if (fromEnv !== undefined && fromEnv !== '') {
    if (fromEnv.length < 32) throw new Error('BFF_TOKEN_SECRET must be at least 32 characters');
    return new TextEncoder().encode(fromEnv);
  }
  return new Uint8Array(randomBytes(32));
}

/** A signer with `secret`; tokens carry iss 'storefront-bff', aud, sub, iat, exp (iat + 300 s) and `claims`. */
export function createTokenSigner(secret: Uint8Array): TokenSigner {
  return (sub, audience, claims = {}) =>
    new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer(TOKEN_ISSUER)
      .setAudience(audience)
      .setSubject(sub)
      .setIssuedAt()
      .setExpirationTime(`${TOKEN_TTL_S}s`)
      .sign(secret);
}
