#!/usr/bin/env node
/**
 * The launcher's reaper: a small detached process that ends the platform's servers when the
 * launcher ends, however it ends. The launcher writes one process-group id per line to the reaper's
 * stdin as it starts each server. When stdin closes without the line `done` — the launcher died, even
 * by SIGKILL, which no handler in the launcher can catch — the reaper sends SIGTERM to every group,
 * then SIGKILL after `graceMs` (default 3000 ms) to any still alive, and exits.
 * A launcher that stops normally writes `done` first, and the reaper exits without signalling.
 *
 * Usage (by start.mjs only): spawn(node, [reaper.mjs], { stdio: ['pipe', 'ignore', 'ignore'], detached: true })
 */
const graceMs = Number(process.env.REAPER_GRACE_MS || 3000);
const groups = new Set();
let done = false;
let buffer = '';

process.stdin.setEncoding('utf8');
process.stdin.on('data', (chunk) => {
  buffer += chunk;
  const lines = buffer.split('\n');
  buffer = lines.pop();
  for (const line of lines) {
    if (line === 'done') done = true;
    else if (/^\d+$/.test(line)) groups.add(Number(line));
  }
});

const alive = (pgid) => {
  try { process.kill(-pgid, 0); return true; } catch { return false; }
};

process.stdin.on('close', () => {
  if (done) process.exit(0);
  for (const pgid of groups) try { process.kill(-pgid, 'SIGTERM'); } catch { /* already gone */ }
  const deadline = Date.now() + graceMs;
  const timer = setInterval(() => {
    const left = [...groups].filter(alive);
    if (left.length === 0 || Date.now() > deadline) {
      for (const pgid of left) try { process.kill(-pgid, 'SIGKILL'); } catch { /* already gone */ }
      clearInterval(timer);
      process.exit(0);
    }
  }, 100);
});
