/**
 * Shared timing of the BFF benches (list read, offers fetch): a BFF in this process on a fresh PGlite
 * folder, sequential GETs over loopback, timed from the request to the last byte of the body, after a
 * warm-up. Figures only; nothing is asserted.
 */
import { randomUUID } from 'crypto';
import { mkdtempSync, rmSync } from 'fs';
import type { AddressInfo } from 'net';
import { tmpdir } from 'os';
import path from 'path';
import { createPgliteDb, type Db } from '../src/db';
import { migrate } from '../src/migrate';
import { buildServer } from '../src/server';
import { CLIENT_ID, ISSUER, makeKey, mintIdToken, shopperHeaders } from '../test/id-tokens';

/** Nearest-rank percentile (p in 0–100) of ascending values. */
export function pct(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/**
 * Times `requests` sequential GETs of `url` (after `warmup` untimed ones). A request with an `x-nonce`
 * gets a fresh one each time (nonces are single-use, as the storefront's callBff sends them).
 * @returns p50 and p95 in ms
 * @throws Error when an answer is not 200 (with the start of its body)
 */
export async function timeGets(url: string, headers: Record<string, string>, { warmup = 20, requests = 200 } = {}): Promise<{ p50: number; p95: number; requests: number }> {
  const read = async (): Promise<number> => {
    const sent = 'x-nonce' in headers ? { ...headers, 'x-nonce': `nonce-${randomUUID()}` } : headers;
    const start = performance.now();
    const res = await fetch(url, { headers: sent });
    const text = await res.text();
    const ms = performance.now() - start;
    if (res.status !== 200) throw new Error(`GET answered ${res.status}: ${text.slice(0, 200)}`);
    return ms;
  };
  for (let i = 0; i < warmup; i++) await read();
  const times: number[] = [];
  for (let i = 0; i < requests; i++) times.push(await read());
  times.sort((a, b) => a - b);
  return { p50: pct(times, 50), p95: pct(times, 95), requests };
}

/** What {@link benchBffGet} reads and how it prepares the database. */
export interface BffGetBench<T> {
  /** Prefix of the temp data folder. */
  folderPrefix: string;
  /** The shopper the GETs are signed in as. */
  uid: string;
  /** Path and query of the timed GET, e.g. `/api/offers`. */
  path: string;
  /** Fills the migrated database. */
  prepare(db: Db): Promise<void>;
  /** Checks one answer's JSON before the timing; returns the figure it reports (throws when wrong). */
  check(body: unknown): T;
}

/**
 * Times one signed-in GET of a BFF running in this process on a fresh PGlite data folder (a temp
 * directory, removed afterwards), migrated, then filled by `prepare`, with a valid id token of the test key.
 * @returns p50 and p95 in ms, the number of timed requests and what `check` returned
 */
export async function benchBffGet<T>({ folderPrefix, uid, path: url, prepare, check }: BffGetBench<T>): Promise<{ p50: number; p95: number; requests: number; checked: T }> {
  const folder = mkdtempSync(path.join(tmpdir(), folderPrefix));
  const db = await createPgliteDb(path.join(folder, 'pglite'));
  const { privateKey, jwk } = await makeKey();
  const app = buildServer({ db, auth: { issuer: ISSUER, clientId: CLIENT_ID, jwks: { keys: [jwk] } } });
  try {
    await migrate(db);
    await prepare(db);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const target = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}${url}`;
    const headers = shopperHeaders(await mintIdToken(privateKey, uid));
    const checked = check(await fetch(target, { headers }).then((r) => r.json()));
    return { ...(await timeGets(target, headers)), checked };
  } finally {
    await app.close();
    await db.close();
    rmSync(folder, { recursive: true, force: true });
  }
}

/** Runs a bench when its file is the entry point: prints `line(figures)`, or the error and exits 1. */
export function printBench<R>(name: string, run: () => Promise<R>, line: (figures: R) => string): void {
  run().then(
    (figures) => console.log(line(figures)),
    (error: unknown) => {
      console.error(`${name} bench failed:`, error);
      process.exit(1);
    },
  );
}
