/**
 * Exclusive lock on a PGlite data folder (ARCHITECTURE §5 "database durability"): PGlite is a
 * single-process database, so two BFFs writing one folder would corrupt it. Built on `proper-lockfile`:
 * an atomic `mkdir` of `<folder>.lock` whose mtime the holder refreshes every {@link LOCK_UPDATE_MS};
 * a lock not refreshed for {@link LOCK_STALE_MS} is stale and taken over (its holder was SIGKILLed or
 * crashed). Beside it, `<folder>.lock.json` names the holder (pid, host, start time) for the message,
 * and lets a second BFF refuse at once when that pid is still alive on this host.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'fs';
import { hostname } from 'os';
import path from 'path';
import lockfile from 'proper-lockfile';

/** A lock whose mtime is older than this (ms) is stale: the restart delay after a SIGKILL is at most this. */
export const LOCK_STALE_MS = 3000;
/** How often the holder refreshes the lock's mtime, ms. */
export const LOCK_UPDATE_MS = 1000;

/** Exit code of src/main.ts when the PGlite data folder is held by another live BFF. */
export const EXIT_LOCKED = 2;

/** Who holds a data folder (`<folder>.lock.json`). */
export interface LockHolder {
  pid: number;
  host: string;
  /** ISO 8601 time the lock was taken. */
  since: string;
}

/** Thrown by {@link lockDataDir} when another live process holds the folder. */
export class DataDirLockedError extends Error {
  readonly code = 'EDATADIRLOCKED';
  constructor(
    readonly dataDir: string,
    readonly holder: LockHolder | null,
  ) {
    const who = holder ? `pid ${holder.pid} on ${holder.host} since ${holder.since}` : 'another process (holder unknown)';
    super(
      `PGlite data folder ${dataDir} is locked by ${who}: another BFF is using it. ` +
        `Stop that BFF, or set PGLITE_DATA_DIR to another folder.`,
    );
    this.name = 'DataDirLockedError';
  }
}

/** A held lock. */
export interface DataDirLock {
  readonly dataDir: string;
  /** Releases the lock (idempotent). */
  release(): Promise<void>;
}

export interface LockDataDirOptions {
  /**
   * Called when the lock was lost (its folder removed or taken over after a stall longer than
   * {@link LOCK_STALE_MS}); the process should stop writing. Default: throw (crashes the process).
   */
  onCompromised?: (error: Error) => void;
  /** How long to wait for a lock whose holder is gone to turn stale, ms (default LOCK_STALE_MS + 2000). */
  waitMs?: number;
}

const holderFile = (dataDir: string) => `${dataDir}.lock.json`;

function readHolder(dataDir: string): LockHolder | null {
  try {
    const holder = JSON.parse(readFileSync(holderFile(dataDir), 'utf8')) as LockHolder;
    return typeof holder.pid === 'number' ? holder : null;
  } catch {
    return null;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes the exclusive lock on `dataDir` (created if missing, parents too).
 * - held by a live process on this host (per `<folder>.lock.json`) → {@link DataDirLockedError} at once;
 * - free, or stale (not refreshed for {@link LOCK_STALE_MS}) → taken;
 * - held by a process that is gone (SIGKILL) or unknown → retried every 250 ms for up to `waitMs` until it
 *   turns stale, then taken (restart delay ≤ LOCK_STALE_MS), else {@link DataDirLockedError}.
 * @param dataDir folder to lock (resolved to an absolute path)
 * @throws DataDirLockedError (message names the folder and the holder); fs errors (permissions)
 */
export async function lockDataDir(dataDir: string, { onCompromised, waitMs = LOCK_STALE_MS + 2000 }: LockDataDirOptions = {}): Promise<DataDirLock> {
  const dir = path.resolve(dataDir);
  mkdirSync(dir, { recursive: true });
  const options = {
    stale: LOCK_STALE_MS,
    update: LOCK_UPDATE_MS,
    realpath: false,
    lockfilePath: `${dir}.lock`,
    ...(onCompromised ? { onCompromised } : {}),
  };
  // A live holder on this host is refused before proper-lockfile looks at the mtime (checked again on
  // every retry): a BFF whose event loop is busy for a while (PGlite's first initdb) must not lose its
  // folder to a second BFF. Otherwise (free, or the holder is gone or unknown) a lock not refreshed for
  // LOCK_STALE_MS is taken over, so a fresh one is retried every 250 ms until it turns stale.
  const deadline = Date.now() + waitMs;
  let release: () => Promise<void>;
  for (;;) {
    const current = readHolder(dir);
    if (current && current.host === hostname() && isAlive(current.pid) && existsSync(options.lockfilePath)) {
      throw new DataDirLockedError(dir, current);
    }
    try {
      release = await lockfile.lock(dir, options);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ELOCKED') throw error;
      if (Date.now() >= deadline) throw new DataDirLockedError(dir, readHolder(dir));
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  const holder: LockHolder = { pid: process.pid, host: hostname(), since: new Date().toISOString() };
  const tmp = `${holderFile(dir)}.${process.pid}.tmp`;
  writeFileSync(tmp, `${JSON.stringify(holder)}\n`);
  renameSync(tmp, holderFile(dir));
  let released = false;
  return {
    dataDir: dir,
    async release() {
      if (released) return;
      released = true;
      if (readHolder(dir)?.pid === process.pid) rmSync(holderFile(dir), { force: true });
      await release();
    },
  };
}
