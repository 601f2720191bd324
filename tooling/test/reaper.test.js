/**
 * The launcher's servers end when the launcher dies, however it dies, so a second
 * `npm start` never runs beside leftovers — tooling/platform/reaper.mjs with a stand-in launcher.
 */
const { spawn } = require('child_process');
const path = require('path');

const alive = (pid) => { try { process.kill(pid, 0); return true; } catch { return false; } };
const waitUntil = async (cond, ms) => {
  const end = Date.now() + ms;
  while (Date.now() < end) { if (cond()) return true; await new Promise((r) => setTimeout(r, 50)); }
  return cond();
};

function startLauncher(mode) {
  const child = spawn(process.execPath, [path.join(__dirname, 'fixtures', 'fake-launcher.mjs'), mode], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve) => {
    child.stdout.once('data', (d) => resolve({ child, ...JSON.parse(String(d)) }));
  });
}

describe('platform reaper', () => {
  it('ends the servers when the launcher is killed with SIGKILL', async () => {
    const { child, server } = await startLauncher('crash');
    expect(alive(server)).toBe(true);
    child.kill('SIGKILL');
    expect(await waitUntil(() => !alive(server), 5000)).toBe(true);
  });

  it('leaves the servers alone when the launcher released them (it stops them itself)', async () => {
    const { child, server, reaper } = await startLauncher('clean');
    await waitUntil(() => !alive(reaper), 5000);
    child.kill('SIGKILL');
    await new Promise((r) => setTimeout(r, 300));
    expect(alive(server)).toBe(true);
    process.kill(-server, 'SIGKILL');
  });
});
