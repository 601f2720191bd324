/**
 * Shoppers in PostgreSQL (`identity_accounts`), shared by every replica: a sign-up on one signs in on
 * any other. The demo shoppers are upserted at every start (names, email, a fresh bcrypt hash of the
 * seed password), under the identity advisory lock; the email column is unique (normalised: trimmed,
 * lower case), so two replicas racing on one email give one account and one 409.
 */
import bcrypt from 'bcryptjs';
import type { Pool } from 'pg';
import {
  BCRYPT_COST, checkPassword, emailTaken, newAccount, newPasswordHash, normaliseEmail, readSeedShoppers, validateSignUp,
  type Account, type Accounts, type SeedShoppersFile, type SignUpInput,
} from './accounts';
import { withIdentityLock } from './db';
import type { Logger } from './log';

interface AccountRow {
  uid: string;
  email: string;
  first_name: string;
  last_name: string;
  password_hash: string;
  seeded: boolean;
  created_at: Date;
}

const COLUMNS = 'uid, email, first_name, last_name, password_hash, seeded, created_at';
const UNIQUE_VIOLATION = '23505';

const accountOf = (row: AccountRow | undefined): Account | undefined => row && {
  uid: row.uid,
  email: row.email,
  firstName: row.first_name,
  lastName: row.last_name,
  passwordHash: row.password_hash,
  seeded: row.seeded,
  createdAt: row.created_at.toISOString(),
};

/** Options of {@link PgAccountStore.create}. */
export interface PgAccountStoreOptions {
  /** A pool on a migrated database (see db.ts `migrate`). */
  pool: Pool;
  /** The demo shoppers (default: read from `@storefront/seed`). */
  seed?: SeedShoppersFile;
  /** bcrypt cost (tests may lower it; default {@link BCRYPT_COST}). */
  cost?: number;
  /** Where a skipped demo shopper is reported. */
  log?: Logger;
}

/** The shoppers in `identity_accounts`. */
export class PgAccountStore implements Accounts {
  readonly location = 'postgresql';

  private constructor(private readonly pool: Pool, private readonly cost: number) {}

  /**
   * Upserts the demo shoppers (a demo shopper whose email belongs to another uid is skipped and logged).
   * @throws pg errors (e.g. the table is missing: run `migrate` first)
   */
  static async create({ pool, seed = readSeedShoppers(), cost = BCRYPT_COST, log }: PgAccountStoreOptions): Promise<PgAccountStore> {
    const passwordHash = await bcrypt.hash(seed.password, cost);
    await withIdentityLock(pool, async (client) => {
      for (const s of seed.shoppers) {
        const email = normaliseEmail(s.email);
        const taken = await client.query('SELECT 1 FROM identity_accounts WHERE email = $1 AND uid <> $2', [email, s.uid]);
        if (taken.rowCount) {
          log?.('warn', { msg: 'demo shopper skipped: its email belongs to another account', uid: s.uid });
          continue;
        }
        await client.query(
          `INSERT INTO identity_accounts (uid, email, first_name, last_name, password_hash, seeded) VALUES ($1, $2, $3, $4, $5, true)
           ON CONFLICT (uid) DO UPDATE SET email = EXCLUDED.email, first_name = EXCLUDED.first_name,
             last_name = EXCLUDED.last_name, password_hash = EXCLUDED.password_hash, seeded = true`,
          [s.uid, email, s.firstName, s.lastName, passwordHash]);
      }
    });
    return new PgAccountStore(pool, cost);
  }

  async findByUid(uid: string): Promise<Account | undefined> {
    const { rows } = await this.pool.query<AccountRow>(`SELECT ${COLUMNS} FROM identity_accounts WHERE uid = $1`, [uid]);
    return accountOf(rows[0]);
  }

  async findByEmail(email: string): Promise<Account | undefined> {
    const { rows } = await this.pool.query<AccountRow>(`SELECT ${COLUMNS} FROM identity_accounts WHERE email = $1`, [normaliseEmail(email)]);
    return accountOf(rows[0]);
  }

  async count(): Promise<number> {
    const { rows } = await this.pool.query<{ n: string }>('SELECT count(*) AS n FROM identity_accounts');
    return Number(rows[0]!.n);
  }

  async authenticate(email: unknown, password: unknown): Promise<Account | null> {
    return checkPassword(typeof email === 'string' ? await this.findByEmail(email) : undefined, password);
  }

  /** Creates a shopper row. See {@link Accounts.signUp}. */
  async signUp(input: SignUpInput): Promise<Account> {
    if (!validateSignUp(input).length && (await this.findByEmail(normaliseEmail(input.email)))) throw emailTaken();
    const account = await newAccount(input, this.cost);
    try {
      await this.pool.query(
        'INSERT INTO identity_accounts (uid, email, first_name, last_name, password_hash, seeded, created_at) VALUES ($1, $2, $3, $4, $5, false, $6)',
        [account.uid, account.email, account.firstName, account.lastName, account.passwordHash, account.createdAt]);
    } catch (error) {
      if ((error as { code?: string }).code === UNIQUE_VIOLATION) throw emailTaken();
      throw error;
    }
    return account;
  }

  /** Replaces a shopper's password hash. See {@link Accounts.setPassword}. */
  async setPassword(uid: string, password: unknown): Promise<boolean> {
    const hash = await newPasswordHash(password, this.cost);
    const { rowCount } = await this.pool.query('UPDATE identity_accounts SET password_hash = $2 WHERE uid = $1', [uid, hash]);
    return (rowCount ?? 0) > 0;
  }
}
