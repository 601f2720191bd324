/**
 * @jest-environment node
 *
 * The storefront runs only published code: a pinned manifest is hashed (SHA-384) before use, the remote's
 * scripts get `integrity` + `crossorigin`, a manifest of another remote is refused (SHELL-009, SHELL-010).
 */
import { createHash } from 'node:crypto';
import { integrityPlugin, pinManifests, recordFileHashes, secureAttrs, sriTable, sriOf, diagnoseLoadFailure } from '../mf/integrity-plugin';
import { readManifestPins, readOverrides } from '../remotes';
import { overrideOriginsFor } from '../startup-data';
import { shellErrors } from '../errors';

const BASE = 'http://localhost:4600/mf-search/1.2.0/';
const MANIFEST_URL = `${BASE}mf-manifest.json`;
const sri = (text: string) => `sha384-${createHash('sha384').update(text).digest('base64')}`;
const manifestText = JSON.stringify({ name: 'mf_search', metaData: { publicPath: 'auto' }, integrity: { 'remoteEntry.js': sri('entry'), '__federation_expose_spa.1a.js': sri('chunk') } });

type FetchHook = (url: string, init: unknown, remoteInfo?: { name: string }) => Promise<Response> | undefined;
type SnapshotHook = (args: unknown) => unknown;
type AttrsHook = (args: { url: string; attrs: Record<string, unknown> }) => unknown;

/** A fetch answering `body` for every URL, counting calls. */
function serving(body: string) {
  const calls: string[] = [];
  const impl = (async (url: string) => { calls.push(url); return new Response(body, { status: 200 }); }) as unknown as typeof fetch;
  return { impl, calls };
}

beforeEach(() => {
  (globalThis as Record<string, unknown>).__SHELL_ERRORS__ = [];
  (globalThis as Record<string, unknown>).__STOREFRONT_SRI__ = {};
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  pinManifests({});
});
afterEach(() => jest.restoreAllMocks());

describe('the integrity plugin', () => {
  it('hashes like the deploy store (sha384, base64)', async () => {
    expect(await sriOf(new TextEncoder().encode('entry').buffer as ArrayBuffer)).toBe(sri('entry'));
  });

  it('checks a pinned manifest before the runtime reads it', async () => {
    pinManifests({ [MANIFEST_URL]: sri(manifestText) });
    const { impl } = serving(manifestText);
    const res = await (integrityPlugin(new Set(), impl).fetch as FetchHook)(MANIFEST_URL, {}, { name: 'mf_search' });
    expect(await res!.json()).toMatchObject({ name: 'mf_search' });
    expect(shellErrors()).toEqual([]);
  });

  it('refuses a pinned manifest with one byte changed (SHELL-009)', async () => {
    pinManifests({ [MANIFEST_URL]: sri(manifestText) });
    const { impl } = serving(manifestText.replace('mf_search', 'mf_searcH'));
    await expect((integrityPlugin(new Set(), impl).fetch as FetchHook)(MANIFEST_URL, {}, { name: 'mf_search' })).rejects.toThrow(/does not match its published hash/);
    expect(shellErrors().map((e) => [e.code, e.remote])).toEqual([['SHELL-009', 'mf_search']]);
  });

  it('leaves unpinned manifests and those the edge wrote into the page to the other plugins', () => {
    const { impl, calls } = serving(manifestText);
    pinManifests({ [MANIFEST_URL]: sri(manifestText) });
    const hook = integrityPlugin(new Set([MANIFEST_URL]), impl).fetch as FetchHook;
    expect(hook(MANIFEST_URL, {})).toBeUndefined();
    expect(hook('http://localhost:3001/mf-header/1.0.0/mf-manifest.json', {})).toBeUndefined();
    expect(calls).toEqual([]);
  });

  it("records the manifest's file hashes by absolute URL and puts them on the remote's scripts", async () => {
    const hook = integrityPlugin().loadRemoteSnapshot as SnapshotHook;
    await hook({ from: 'manifest', moduleInfo: { name: 'mf_search' }, manifestUrl: MANIFEST_URL, manifestJson: JSON.parse(manifestText) });
    expect(sriTable()).toEqual({ [`${BASE}remoteEntry.js`]: sri('entry'), [`${BASE}__federation_expose_spa.1a.js`]: sri('chunk') });
    const attrs: Record<string, unknown> = {};
    (integrityPlugin().createScript as AttrsHook)({ url: `${BASE}remoteEntry.js`, attrs });
    expect(attrs).toEqual({ crossorigin: 'anonymous', integrity: sri('entry') });
    const unknown: Record<string, unknown> = {};
    secureAttrs('http://localhost:3002/mf-search/1.0.0/remoteEntry.js', unknown);
    expect(unknown).toEqual({ crossorigin: 'anonymous' });
  });

  it("refuses a manifest that names another remote (an override pointing at another remote's manifest): SHELL-010", async () => {
    const hook = integrityPlugin().loadRemoteSnapshot as SnapshotHook;
    const offers = { name: 'mf_offers', metaData: { publicPath: 'auto' }, integrity: { 'remoteEntry.js': sri('x') } };
    await expect(async () => hook({ from: 'manifest', moduleInfo: { name: 'mf_header' }, manifestUrl: MANIFEST_URL, manifestJson: offers }))
      .rejects.toThrow(/manifest of 'mf_offers', not of 'mf_header'/);
    expect(shellErrors().map((e) => [e.code, e.remote])).toEqual([['SHELL-010', 'mf_header']]);
    expect(sriTable()).toEqual({});
  });

  it('names a changed file after a failed load (SHELL-009), and nothing for a file that is intact', async () => {
    recordFileHashes(MANIFEST_URL, JSON.parse(manifestText));
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
