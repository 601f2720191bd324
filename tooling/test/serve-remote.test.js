/**
 * A remote's static server (tooling/serve/serve-remote.mjs): CORS for the storefront's origin only
 * (any other Origin is not echoed back), the cache policy of ARCHITECTURE §2.
 */
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { serveRemote } = require('../serve/serve-remote.mjs');

let dir;
let app;
let base;
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'remote-'));
  fs.mkdirSync(path.join(dir, 'dist', 'mf-x', '1.0.0'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'dist', 'mf-x', '1.0.0', 'mf-manifest.json'), '{}');
  app = await serveRemote({ dir, port: 0, allowedOrigins: ['http://localhost:8080'] });
  base = `http://127.0.0.1:${app.server.address().port}`;
});
afterAll(async () => { await app.close(); fs.rmSync(dir, { recursive: true, force: true }); });

describe('serve-remote', () => {
  it("answers CORS for the storefront's origin and not for another", async () => {
    const ok = await fetch(`${base}/mf-x/1.0.0/mf-manifest.json`, { headers: { origin: 'http://localhost:8080' } });
    expect(ok.headers.get('access-control-allow-origin')).toBe('http://localhost:8080');
    expect(ok.headers.get('cache-control')).toBe('no-cache');
    const evil = await fetch(`${base}/mf-x/1.0.0/mf-manifest.json`, { headers: { origin: 'https://evil.example' } });
    expect(evil.headers.get('access-control-allow-origin')).toBeNull();
  });
});
