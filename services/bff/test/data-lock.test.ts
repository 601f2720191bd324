/**
 * The PGlite data folder's exclusive lock (src/data-lock.ts; PGlite pass only): a second BFF on the same
 * folder refuses to start with a message naming the folder and the holder; a lock left by a dead holder
 * is taken over within LOCK_STALE_MS; SIGTERM releases it.
 */
import { spawnSync } from 'child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync, utimesSync, writeFileSync } from 'fs';
import { hostname, tmpdir } from 'os';
import path from 'path';
import { DataDirLockedError, EXIT_LOCKED, LOCK_STALE_MS, lockDataDir } from '../src/data-lock';
import { runBffToExit, startBff, startIssuer, type Issuer } from './bff-process';
import { describePglite } from './harness';

jest.setTimeout(90_000);

let folder: string;
beforeEach(() => {
  folder = mkdtempSync(path.join(tmpdir(), 'bff-lock-'));
});
afterEach(() => rmSync(folder, { recursive: true, force: true }));

/** The pid of a process that has exited. */
function deadPid(): number {
  return spawnSync(process.execPath, ['-e', '0']).pid!;
}

describePglite('lockDataDir (in process)', () => {
  test('a held folder is refused at once with the folder and holder in the message; release frees it', async () => {
    const dir = path.join(folder, 'pglite');
    const lock = await lockDataDir(dir);
    const started = Date.now();
    const second = lockDataDir(dir);
    await expect(second).rejects.toThrow(DataDirLockedError);
    await expect(second).rejects.toThrow(new RegExp(`^PGlite data folder ${dir} is locked by pid ${process.pid} on ${hostname()} since `));
    expect(Date.now() - started).toBeLessThan(1000);
    await lock.release();
    expect(existsSync(`${dir}.lock`)).toBe(false);
    await (await lockDataDir(dir)).release();
  });

  test('a lock left by a dead holder: taken at once when stale, within LOCK_STALE_MS when fresh', async () => {
    const dir = path.join(folder, 'pglite');
    mkdirSync(dir);
    const leave = (ageMs: number) => {
      mkdirSync(`${dir}.lock`);
      const at = new Date(Date.now() - ageMs);
      utimesSync(`${dir}.lock`, at, at);
      writeFileSync(`${dir}.lock.json`, JSON.stringify({ pid: deadPid(), host: hostname(), since: at.toISOString() }));
    };
    leave(LOCK_STALE_MS + 1000);
    const started = Date.now();
    await (await lockDataDir(dir)).release();
    expect(Date.now() - started).toBeLessThan(500);

    leave(0); // SIGKILLed just after its last refresh: the worst case
    const lastRefresh = statSync(`${dir}.lock`).mtimeMs; // as the file system stored it
    const lock = await lockDataDir(dir); // resolves before its wait (LOCK_STALE_MS + 2000) runs out
    // taken over only once the dead holder's lock had gone LOCK_STALE_MS without a refresh
    expect(Date.now() - lastRefresh).toBeGreaterThanOrEqual(LOCK_STALE_MS);
    await lock.release();
  });
});

describePglite('two BFF processes on one data folder', () => {
  let issuer: Issuer;
  beforeAll(async () => {
    issuer = await startIssuer();
  });
  afterAll(() => issuer.close());

  test('the second refuses to start (exit 2) naming the folder and the holder; the first keeps serving; SIGTERM releases', async () => {
    const dir = path.join(folder, 'pglite');
    const env = { PGLITE_DATA_DIR: dir, OIDC_ISSUER: issuer.url };
    const first = await startBff(env);
    try {
      const second = await runBffToExit(env);
      expect(second.code).toBe(EXIT_LOCKED);
      expect(second.output).toContain(`bff failed to start: PGlite data folder ${dir} is locked by pid ${first.child.pid} on ${hostname()}`);
      expect(second.output).toContain('Stop that BFF, or set PGLITE_DATA_DIR to another folder.');
      expect((await fetch(`${first.base}/api/health`)).status).toBe(200);
    } finally {
      first.child.kill('SIGTERM');
    }
    expect((await first.exited).code).toBe(0);
    expect(existsSync(`${dir}.lock`)).toBe(false);
    expect(existsSync(`${dir}.lock.json`)).toBe(false);
  });
});
