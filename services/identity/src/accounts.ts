/**
 * The identity provider's shoppers: the seeded demo shoppers of `@storefront/seed`
 * (`data/accounts/shoppers.json`, password hashed with bcryptjs at start) plus shoppers who sign up.
 *
 * {@link Accounts} is what the server needs; {@link AccountStore} keeps sign-ups in memory and, when a
 * file is given, in a JSON file (`{ "shoppers": [...] }`, written atomically: temp file + rename) so they
 * survive a restart (seeded shoppers are never written). `PgAccountStore` (pg-accounts.ts) keeps every
 * shopper in PostgreSQL, shared by all replicas.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import bcrypt from 'bcryptjs';

/** A shopper known to the provider. `uid` is the OIDC `sub` (e.g. 'u-1003'). */
export interface Account {
  uid: string;
  /** Lower-case email, unique. */
  email: string;
  firstName: string;
  lastName: string;
  /** bcrypt hash (cost {@link BCRYPT_COST}). */
  passwordHash: string;
  /** true for the demo shoppers of shoppers.json. */
  seeded: boolean;
  /** ISO time of sign-up (seeded: the start time). */
  createdAt: string;
}

/** One demo shopper as stored in `services/seed/data/accounts/shoppers.json`. */
export interface SeedShopper {
  uid: string;
  email: string;
  firstName: string;
  lastName: string;
  shows?: string;
}

/** The seed file: `{ password, shoppers: SeedShopper[] }` (one password for every demo shopper). */
export interface SeedShoppersFile {
  password: string;
  shoppers: SeedShopper[];
}

/** bcrypt cost factor (2^10 rounds; ~60 ms per hash with bcryptjs). */
export const BCRYPT_COST = 10;
/** Password length limits in characters (bcrypt reads at most 72 bytes). */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 72;
/** Name length limit in characters. */
export const NAME_MAX = 50;
/** Email length limit in characters (RFC 5321 path limit). */
export const EMAIL_MAX = 254;

const EMAIL_RE = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:"]+$/;
// Letters (any script), marks, spaces, apostrophes, hyphens and periods: "Anne-Marie", "O'Neil", "St. John".
const NAME_RE = /^[\p{L}\p{M}][\p{L}\p{M} '’.-]*$/u;

/** Path of the committed demo shoppers (resolved through the `@storefront/seed` workspace package). */
export function defaultSeedFile(): string {
  return path.join(path.dirname(require.resolve('@storefront/seed/package.json')), 'data', 'accounts', 'shoppers.json');
}

/** Reads and checks the seed file. @throws Error when it is not `{ password, shoppers: [...] }` */
export function readSeedShoppers(file: string = defaultSeedFile()): SeedShoppersFile {
  const json = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<SeedShoppersFile>;
  if (typeof json.password !== 'string' || !Array.isArray(json.shoppers)) {
    throw new Error(`${file}: expected { password: string, shoppers: [...] }`);
  }
  return { password: json.password, shoppers: json.shoppers };
}

/** Sign-up form fields as submitted (strings or missing). */
export interface SignUpInput {
  firstName?: unknown;
  lastName?: unknown;
  email?: unknown;
  password?: unknown;
}

/** A field problem, shown next to the field: `{ field: 'password', message: 'Password must be at least 8 characters.' }`. */
export interface FieldError {
  field: 'firstName' | 'lastName' | 'email' | 'password' | 'form';
  message: string;
}

/** Thrown by {@link AccountStore.signUp} for bad input or a taken email. */
export class SignUpError extends Error {
  constructor(readonly errors: FieldError[]) {
    super(errors.map((e) => e.message).join(' '));
    this.name = 'SignUpError';
  }
}

const str = (v: unknown): string => (typeof v === 'string' ? v : '');
/** Trims and collapses inner whitespace. */
const clean = (v: unknown): string => str(v).trim().replace(/\s+/g, ' ');

/** Normalises an email for lookup: trimmed, lower case. */
export function normaliseEmail(email: unknown): string {
  return str(email).trim().toLowerCase();
}

/**
 * Checks sign-up input: first and last name 1–50 characters of letters, spaces, `'`, `-`, `.`;
 * email a plausible address up to 254 characters; password 8–72 characters.
 * @returns the problems found (empty when valid)
 */
export function validateSignUp(input: SignUpInput): FieldError[] {
  const errors: FieldError[] = [];
  const firstName = clean(input.firstName);
  const lastName = clean(input.lastName);
  const email = normaliseEmail(input.email);
  const password = str(input.password);
  for (const [field, value, label] of [['firstName', firstName, 'First name'], ['lastName', lastName, 'Last name']] as const) {
    if (!value) errors.push({ field, message: `${label} is required.` });
    else if (value.length > NAME_MAX) errors.push({ field, message: `${label} must be at most ${NAME_MAX} characters.` });
    else if (!NAME_RE.test(value)) errors.push({ field, message: `${label} may contain only letters, spaces, apostrophes, hyphens and periods.` });
  }
  const emailError = validateEmail(email);
  if (emailError) errors.push(emailError);
  const passwordError = validatePassword(password);
  if (passwordError) errors.push(passwordError);
  return errors;
}

/** The email rule of sign-up (also the forgotten-password form's). @returns the problem, or null */
export function validateEmail(input: unknown): FieldError | null {
  const email = normaliseEmail(input);
  if (!email) return { field: 'email', message: 'Email is required.' };
  if (email.length > EMAIL_MAX || !EMAIL_RE.test(email)) return { field: 'email', message: 'Enter a valid email address, like name@example.com.' };
  return null;
}

/**
 * The password rule of sign-up, also used when a shopper chooses a new password: 8–72 characters.
 * @returns the problem (field 'password'), or null when the password is acceptable
 */
export function validatePassword(password: unknown): FieldError | null {
  const pw = str(password);
  if (!pw) return { field: 'password', message: 'Password is required.' };
  if ([...pw].length < PASSWORD_MIN) return { field: 'password', message: `Password must be at least ${PASSWORD_MIN} characters.` };
  if ([...pw].length > PASSWORD_MAX) return { field: 'password', message: `Password must be at most ${PASSWORD_MAX} characters.` };
  return null;
}

/** The provider's shoppers: what the server and the OIDC `findAccount` use. */
export interface Accounts {
  /** The shopper with this uid (OIDC sub), if any. */
  findByUid(uid: string): Promise<Account | undefined>;
  /** The shopper with this email (case-insensitive), if any. */
  findByEmail(email: string): Promise<Account | undefined>;
  /** Number of shoppers (seeded + signed up). */
  count(): Promise<number>;
  /**
   * Checks an email and password.
   * @returns the shopper, or null when the email is unknown or the password is wrong (the caller must not tell which)
   */
  authenticate(email: unknown, password: unknown): Promise<Account | null>;
  /**
   * Creates a shopper (uid `u-<uuid>`).
   * @throws SignUpError with field errors for bad input, or `{ field: 'email' }` when the email is taken
   */
  signUp(input: SignUpInput): Promise<Account>;
  /**
   * Replaces the shopper's password (validated with {@link validatePassword}, then hashed).
   * @returns false when no shopper has this uid
   * @throws SignUpError with the password problem
   */
  setPassword(uid: string, password: unknown): Promise<boolean>;
  /** Where sign-ups are kept, for the start log line (a file, 'memory' or 'postgresql'). */
  readonly location: string;
}

/** The answer to a sign-up with a taken email. */
export const emailTaken = (): SignUpError =>
  new SignUpError([{ field: 'email', message: 'An account with this email already exists. Log in instead.' }]);

/** A sign-up as a new account (validated first, password hashed with `cost`). @throws SignUpError for bad input */
export async function newAccount(input: SignUpInput, cost: number): Promise<Account> {
  const errors = validateSignUp(input);
  if (errors.length) throw new SignUpError(errors);
  return {
    uid: `u-${randomUUID()}`,
    email: normaliseEmail(input.email),
    firstName: clean(input.firstName),
    lastName: clean(input.lastName),
    passwordHash: await bcrypt.hash(str(input.password), cost),
    seeded: false,
    createdAt: new Date().toISOString(),
  };
}

/** The bcrypt hash of a new password. @throws SignUpError when it breaks {@link validatePassword} */
export async function newPasswordHash(password: unknown, cost: number): Promise<string> {
  const problem = validatePassword(password);
  if (problem) throw new SignUpError([problem]);
  return bcrypt.hash(str(password), cost);
}

/** Compares `password` with the account's hash. @returns the account when it matches, else null */
export async function checkPassword(account: Account | undefined, password: unknown): Promise<Account | null> {
  const pw = str(password);
  if (!account || !pw) return null;
  return (await bcrypt.compare(pw, account.passwordHash)) ? account : null;
}

/** Options of {@link AccountStore.create}. */
export interface AccountStoreOptions {
  /** The demo shoppers (default: read from `@storefront/seed`). */
  seed?: SeedShoppersFile;
  /** JSON file keeping sign-ups across restarts; undefined = memory only. */
  file?: string;
  /** bcrypt cost (tests may lower it; default {@link BCRYPT_COST}). */
  cost?: number;
}

/** Shoppers in memory (and sign-ups in a JSON file), by uid and by email: one process only. */
export class AccountStore implements Accounts {
  private readonly byUid = new Map<string, Account>();
  private readonly byEmail = new Map<string, Account>();
  /** New password hashes of demo shoppers (kept in the file: the seed itself is never written). */
  private readonly changedSeeded = new Map<string, string>();

  private constructor(private readonly file: string | undefined, private readonly cost: number) {}

  /** Hashes the seeded password once, loads the demo shoppers, then the sign-ups of `file` when it exists. */
  static async create({ seed = readSeedShoppers(), file, cost = BCRYPT_COST }: AccountStoreOptions = {}): Promise<AccountStore> {
    const store = new AccountStore(file, cost);
    const now = new Date().toISOString();
    const passwordHash = await bcrypt.hash(seed.password, cost);
    for (const s of seed.shoppers) {
      store.add({ uid: s.uid, email: normaliseEmail(s.email), firstName: s.firstName, lastName: s.lastName, passwordHash, seeded: true, createdAt: now });
    }
    if (file && fs.existsSync(file)) {
      const saved = JSON.parse(fs.readFileSync(file, 'utf8')) as { shoppers?: Account[]; seededPasswords?: Record<string, string> };
      for (const a of saved.shoppers ?? []) {
        if (a && typeof a.uid === 'string' && typeof a.email === 'string' && typeof a.passwordHash === 'string' && !store.byEmail.has(a.email)) {
          store.add({ ...a, seeded: false });
        }
      }
      for (const [uid, hash] of Object.entries(saved.seededPasswords ?? {})) {
        const seeded = store.byUid.get(uid);
        if (!seeded?.seeded || typeof hash !== 'string') continue;
        seeded.passwordHash = hash;
        store.changedSeeded.set(uid, hash);
      }
    }
    return store;
  }

  get location(): string {
    return this.file ?? 'memory';
  }

  private add(account: Account): void {
    this.byUid.set(account.uid, account);
    this.byEmail.set(account.email, account);
  }

  async findByUid(uid: string): Promise<Account | undefined> {
    return this.byUid.get(uid);
  }

  async findByEmail(email: string): Promise<Account | undefined> {
    return this.byEmail.get(normaliseEmail(email));
  }

  /** Number of shoppers (seeded + signed up). */
  get size(): number {
    return this.byUid.size;
  }

  async count(): Promise<number> {
    return this.byUid.size;
  }

  async authenticate(email: unknown, password: unknown): Promise<Account | null> {
    return checkPassword(await this.findByEmail(str(email)), password);
  }

  /** Creates a shopper, persisting it to the file when there is one. See {@link Accounts.signUp}. */
  async signUp(input: SignUpInput): Promise<Account> {
    if (!validateSignUp(input).length && this.byEmail.has(normaliseEmail(input.email))) throw emailTaken();
    const account = await newAccount(input, this.cost);
    // Re-check after the await: two sign-ups with one email may race.
    if (this.byEmail.has(account.email)) throw emailTaken();
    this.add(account);
    this.persist();
    return account;
  }

  /** Replaces a shopper's password, persisting it. See {@link Accounts.setPassword}. */
  async setPassword(uid: string, password: unknown): Promise<boolean> {
    const hash = await newPasswordHash(password, this.cost);
    const account = this.byUid.get(uid);
    if (!account) return false;
    account.passwordHash = hash;
    if (account.seeded) this.changedSeeded.set(uid, hash);
    this.persist();
    return true;
  }

  private persist(): void {
    if (!this.file) return;
    const shoppers = [...this.byUid.values()].filter((a) => !a.seeded);
    const seededPasswords = Object.fromEntries(this.changedSeeded);
    fs.mkdirSync(path.dirname(this.file), { recursive: true });
    const tmp = `${this.file}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, `${JSON.stringify({ shoppers, seededPasswords }, null, 2)}\n`, { mode: 0o600 });
    fs.renameSync(tmp, this.file);
  }
}
