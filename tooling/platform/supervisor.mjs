/**
 * The process manager of both topologies (the local platform and the cluster): runs each server in its own
 * process group, starts it again with back-off when it exits without being asked (a crash, a SIGKILL from
 * outside), and ends every group when the launcher ends however it ends (./reaper.mjs).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const REAPER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'reaper.mjs');

/**
 * The command-line run of a launcher (`node tooling/platform/start.mjs`, `node tooling/cluster/start.mjs`);
 * nothing when the module is imported. Starts it, prints `readyLine(handle)`, stops it on SIGINT or SIGTERM
 * (exit 0); a failure to start prints `[tag] <message>` and exits 1.
 * @param {string} moduleUrl the launcher's `import.meta.url`
 * @param {string} tag e.g. 'platform'
 * @param {() => Promise<{ stop(): Promise<unknown> }>} start
 * @param {(handle: any) => string} readyLine
 */
export function runLauncher(moduleUrl, tag, start, readyLine) {
  if (!process.argv[1] || fileURLToPath(moduleUrl) !== path.resolve(process.argv[1])) return;
  start().then((handle) => {
    const shutdown = () => handle.stop().then(() => process.exit(0));
    process.on('SIGINT', shutdown);
    process.on('SIGTERM', shutdown);
    console.log(`\n${readyLine(handle)}\n`);
  }, (err) => {
    console.error(`[${tag}] ${err.message}`);
    process.exit(1);
  });
}

/** Back-off before a restart, ms: 250 doubling to 4000; the count resets once a process has run 30 s. */
export function restartDelayMs(tries) {
  return Math.min(250 * 2 ** tries, 4000);
}

/**
 * Resolves once no process of group `pgid` is alive, or after `timeoutMs`.
 * @param {number} pgid
 * @param {number} [timeoutMs=5000]
 */
export async function groupGone(pgid, timeoutMs = 5000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try { process.kill(-pgid, 0); } catch { return; }
    if (Date.now() > deadline) return;
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * @typedef {{ command: string, args: string[], cwd?: string, env?: Record<string,string>, logFile?: string,
 *   ready?: () => Promise<void> }} ProcessSpec `logFile` receives stdout and stderr (else both are ignored
 *   but stderr, which goes to the launcher's); `ready` resolves once the process serves
 */

/** Runs named processes under supervision. */
export class Supervisor {
  /**
   * @param {{ quiet?: boolean, log?: (msg: string) => void, label?: string, stdout?: 'ignore'|'inherit', stderr?: 'ignore'|'inherit' }} [o]
   *   `label` prefixes the supervisor's lines ('[cluster] …'); `stdout`/`stderr` where a process without a
   *   `logFile` writes (default: stdout ignored, stderr inherited unless `quiet`)
   */
  constructor({ quiet = false, log = (msg) => console.error(msg), label = 'cluster', stdout = 'ignore', stderr } = {}) {
    this.quiet = quiet;
    this.log = log;
    this.label = label;
    this.stdout = stdout;
    this.stderr = stderr;
    /** @type {Map<string, { spec: ProcessSpec, child: import('node:child_process').ChildProcess | null, tries: number, wanted: boolean, restarts: number }>} */
    this.procs = new Map();
    this.closing = false;
    this.reaper = spawn(process.execPath, [REAPER], { stdio: ['pipe', 'ignore', 'ignore'], detached: true });
    this.reaper.unref();
    this.reaper.stdin.on('error', () => { /* reaper gone */ });
    this.reaper.stdin.unref?.();
    // never leave detached servers behind if the launcher ends without stopAll()
    process.once('exit', () => {
      for (const p of this.procs.values()) if (p.child && p.child.exitCode === null) try { process.kill(-p.child.pid, 'SIGKILL'); } catch { /* gone */ }
    });
  }

  /**
   * Starts `name` and keeps it running.
   * @param {string} name
   * @param {ProcessSpec} spec
   * @returns {Promise<void>} once `spec.ready` resolves (a replica that never gets ready rejects it)
   */
  async add(name, spec) {
    this.procs.set(name, { spec, child: null, tries: 0, wanted: true, restarts: 0 });
    this.spawn(name);
    if (spec.ready) await spec.ready();
  }

  /** @private */
  spawn(name) {
    const p = this.procs.get(name);
    const { spec } = p;
    let out = this.stdout;
    if (spec.logFile) {
      fs.mkdirSync(path.dirname(spec.logFile), { recursive: true });
      out = fs.openSync(spec.logFile, 'a');
    }
    const err = this.stderr ?? (this.quiet ? (typeof out === 'number' ? out : 'ignore') : 'inherit');
    const child = spawn(spec.command, spec.args, {
      cwd: spec.cwd, env: { ...process.env, ...spec.env }, detached: true,
      stdio: ['ignore', out, err],
    });
    if (typeof out === 'number') fs.closeSync(out);
    this.reaper.stdin.write(`${child.pid}\n`);
    p.child = child;
    const since = Date.now();
    child.once('exit', (code, signal) => {
      if (p.child !== child || !p.wanted || this.closing) return;
      p.tries = Date.now() - since > 30_000 ? 0 : p.tries;
      const delay = restartDelayMs(p.tries);
      p.tries += 1;
      p.restarts += 1;
      this.log(`[${this.label}] ${name} exited (${signal ?? code}): restarting in ${delay} ms`);
      setTimeout(async () => {
        await groupGone(child.pid); // a server's own process can outlive its wrapper and hold the port
        if (p.child !== child || !p.wanted || this.closing) return;
        this.spawn(name);
        p.spec.ready?.().catch((err) => this.log(`[${this.label}] ${name} not ready after restart: ${err.message}`));
      }, delay).unref();
    });
  }

  /** Whether `name` has a live process. */
  running(name) {
    const c = this.procs.get(name)?.child;
    return Boolean(c && c.exitCode === null && c.signalCode === null);
  }

  /** Restarts so far of `name` by the supervisor (not by stop/start). */
  restarts(name) {
    return this.procs.get(name)?.restarts ?? 0;
  }

  /**
   * Stops `name` and keeps it stopped: SIGTERM to its group (a graceful drain), SIGKILL after `graceMs`.
   * @param {string} name
   * @param {{ signal?: NodeJS.Signals, graceMs?: number }} [o]
   */
  async stop(name, { signal = 'SIGTERM', graceMs = 10_000 } = {}) {
    const p = this.procs.get(name);
    if (!p) throw new Error(`unknown process ${name}`);
    p.wanted = false;
    const child = p.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    try { process.kill(-child.pid, signal); } catch { /* gone */ }
    const force = setTimeout(() => { try { process.kill(-child.pid, 'SIGKILL'); } catch { /* gone */ } }, graceMs);
    await exited;
    clearTimeout(force);
    await groupGone(child.pid);
  }

  /** SIGKILLs `name`'s group without telling the supervisor (a crash): it is started again after its back-off. */
  async crash(name) {
    const child = this.procs.get(name)?.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    try { process.kill(-child.pid, 'SIGKILL'); } catch { /* gone */ }
    await groupGone(child.pid);
  }

  /** Starts a stopped `name` again and resolves once it is ready; a running one is left alone. */
  async start(name) {
    const p = this.procs.get(name);
    if (!p) throw new Error(`unknown process ${name}`);
    p.wanted = true;
    if (!this.running(name)) this.spawn(name);
    if (p.spec.ready) await p.spec.ready();
  }

  /** Stops everything (SIGTERM, then SIGKILL after `graceMs`) and releases the reaper. */
  async stopAll({ graceMs = 10_000 } = {}) {
    this.closing = true;
    await Promise.all([...this.procs.keys()].map((name) => this.stop(name, { graceMs })));
    this.reaper.stdin.end('done\n');
  }
}
