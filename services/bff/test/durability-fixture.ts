/**
 * The set-up shared by the durability suites (ARCHITECTURE §5 "database durability"; recent searches,
 * shopping-list writes): an OIDC issuer, the data the BFF child processes run on — a
 * PGlite folder (PGlite pass) or a fresh PostgreSQL database (pg pass, `BFF_TEST_DB=pg`) — and every
 * started BFF killed at the end. Call once at the top of a test file; it registers beforeAll/afterAll.
 */
import { mkdtempSync, rmSync } from 'fs';
import { tmpdir } from 'os';
import path from 'path';
import { startIssuer, type BffProcess, type Issuer } from './bff-process';
import { createTestDatabase, TEST_DB, type TestDatabase } from './harness';

export interface DurabilityFixture {
  /** The running issuer (after beforeAll). */
  readonly issuer: Issuer;
  /** Push every started BFF here: they are SIGKILLed and awaited in afterAll. */
  readonly running: BffProcess[];
  /** The environment naming the data of this suite: `{ PGLITE_DATA_DIR }` or `{ DATABASE_URL }` (one per suite). */
  dataEnv(): Promise<Record<string, string>>;
}

/** @param prefix name of the temporary data folder, e.g. 'bff-durability-' */
export function setUpDurabilityFixture(prefix: string): DurabilityFixture {
  let issuer: Issuer | undefined;
  let folder = '';
  let database: TestDatabase | undefined;
  const running: BffProcess[] = [];

  beforeAll(async () => {
    issuer = await startIssuer();
    folder = mkdtempSync(path.join(tmpdir(), prefix));
  });
  afterAll(async () => {
    for (const bff of running) bff.child.kill('SIGKILL');
    await Promise.all(running.map((b) => b.exited));
    await issuer?.close();
    await database?.drop();
    rmSync(folder, { recursive: true, force: true });
  });

  return {
    get issuer() {
      if (!issuer) throw new Error('the issuer starts in beforeAll');
      return issuer;
    },
    running,
    async dataEnv(): Promise<Record<string, string>> {
      if (TEST_DB === 'pg') {
        database ??= await createTestDatabase();
        return { DATABASE_URL: database.url };
      }
      return { PGLITE_DATA_DIR: path.join(folder, 'pglite') };
    },
  };
}
