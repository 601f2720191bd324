/**
 * Password-reset links: a random token (32 bytes, base64url) goes into the email; only its SHA-256 is
 * kept, with the shopper, the sign-in (interaction) it was asked from, and its expiry
 * ({@link RESET_TTL_MS}). A link is used once: using one uses every other open link of that shopper too.
 *
 * {@link MemoryPasswordResets} keeps them in this process (one process; a restart forgets open links);
 * {@link PgPasswordResets} in `identity_password_resets`, shared by every replica.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Pool } from 'pg';

/** How long a reset link works: 30 minutes, in ms. */
export const RESET_TTL_MS = 30 * 60_000;

/** What an open link leads to: the shopper, and the pending sign-in it was asked from (null when none). */
export interface ResetLink {
  uid: string;
  interaction: string | null;
}

/** The reset links. Times are ms since the epoch (the server's clock, injectable). */
export interface PasswordResets {
  /** A new link token for `uid`, valid from `now` for {@link RESET_TTL_MS}. */
  issue(uid: string, interaction: string | null, now: number): Promise<string>;
  /** The link of `token` when it is open at `now` (known, unused, not expired), else null. */
  peek(token: string, now: number): Promise<ResetLink | null>;
  /**
   * Uses the link of `token` (once: a second use, or any other open link of the shopper, finds null).
   * @returns the link, or null when it is not open at `now`
   */
  consume(token: string, now: number): Promise<ResetLink | null>;
}

/** A fresh link token: 32 random bytes, base64url (43 characters). */
export const newResetToken = (): string => randomBytes(32).toString('base64url');
/** true when `token` has the shape of a link token (anything else is not looked up). */
export const isResetToken = (token: unknown): token is string => typeof token === 'string' && /^[A-Za-z0-9_-]{43}$/.test(token);
/** What is stored of a token: its SHA-256, hex. */
export const tokenHash = (token: string): string => createHash('sha256').update(token).digest('hex');

interface Held extends ResetLink {
  expiresAt: number;
  used: boolean;
}

/** Links in this process. */
export class MemoryPasswordResets implements PasswordResets {
  private readonly links = new Map<string, Held>();

  async issue(uid: string, interaction: string | null, now: number): Promise<string> {
    for (const [hash, link] of this.links) if (link.expiresAt <= now) this.links.delete(hash);
    const token = newResetToken();
    this.links.set(tokenHash(token), { uid, interaction, expiresAt: now + RESET_TTL_MS, used: false });
    return token;
  }

  async peek(token: string, now: number): Promise<ResetLink | null> {
    const link = isResetToken(token) ? this.links.get(tokenHash(token)) : undefined;
    return link && !link.used && link.expiresAt > now ? { uid: link.uid, interaction: link.interaction } : null;
  }

  async consume(token: string, now: number): Promise<ResetLink | null> {
    const open = await this.peek(token, now);
    if (!open) return null;
    for (const link of this.links.values()) if (link.uid === open.uid) link.used = true;
    return open;
  }
}

/** Links in PostgreSQL (`identity_password_resets`, see db.ts). */
export class PgPasswordResets implements PasswordResets {
  constructor(private readonly pool: Pool) {}

  async issue(uid: string, interaction: string | null, now: number): Promise<string> {
    const token = newResetToken();
    // Links expired for a day are of no use, even to explain a refusal.
    await this.pool.query('DELETE FROM identity_password_resets WHERE expires_at < $1', [new Date(now - 24 * 3600_000)]);
    await this.pool.query(
      'INSERT INTO identity_password_resets (token_hash, uid, interaction, created_at, expires_at) VALUES ($1, $2, $3, $4, $5)',
      [tokenHash(token), uid, interaction, new Date(now), new Date(now + RESET_TTL_MS)]);
    return token;
  }

  async peek(token: string, now: number): Promise<ResetLink | null> {
    if (!isResetToken(token)) return null;
    const { rows } = await this.pool.query<ResetLink>(
      'SELECT uid, interaction FROM identity_password_resets WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2',
      [tokenHash(token), new Date(now)]);
    return rows[0] ?? null;
  }

  async consume(token: string, now: number): Promise<ResetLink | null> {
    if (!isResetToken(token)) return null;
    // One UPDATE decides: of two replicas using one link at once, one gets the row.
    const { rows } = await this.pool.query<ResetLink>(
      `UPDATE identity_password_resets SET used_at = $2 WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2
       RETURNING uid, interaction`, [tokenHash(token), new Date(now)]);
    const link = rows[0];
    if (!link) return null;
    await this.pool.query('UPDATE identity_password_resets SET used_at = $2 WHERE uid = $1 AND used_at IS NULL', [link.uid, new Date(now)]);
    return link;
  }
}
