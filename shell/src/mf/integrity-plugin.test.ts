/**
 * The storefront runs only published code: a pinned manifest is hashed (SHA-384) before use, the remote's
 * scripts get `integrity` + `crossorigin`, a manifest of another remote (a tester override pointing at it)
 * is refused (SHELL-009, SHELL-010). The plugin inside a real MF runtime, with the shell's fallback
 * plugin, against fixture remotes (./fixture-origin).
 */
import { createHash, webcrypto } from 'node:crypto';
import { ModuleFederation, type ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { integrityPlugin, pinManifests, recordFileHashes, sriTable, sriOf, diagnoseLoadFailure } from './integrity-plugin';
import offlineRemotePlugin from './offline-remote-plugin';
import { startupManifestsPlugin } from './startup-manifests-plugin';
import { fixtureManifest, manifestUrlOf, fixtureOriginPerTest } from './fixture-origin';
import { readManifestPins, readOverrides, registerRemoteMap, resolveRemoteMap } from '../remotes';
import { overrideOriginsFor } from '../startup-data';
import { REQUIRED_REMOTES } from '../apps';
import { shellErrors } from '../errors';

const BASE = 'http://localhost:4600/mf-search/1.2.0/';
const MANIFEST_URL = `${BASE}mf-manifest.json`;
const sri = (text: string) => `sha384-${createHash('sha384').update(text).digest('base64')}`;
const manifestText = JSON.stringify({ name: 'mf_search', metaData: { publicPath: 'auto' }, integrity: { 'remoteEntry.js': sri('entry'), '__federation_expose_spa.1a.js': sri('chunk') } });
/** The fixture remoteEntry.js of mf-header, as served. */
const HEADER_ENTRY = 'http://fixtures.test/mf-header/1.0.0/remoteEntry.js';

type Spa = { remote?: string; __shellFallback?: true };

/** A fetch answering `body` for every URL, counting calls. */
function serving(body: string) {
  const calls: string[] = [];
  const impl = (async (url: string) => { calls.push(url); return new Response(body, { status: 200 }); }) as unknown as typeof fetch;
  return { impl, calls };
}

/** The shell's plugins in the order the host runs them (build-time fallback, then integrity at bootstrap). */
function host(remotes: Record<string, string>, integrity: ModuleFederationRuntimePlugin = integrityPlugin()) {
  const mf = new ModuleFederation({ name: 'shell_host', remotes: [], plugins: [offlineRemotePlugin()] });
  mf.registerPlugins([integrity]);
  registerRemoteMap(remotes, mf);
  return mf;
}

const serveRemotes = fixtureOriginPerTest();
beforeAll(() => {
  const g = globalThis as Record<string, unknown>;
  if (!(g.crypto as Crypto | undefined)?.subtle) Object.defineProperty(g, 'crypto', { value: webcrypto, configurable: true });
});
beforeEach(() => {
  (globalThis as Record<string, unknown>).__SHELL_ERRORS__ = [];
  (globalThis as Record<string, unknown>).__STOREFRONT_SRI__ = {};
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  jest.spyOn(console, 'info').mockImplementation(() => undefined);
  pinManifests({});
});
afterEach(() => {
  jest.restoreAllMocks();
});

describe('the integrity plugin in the MF runtime', () => {
  it('hashes like the deploy store (sha384, base64)', async () => {
    expect(await sriOf(new TextEncoder().encode('entry').buffer as ArrayBuffer)).toBe(sri('entry'));
  });

  it("loads a remote whose pinned manifest is the published one, with its entry script's integrity and crossorigin set", async () => {
    const entrySri = 'sha384-' + 'A'.repeat(64);
    const origin = serveRemotes(['mf-header'], { manifestPatch: { 'mf-header': { integrity: { 'remoteEntry.js': entrySri } } } });
    const published = JSON.stringify({ ...fixtureManifest('mf-header'), integrity: { 'remoteEntry.js': entrySri } });
    pinManifests({ [manifestUrlOf('mf-header')]: sri(published) });

    const mod = await host({ 'mf-header': manifestUrlOf('mf-header') }).loadRemote<Spa>('mf_header/spa');
    expect(mod!.remote).toBe('mf_header');
    expect(origin.scripts).toEqual([{ src: HEADER_ENTRY, integrity: entrySri, crossorigin: 'anonymous' }]);
    expect(shellErrors()).toEqual([]);
  });

  it('refuses a pinned manifest with one byte changed: SHELL-009, and the slot gets its fallback', async () => {
    const origin = serveRemotes(['mf-header'], { manifestPatch: { 'mf-header': { id: 'mf_headeR' } } });
    pinManifests({ [manifestUrlOf('mf-header')]: sri(JSON.stringify(fixtureManifest('mf-header'))) });

    const mod = await host({ 'mf-header': manifestUrlOf('mf-header') }).loadRemote<Spa>('mf_header/spa');
    expect(mod!.__shellFallback).toBe(true);
    expect(origin.scripts).toEqual([]);
    expect(shellErrors().map((e) => e.code)).toEqual(['SHELL-009', 'SHELL-002']);
  });

  it('does not fetch again a manifest the edge wrote into the page, nor check an unpinned one', async () => {
    const origin = serveRemotes(['mf-header', 'mf-search']);
    pinManifests({ [manifestUrlOf('mf-header')]: sri('not the text the edge checked') });
    const page = new Map<string, unknown>([[manifestUrlOf('mf-header'), fixtureManifest('mf-header')]]);
    const mf = new ModuleFederation({ name: 'shell_host', remotes: [], plugins: [offlineRemotePlugin(), startupManifestsPlugin(page)] });
    mf.registerPlugins([integrityPlugin(new Set(page.keys()))]);
    registerRemoteMap({ 'mf-header': manifestUrlOf('mf-header'), 'mf-search': manifestUrlOf('mf-search') }, mf);

    expect((await mf.loadRemote<Spa>('mf_header/spa'))!.remote).toBe('mf_header');
    expect((await mf.loadRemote<Spa>('mf_search/spa'))!.remote).toBe('mf_search');
    expect(origin.fetched).toEqual([manifestUrlOf('mf-search')]);
    expect(shellErrors()).toEqual([]);
  });

  it("refuses a tester override naming another remote's manifest (SHELL-010): the slot gets its fallback, that remote's code never runs", async () => {
    const origin = serveRemotes(['mf-header', 'mf-offers']);
    const override = `?remote.mf-header=${encodeURIComponent(manifestUrlOf('mf-offers'))}`;
    const map = Object.fromEntries(REQUIRED_REMOTES.map((pkg) => [pkg, manifestUrlOf(pkg)]));
    const remotes = resolveRemoteMap(map, { href: `http://localhost:8080/${override}`, search: override }, null);

    expect(remotes['mf-header']).toBe(manifestUrlOf('mf-offers'));
    const mod = await host(remotes).loadRemote<Spa>('mf_header/spa');
    expect(mod!.__shellFallback).toBe(true);
    expect(origin.scripts).toEqual([]);
    expect(shellErrors().map((e) => [e.code, e.remote])).toEqual([['SHELL-010', 'mf_header'], ['SHELL-002', 'mf_header/spa']]);
  });

  it('names a changed file after a failed load (SHELL-009), and nothing for a file that is intact', async () => {
    recordFileHashes(MANIFEST_URL, JSON.parse(manifestText));
    expect(sriTable()).toEqual({ [`${BASE}remoteEntry.js`]: sri('entry'), [`${BASE}__federation_expose_spa.1a.js`]: sri('chunk') });
    const chunk = `${BASE}__federation_expose_spa.1a.js`;
    await diagnoseLoadFailure('mf_search/spa', new Error(`Loading chunk 1 failed.\n(error: ${chunk})`), serving('chunk').impl);
    expect(shellErrors()).toEqual([]);
    await diagnoseLoadFailure('mf_search/spa', new Error(`Loading chunk 1 failed.\n(error: ${chunk})`), serving('chunK').impl);
    expect(shellErrors()).toEqual([expect.objectContaining({ code: 'SHELL-009', remote: 'mf_search/spa', message: expect.stringContaining(chunk) })]);
  });
});

describe('the remote map pins and tester overrides', () => {
  it("reads the map's $integrity pins by absolute URL and reports malformed ones (SHELL-001)", () => {
    const good = sri(manifestText);
    expect(readManifestPins({ 'mf-search': MANIFEST_URL, $integrity: { [MANIFEST_URL]: good, '/x.json': 'md5-abc' } }, 'http://localhost:8080/')).toEqual({ [MANIFEST_URL]: good });
    expect(shellErrors().map((e) => e.code)).toEqual(['SHELL-001']);
    expect(readManifestPins({ 'mf-search': MANIFEST_URL }, 'http://localhost:8080/')).toEqual({});
  });

  it('a production build accepts overrides only when config.remoteOverrides turns them on', () => {
    const origins = { remoteOverrideOrigins: ['http://localhost:3001'] };
    expect(overrideOriginsFor(origins, true)).toEqual([]);
    expect(overrideOriginsFor({ ...origins, remoteOverrides: true }, true)).toEqual(['http://localhost:3001']);
    const off = readOverrides({ href: 'http://localhost:8080/?remote.mf-header=http://localhost:3001/m.json', search: '?remote.mf-header=http://localhost:3001/m.json' }, null, ['mf-header'], []);
    expect(off.overrides).toEqual({});
    expect(off.rejected[0].reason).toMatch(/tester overrides are off in this build/);
  });
});
