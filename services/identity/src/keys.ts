/**
 * Signing keys and cookie keys, shared by every replica through PostgreSQL.
 *
 * `identity_signing_keys(kid, jwk, created_at)` holds RS256 private JWKs. {@link loadKeys} (at start
 * and every `refreshS` seconds, under the identity advisory lock) rotates and prunes them:
 * - a new key is created when there is none or the newest is `rotateS` old;
 * - a new key is published first and signs only once it is `2 × refreshS` old, so every replica
 *   already serves it in /jwks when the first token signed with it appears (no replica is ever asked
 *   to verify a kid it does not publish); the signer is the newest key at least that old (or, at the
 *   very first start, the only key);
 * - a retired key stays published until its successor has signed for `refreshS + tokenTtlS` (+60 s of
 *   clock margin), so every token it signed can still be verified, then it is deleted.
 *
 * `identity_secrets('cookie_keys')` is one list of random cookie-signing secrets, created once.
 */
import { generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto';
import type { JWK } from 'oidc-provider';
import type { Pool } from 'pg';
import { withIdentityLock } from './db';

/** Seconds added to the retention of a retired key for clock differences. */
export const KEY_CLOCK_MARGIN_S = 60;

/** An RS256 signing key (private JWK) generated now, with a random kid. */
export function generateSigningKey(): JWK {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return { ...(privateKey.export({ format: 'jwk' }) as JWK), kid: `k-${randomUUID()}`, alg: 'RS256', use: 'sig' };
}

/** When keys rotate and how long they are kept; all in seconds. */
export interface KeyPolicy {
  /** Age of the newest key at which a new one is created (SIGNING_KEY_ROTATE_S). */
  rotateS: number;
  /** Longest lifetime of a token signed with these keys (the id token TTL). */
  tokenTtlS: number;
  /** How often every replica reloads the keys; a new key signs once it is `2 × refreshS` old. */
  refreshS: number;
  /** Added to a retired key's retention for clock differences (default {@link KEY_CLOCK_MARGIN_S}). */
  marginS?: number;
}

/** What the provider is configured with. */
export interface KeySet {
  /** Private JWKs for `jwks.keys`: the signer first, then every other published key. */
  signing: JWK[];
  /** `cookies.keys`: the shared cookie secrets (the first signs, all verify). */
  cookieKeys: string[];
}

interface KeyRow {
  kid: string;
  jwk: JWK;
  age_s: number;
}

/**
 * Rotates, prunes and reads the signing keys, and reads (creating once) the cookie keys.
 * @returns the key set for the provider
 * @throws pg errors (the caller keeps its previous keys when refreshing)
 */
export async function loadKeys(pool: Pool, { rotateS, tokenTtlS, refreshS, marginS = KEY_CLOCK_MARGIN_S }: KeyPolicy): Promise<KeySet> {
  const leadS = 2 * refreshS;
  return withIdentityLock(pool, async (client) => {
    const { rows } = await client.query<KeyRow>(
      `SELECT kid, jwk, extract(epoch FROM clock_timestamp() - created_at)::double precision AS age_s
       FROM identity_signing_keys ORDER BY created_at DESC, kid DESC`);
    const keys = rows;
    if (!keys.length || keys[0]!.age_s >= rotateS) {
      const jwk = generateSigningKey();
      await client.query('INSERT INTO identity_signing_keys (kid, jwk, created_at) VALUES ($1, $2, clock_timestamp())', [jwk.kid, JSON.stringify(jwk)]);
      keys.unshift({ kid: String(jwk.kid), jwk, age_s: 0 });
    }
    const eligible = keys.findIndex((k) => k.age_s >= leadS);
    const signerIndex = eligible >= 0 ? eligible : keys.length - 1;
    // keys[i] retired when keys[i - 1] started signing (at its age leadS); keep it for the tokens it signed
    const keepUntilSuccessorAge = leadS + refreshS + tokenTtlS + marginS;
    const expired = keys.filter((k, i) => i > signerIndex && keys[i - 1]!.age_s >= keepUntilSuccessorAge);
    if (expired.length) await client.query('DELETE FROM identity_signing_keys WHERE kid = ANY($1)', [expired.map((k) => k.kid)]);
    const published = keys.filter((k) => !expired.includes(k));
    const signer = keys[signerIndex]!;

    await client.query(
      `INSERT INTO identity_secrets (name, value) VALUES ('cookie_keys', $1) ON CONFLICT (name) DO NOTHING`,
      [JSON.stringify([randomBytes(32).toString('base64url')])]);
    const cookie = await client.query<{ value: string[] }>(`SELECT value FROM identity_secrets WHERE name = 'cookie_keys'`);
    return {
      signing: [signer.jwk, ...published.filter((k) => k !== signer).map((k) => k.jwk)],
      cookieKeys: cookie.rows[0]!.value,
    };
  });
}

/** The same key set in the same order (so the provider need not be rebuilt). */
export function sameKeys(a: KeySet, b: KeySet): boolean {
  const kids = (s: KeySet) => s.signing.map((k) => k.kid).join(' ');
  return kids(a) === kids(b) && a.cookieKeys.join(' ') === b.cookieKeys.join(' ');
}
