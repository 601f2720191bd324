/**
 * Tokens the sign-in and sign-up forms carry, signed with HMAC-SHA256 under keys derived from the
 * provider's cookie keys (shared by every replica through the database):
 *
 * - CSRF synchronizer tokens (OWASP "Synchronizer Token" / "Signed Double-Submit Cookie"): the form of
 *   an interaction carries HMAC('csrf', interaction uid) — the interaction itself is bound to the
 *   browser by oidc-provider's cookie; the stand-alone sign-up form carries HMAC('csrf', v) where `v` is
 *   a random value in an HttpOnly, SameSite=Strict cookie. A POST without the matching token is refused.
 * - step-up tickets: `<payload>.<mac>`, payload = base64url JSON `{ u: interaction uid, a: account digest,
 *   n: nonce, nbf, exp }` (ms since the epoch). A ticket proves the browser waited before its password is
 *   checked (see throttle.ts).
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** What {@link FormTokens.readTicket} found in a valid ticket for this interaction and account. */
export interface StepUpTicket {
  nonce: string;
  /** ms until the ticket may be used (0 when it may be used now). */
  waitMs: number;
}

const b64 = (buf: Buffer) => buf.toString('base64url');
const same = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};
const accountDigest = (email: string) => createHash('sha256').update(email.trim().toLowerCase()).digest('base64url').slice(0, 22);

/** Issues and checks CSRF tokens and step-up tickets. */
export class FormTokens {
  private readonly keys: Buffer[];

  /** @param secrets the cookie keys; the first signs, every one verifies */
  constructor(secrets: string[]) {
    if (!secrets.length) throw new Error('FormTokens needs at least one secret');
    this.keys = secrets.map((s) => createHmac('sha256', s).update('identity form tokens').digest());
  }

  private mac(key: Buffer, purpose: string, value: string): string {
    return b64(createHmac('sha256', key).update(`${purpose}\n${value}`).digest());
  }

  private verify(purpose: string, value: string, token: string): boolean {
    return this.keys.some((k) => same(this.mac(k, purpose, value), token));
  }

  /** The CSRF token of a form bound to `binding` (an interaction uid, or the double-submit cookie's value). */
  csrf(binding: string): string {
    return this.mac(this.keys[0]!, 'csrf', binding);
  }

  /** true when `token` is the CSRF token of `binding` (constant-time). */
  checkCsrf(binding: string, token: string | null | undefined): boolean {
    return !!binding && typeof token === 'string' && token.length > 0 && token.length < 100 && this.verify('csrf', binding, token);
  }

  /** A fresh random value for the double-submit cookie. */
  static cookieValue(): string {
    return b64(randomBytes(18));
  }

  /**
   * A step-up ticket for `email` in interaction `uid`, usable from `now + waitMs` until `now + ttlMs`.
   * @param now ms since the epoch
   */
  ticket(uid: string, email: string, now: number, waitMs: number, ttlMs: number): string {
    const payload = b64(Buffer.from(JSON.stringify({ u: uid, a: accountDigest(email), n: b64(randomBytes(12)), nbf: now + waitMs, exp: now + ttlMs })));
    return `${payload}.${this.mac(this.keys[0]!, 'step-up', payload)}`;
  }

  /**
   * Reads a step-up ticket.
   * @returns its nonce and remaining wait, or null when it is missing, forged, expired, or for another
   *   interaction or account
   */
  readTicket(ticket: string | null | undefined, uid: string, email: string, now: number): StepUpTicket | null {
    if (typeof ticket !== 'string' || ticket.length > 512) return null;
    const [payload, mac, extra] = ticket.split('.');
    if (!payload || !mac || extra !== undefined || !this.verify('step-up', payload, mac)) return null;
    try {
      const t = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { u?: unknown; a?: unknown; n?: unknown; nbf?: unknown; exp?: unknown };
      if (t.u !== uid || t.a !== accountDigest(email) || typeof t.n !== 'string' || typeof t.nbf !== 'number' || typeof t.exp !== 'number') return null;
      if (now >= t.exp) return null;
      return { nonce: t.n, waitMs: Math.max(0, t.nbf - now) };
    } catch {
      return null;
    }
  }
}
