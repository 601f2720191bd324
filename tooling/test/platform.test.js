/**
 * The launcher's ports and service environment (tooling/platform/start.mjs): every service on
 * `base + offset`, the flyer provider among them.
 */
const { platformEnv, portsFrom } = require('../platform/start.mjs');

describe('platform ports and environment', () => {
  it('puts every service on its base port plus the offset', () => {
    const p = portsFrom(50000);
    expect(p).toMatchObject({ edge: 58080, search: 57700, bff: 54000, identity: 54100, flyer: 54300 });
    expect(portsFrom(0).flyer).toBe(4300);
  });

  it('tells the services where the flyer provider is and lets only the edge frame it', () => {
    const env = platformEnv(portsFrom(10000));
    expect(env).toMatchObject({
      FLYER_PORT: '14300',
      FLYER_ORIGIN: 'http://localhost:14300',
      FLYER_PUBLIC_ORIGIN: 'http://localhost:14300',
      FLYER_ALLOWED_HOSTS: 'http://localhost:18080',
      PUBLIC_ORIGIN: 'http://localhost:18080',
    });
  });
});

describe('the mail catcher (MailDev) of the platform and the cluster', () => {
  it('listens on SMTP 1025 + offset and serves its inbox on 1080 + offset; the BFF and the provider mail to it', () => {
    const p = portsFrom(10000);
    expect(p).toMatchObject({ smtp: 11025, mailWeb: 11080 });
    expect(platformEnv(p)).toMatchObject({
      SMTP_URL: 'smtp://127.0.0.1:11025',
      MAIL_FROM: expect.stringContaining('Harbour Market'),
      MAIL_INBOX_URL: 'http://localhost:11080',
    });
  });

  it('the cluster gives the BFF and identity replicas the same SMTP_URL and MAIL_FROM', async () => {
    const { clusterTopology } = await import('../cluster/topology.mjs');
    const t = clusterTopology({ offset: 10000 });
    expect(t.ports).toMatchObject({ smtp: 11025, mailWeb: 11080 });
    for (const name of ['bff', 'identity']) {
      expect(t.balanced.find((s) => s.name === name).env).toMatchObject({ SMTP_URL: 'smtp://127.0.0.1:11025', MAIL_FROM: expect.stringContaining('Harbour Market') });
    }
    expect(t.urls.mailInbox).toBe('http://localhost:11080');
  });
});

describe('the launchers from the command line (runLauncher: npm start, npm run start:cluster)', () => {
  const { spawn } = require('node:child_process');
  const fs = require('node:fs');
  const os = require('node:os');
  const path = require('node:path');

  /** Runs a launcher script whose start resolves (`fails` false) or rejects; resolves with its output and exit code. */
  function runScript(fails, onOutput = () => {}) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'launcher-'));
    const file = path.join(dir, 'launcher.mjs');
    const start = fails ? "async () => { throw new Error('port 8080 is taken'); }" : 'async () => { const alive = setInterval(() => {}, 60_000); return { stop: async () => clearInterval(alive) }; }';
    fs.writeFileSync(file, `import { runLauncher } from ${JSON.stringify(path.join(__dirname, '..', 'platform', 'supervisor.mjs'))};\n`
      + `runLauncher(import.meta.url, 'demo', ${start}, () => 'Demo ready');\n`);
    const child = spawn(process.execPath, [file], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    const collect = (d) => { out += d; onOutput(out, child); };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    return new Promise((resolve) => child.on('exit', (code) => { fs.rmSync(dir, { recursive: true, force: true }); resolve({ out, code }); }));
  }

  it('prints its ready line, and stops on SIGTERM with exit 0 (not killed by the signal)', async () => {
    const { out, code } = await runScript(false, (text, child) => { if (text.includes('Demo ready')) child.kill('SIGTERM'); });
    expect(out).toContain('Demo ready');
    expect(code).toBe(0);
  });

  it('says why it did not start, with its tag, and exits 1', async () => {
    const { out, code } = await runScript(true);
    expect(out).toContain('[demo] port 8080 is taken');
    expect(code).toBe(1);
  });
});
