/**
 * Test harness: the BFF over real HTTP on loopback (port 0) with a fresh database (migrated and seeded:
 * accounts, cards, demo shopping lists, demo offers) and a test RS256 signing key whose public JWKS is handed to
 * buildServer. Id tokens are minted with test/id-tokens.ts.
 *
 * The database is in-memory PGlite, or — in the PostgreSQL pass (`BFF_TEST_DB=pg`, test/postgres.global.ts
 * sets BFF_TEST_DATABASE_URL to a throwaway cluster) — a fresh PostgreSQL database per harness, dropped
 * on close.
 */
import type { FastifyInstance } from 'fastify';
import type { CryptoKey } from 'jose';
import type { AddressInfo } from 'net';
import { mkdtempSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import path from 'path';
import { randomBytes } from 'crypto';
import { Client } from 'pg';
import { createPgDb, createPgliteDb, type Db } from '../src/db';
import { migrate } from '../src/migrate';
import { seedAccounts, seedOffers, seedShoppingLists } from '../src/seed';
import { buildServer, type BuildServerOptions } from '../src/server';
import { CLIENT_ID, ISSUER, makeKey, mintIdToken, shopperHeaders, type MintOptions } from './id-tokens';

export { CLIENT_ID, ISSUER, KID, makeKey, mintIdToken, type MintOptions } from './id-tokens';
export const TOKEN_SECRET = new TextEncoder().encode('x'.repeat(32));

export interface Harness {
  db: Db;
  app: FastifyInstance;
  base: string;
  signingKey: CryptoKey;
  contentDir: string;
  /** Clock used by the server (ms); tests may move it. */
  clock: { now: number };
  /** An id token for `uid` (given_name etc. from `claims`). */
  mint(uid: string, options?: MintOptions): Promise<string>;
  /** Shopper headers for `uid` (bearer + x-id-token + x-nonce). */
  headers(uid: string, extra?: Record<string, string>): Promise<Record<string, string>>;
  /** JSON call; returns status, headers and parsed body. */
  call(method: string, path: string, options?: { headers?: Record<string, string>; body?: unknown; raw?: string }): Promise<CallResult>;
  /** JSON call as the shopper `uid`. */
  as(uid: string, method: string, path: string, body?: unknown, extra?: Record<string, string>): Promise<CallResult>;
  close(): Promise<void>;
}

export interface CallResult {
  status: number;
  headers: Headers;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  json: any;
}

/** Which database this jest run uses: 'pg' in the PostgreSQL pass, else 'pglite'. */
export const TEST_DB: 'pg' | 'pglite' = process.env.BFF_TEST_DATABASE_URL ? 'pg' : 'pglite';

/** `describe` in the PGlite pass only (data folder, lock), skipped in the PostgreSQL pass. */
export const describePglite = TEST_DB === 'pglite' ? describe : describe.skip;

/** A fresh, empty PostgreSQL database on the pass's throwaway cluster. */
export interface TestDatabase {
  /** postgres://… URL of the new database. */
  url: string;
  /** Drops the database (connections are terminated first). */
  drop(): Promise<void>;
}

/**
 * Creates an empty database `bff_<random>` on the cluster of BFF_TEST_DATABASE_URL.
 * @throws outside the PostgreSQL pass
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const admin = process.env.BFF_TEST_DATABASE_URL;
  if (!admin) throw new Error('createTestDatabase: BFF_TEST_DATABASE_URL is not set (PostgreSQL pass only)');
  const name = `bff_${randomBytes(6).toString('hex')}`;
  const run = async (sql: string) => {
    const client = new Client({ connectionString: admin });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await run(`CREATE DATABASE ${name}`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/** A fresh empty Db for this pass: in-memory PGlite, or pg on a new database (dropped by `close()`). */
export async function createTestDb(): Promise<Db> {
  if (TEST_DB === 'pglite') return createPgliteDb();
  const database = await createTestDatabase();
  const db = createPgDb(database.url);
  return {
    ...db,
    kind: db.kind,
    dataDir: db.dataDir,
    async close() {
      await db.close();
      await database.drop();
    },
  };
}

/** Listens on a free loopback port; resolves to the base URL `http://127.0.0.1:<port>`. */
export async function listenOnLoopback(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

/**
 * A fresh BFF ({@link startHarness}) for the tests of one file: started before them, closed after them.
 * The object is filled in by `beforeAll`, so use it inside tests and hooks.
 */
export function harnessPerFile(overrides: Partial<BuildServerOptions> = {}): Harness {
  const h = {} as Harness;
  beforeAll(async () => {
    Object.assign(h, await startHarness(overrides));
  }, 60_000);
  afterAll(() => h.close());
  return h;
}

/** A BFF with buildServer's defaults (no sign-in, nothing seeded) on its own database. */
export interface BareServer {
  db: Db;
  app: FastifyInstance;
  base: string;
}

/**
 * A {@link BareServer} for the tests of one file on a fresh empty database ({@link createTestDb}), which
 * `prepare` may fill first (migrations…); closed after the tests. Filled in by `beforeAll`: use it inside tests.
 */
export function bareServerPerFile(prepare: (db: Db) => Promise<void> = async () => undefined): BareServer {
  const server = {} as BareServer;
  beforeAll(async () => {
    server.db = await createTestDb();
    await prepare(server.db);
    server.app = buildServer({ db: server.db });
    server.base = await listenOnLoopback(server.app);
  }, 60_000);
  afterAll(async () => {
    await server.app.close();
    await server.db.close();
  });
  return server;
}

/** Starts a fresh BFF (own database, see {@link createTestDb}). */
export async function startHarness(overrides: Partial<BuildServerOptions> = {}): Promise<Harness> {
  const db = await createTestDb();
  await migrate(db);
  await seedAccounts(db);
  await seedShoppingLists(db);
  await seedOffers(db);
  const { privateKey, jwk } = await makeKey();
  const contentDir = mkdtempSync(path.join(tmpdir(), 'bff-content-'));
  writeFileSync(path.join(contentDir, 'menu.json'), JSON.stringify({ items: [{ label: 'Flyer', link: '/flyer' }] }));
  writeFileSync(path.join(contentDir, 'secrets.json'), JSON.stringify({ secret: true }));
  const clock = { now: Date.now() };
  const app = buildServer({
    db,
    auth: { issuer: ISSUER, clientId: CLIENT_ID, jwks: { keys: [jwk] } },
    tokenSecret: TOKEN_SECRET,
    contentDir,
    now: () => clock.now,
    ...overrides,
  });
  const base = await listenOnLoopback(app);

  const mint: Harness['mint'] = (uid, { key = privateKey, ...options } = {}) => mintIdToken(key, uid, options);
  const headers: Harness['headers'] = async (uid, extra = {}) => ({ ...shopperHeaders(await mint(uid)), ...extra });
  const call: Harness['call'] = async (method, p, { headers: h = {}, body, raw } = {}) => {
    const payload = raw ?? (body === undefined ? undefined : JSON.stringify(body));
    const res = await fetch(`${base}${p}`, {
      method,
      headers: payload === undefined ? h : { 'content-type': 'application/json', ...h },
      body: payload,
    });
    const text = await res.text();
    return { status: res.status, headers: res.headers, json: text ? JSON.parse(text) : undefined };
  };
  const as: Harness['as'] = async (uid, method, p, body, extra) =>
    call(method, p, { headers: await headers(uid, extra), body: body === undefined && method === 'POST' ? {} : body });

  return {
    db, app, base, signingKey: privateKey, contentDir, clock, mint, headers, call, as,
    async close() {
      await app.close();
      await db.close();
    },
  };
}

/** A success envelope matcher. */
export const success = (code: unknown = 200, data: unknown = expect.anything()) => ({ status: 'success', code, message: expect.any(String), data });
/** An error envelope matcher. */
export const failure = (code: unknown, message: unknown = expect.any(String)) => ({ status: 'error', code, message, data: null });
