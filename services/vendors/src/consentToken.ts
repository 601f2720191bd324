/**
 * Verification of the consent token a signed-in shopper's receipt carries (spec §7 "POST /api/generateToken
 * … token, used for the consent tool"). The storefront's BFF signs it (services/bff `src/tokens.ts`):
 * HS256 with the secret it shares with the consent tool, `iss` 'storefront-bff', `aud` 'consent',
 * `sub` = the shopper's uid, 5 minutes. The tool verifies it with the same secret, as a real consent
 * tool verifies a site's signed identity token with the key the site gave it.
 */
import { errors as joseErrors, jwtVerify } from 'jose';

/** Issuer of consent tokens (the BFF's `TOKEN_ISSUER`). */
export const CONSENT_TOKEN_ISSUER = 'storefront-bff';
/** Audience of consent tokens (the BFF's generateToken audience). */
export const CONSENT_TOKEN_AUDIENCE = 'consent';
/** Oldest token accepted, seconds since its `iat` (the BFF's tokens live 300 s). */
export const CONSENT_TOKEN_MAX_AGE_S = 300;
/** Shortest shared secret accepted, characters (as the BFF's BFF_TOKEN_SECRET). */
export const MIN_SECRET_LENGTH = 32;

/** Why a token was refused (`status` 401) or the verified subject. */
export type ConsentTokenResult = { ok: true; sub: string } | { ok: false; reason: string };

/** Verifies a compact JWT; resolves with the result, never rejects. */
export type ConsentTokenVerifier = (token: string) => Promise<ConsentTokenResult>;

/** A readable reason for a jose error. */
function reasonFor(err: unknown): string {
  if (err instanceof joseErrors.JWTExpired) return 'Invalid consent token: expired';
  if (err instanceof joseErrors.JWTClaimValidationFailed) return `Invalid consent token: ${err.message}`;
  if (err instanceof joseErrors.JWSSignatureVerificationFailed) return 'Invalid consent token: signature verification failed';
  if (err instanceof joseErrors.JOSEAlgNotAllowed) return 'Invalid consent token: signing algorithm not allowed';
  return 'Invalid consent token: malformed token';
}

/**
 * A verifier with `secret` (the BFF's BFF_TOKEN_SECRET, at least {@link MIN_SECRET_LENGTH} characters):
 * HS256 signature only (no `none`, no other algorithm), `iss`, `aud`, `sub`, `exp` and `iat` required,
 * at most {@link CONSENT_TOKEN_MAX_AGE_S} s old, 30 s clock tolerance.
 * @throws Error when the secret is shorter than {@link MIN_SECRET_LENGTH}
 */
export function createConsentTokenVerifier(secret: string): ConsentTokenVerifier {
  if (secret.length < MIN_SECRET_LENGTH) throw new Error(`consent token secret must be at least ${MIN_SECRET_LENGTH} characters`);
  const key = new TextEncoder().encode(secret);
  return async (token) => {
    try {
      const { payload } = await jwtVerify(token, key, {
        algorithms: ['HS256'],
        issuer: CONSENT_TOKEN_ISSUER,
        audience: CONSENT_TOKEN_AUDIENCE,
        requiredClaims: ['sub', 'exp', 'iat'],
        maxTokenAge: CONSENT_TOKEN_MAX_AGE_S,
        clockTolerance: 30,
      });
      if (typeof payload.sub !== 'string' || payload.sub === '') return { ok: false, reason: 'Invalid consent token: no subject' };
      return { ok: true, sub: payload.sub };
    } catch (err) {
      return { ok: false, reason: reasonFor(err) };
    }
  };
}
