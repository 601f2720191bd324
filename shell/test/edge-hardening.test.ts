/**
 * @jest-environment node
 *
 * Edge hardening: an oversized /api body gets 413 with a reason instead of a 502 from the BFF;
 * every response carries a Permissions-Policy; CSP violations are reported to /csp-report and logged.
 */
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { DEFAULT_RUNTIME_CONFIG } from 'shared-events';
import { API_BODY_LIMIT_BYTES, startEdge } from '../server/edge.mjs';
import { portOf } from './helpers';

const distDir = path.join(__dirname, 'fixtures', 'shell-build');
let upstream: FastifyInstance;
let edge: FastifyInstance;
let base: string;
let upstreamHits = 0;

beforeAll(async () => {
  upstream = Fastify({ bodyLimit: 10 * 1024 * 1024 });
  upstream.post('/api/shopping-list/merge', async (req) => { upstreamHits += 1; return { got: JSON.stringify(req.body).length }; });
  await upstream.listen({ port: 0, host: '127.0.0.1' });
  edge = await startEdge({ port: 0, host: '127.0.0.1', distDir, remotes: {}, config: DEFAULT_RUNTIME_CONFIG, bffUrl: `http://127.0.0.1:${portOf(upstream)}`, pageLookup: async () => ({ exists: true, record: null }) });
  base = `http://127.0.0.1:${portOf(edge)}`;
});
afterAll(async () => { await edge.close(); await upstream.close(); });

describe('edge hardening', () => {
  it('answers 413 with the limit for an /api body over it, and passes one under it', async () => {
    const big = JSON.stringify({ items: 'x'.repeat(1024 * 1024) });
    const res = await fetch(`${base}/api/shopping-list/merge`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: big });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ error: 'Payload Too Large', message: `The request body is ${Buffer.byteLength(big)} bytes; the limit is ${API_BODY_LIMIT_BYTES} bytes.` });
    expect(upstreamHits).toBe(0);
    const small = await fetch(`${base}/api/shopping-list/merge`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ items: [1, 2] }) });
    expect(small.status).toBe(200);
    expect(upstreamHits).toBe(1);
  });

  it('sends a Permissions-Policy that turns off unused features and keeps geolocation for the store selector', async () => {
    const res = await fetch(`${base}/`);
    const policy = res.headers.get('permissions-policy') ?? '';
    expect(policy).toContain('camera=()');
    expect(policy).toContain('microphone=()');
    expect(policy).toContain('payment=()');
    expect(policy).toContain('geolocation=(self)');
  });

  it('names /csp-report in the CSP and logs a violation report with 204', async () => {
    const res = await fetch(`${base}/`);
    expect(res.headers.get('content-security-policy')).toContain('report-uri /csp-report');
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const report = await fetch(`${base}/csp-report`, {
      method: 'POST',
      headers: { 'content-type': 'application/csp-report' },
      body: JSON.stringify({ 'csp-report': { 'violated-directive': 'script-src', 'blocked-uri': 'https://evil.test/x.js', 'document-uri': 'http://localhost:8080/' } }),
    });
    expect(report.status).toBe(204);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('"blocked":"https://evil.test/x.js"'));
    warn.mockRestore();
    const junk = await fetch(`${base}/csp-report`, { method: 'POST', headers: { 'content-type': 'application/csp-report' }, body: 'not json' });
    expect(junk.status).toBe(400);
  });
});

describe("spec §2 '/register': the external loyalty site", () => {
  it('redirects (302) to the configured site and passes returnUrl on; without a site it is a 404', async () => {
    const withSite = await startEdge({ port: 0, host: '127.0.0.1', distDir, remotes: {}, config: { ...DEFAULT_RUNTIME_CONFIG, loyaltySite: { url: 'http://localhost:4500/register' } }, bffUrl: 'http://127.0.0.1:9', pageLookup: async () => ({ exists: true, record: null }) });
    try {
      const res = await fetch(`http://127.0.0.1:${portOf(withSite)}/register?returnUrl=${encodeURIComponent('http://localhost:8080/scene')}`, { redirect: 'manual' });
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toBe('http://localhost:4500/register?returnUrl=http%3A%2F%2Flocalhost%3A8080%2Fscene');
    } finally {
      await withSite.close();
    }
    const none = await fetch(`${base}/register`, { redirect: 'manual' });
    expect(none.status).toBe(404);
  });
});
