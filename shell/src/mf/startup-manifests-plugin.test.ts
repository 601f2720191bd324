/**
 * The MF runtime gets each start-up remote's manifest from the page's data block (written by the edge),
 * not by a cross-origin fetch; anything else is fetched as before. The plugin inside a real MF runtime,
 * against fixture remotes (./fixture-origin).
 */
import { ModuleFederation } from '@module-federation/enhanced/runtime';
import { resetFederationGlobalInfo } from '@module-federation/runtime-core';
import { startupManifestsPlugin } from './startup-manifests-plugin';
import { fixtureManifest, manifestUrlOf, fixtureOriginPerTest } from './fixture-origin';
import { readStartupManifests } from '../startup-data';

type Spa = { remote: string };

/** A page whose `shell-startup` data block has this text (null: no block). */
function page(text: string | null): Document {
  const doc = document.implementation.createHTMLDocument('page');
  if (text !== null) doc.body.innerHTML = `<script type="application/json" id="shell-startup">${text}</script>`;
  return doc;
}

/** A host runtime whose start-up manifests come from `doc`. */
const host = (doc: Document, pkgs: string[]) => new ModuleFederation({
  name: 'shell_host',
  remotes: pkgs.map((pkg) => ({ name: pkg.replace('-', '_'), entry: manifestUrlOf(pkg) })),
  plugins: [startupManifestsPlugin(readStartupManifests(doc))],
});

const serveRemotes = fixtureOriginPerTest();
beforeEach(() => {
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  jest.restoreAllMocks();
});

describe('startup-manifests plugin in the MF runtime', () => {
  it("loads a start-up remote with the page's manifest (no manifest request) and fetches the others' as before", async () => {
    const origin = serveRemotes(['mf-header', 'mf-search']);
    const doc = page(JSON.stringify({ remotes: {}, config: {}, manifests: { [manifestUrlOf('mf-header')]: fixtureManifest('mf-header') } }));
    const mf = host(doc, ['mf-header', 'mf-search']);

    expect((await mf.loadRemote<Spa>('mf_header/spa'))!.remote).toBe('mf_header');
    expect(origin.fetched).toEqual([]);
    expect((await mf.loadRemote<Spa>('mf_search/spa'))!.remote).toBe('mf_search');
    expect(origin.fetched).toEqual([manifestUrlOf('mf-search')]);
    expect(origin.scripts.map((s) => s.src)).toEqual([
      'http://fixtures.test/mf-header/1.0.0/remoteEntry.js',
      'http://fixtures.test/mf-search/1.0.0/remoteEntry.js',
    ]);
  });

  it('answers each manifest once: a later runtime on the same page fetches it (e.g. after a promotion)', async () => {
    let origin = serveRemotes(['mf-header']);
    const plugin = startupManifestsPlugin(readStartupManifests(page(JSON.stringify({ remotes: {}, config: {}, manifests: { [manifestUrlOf('mf-header')]: fixtureManifest('mf-header') } }))));
    const first = new ModuleFederation({ name: 'shell_host', remotes: [{ name: 'mf_header', entry: manifestUrlOf('mf-header') }], plugins: [plugin] });
    await first.loadRemote('mf_header/spa');
    expect(origin.fetched).toEqual([]);

    resetFederationGlobalInfo();
    origin = serveRemotes(['mf-header']);
    const later = new ModuleFederation({ name: 'shell_host', remotes: [{ name: 'mf_header', entry: manifestUrlOf('mf-header') }], plugins: [plugin] });
    expect((await later.loadRemote<Spa>('mf_header/spa'))!.remote).toBe('mf_header');
    expect(origin.fetched).toEqual([manifestUrlOf('mf-header')]);
  });

  it.each([
    ['no data block', null],
    ['a broken data block', '{not json'],
    ['a data block without manifests', JSON.stringify({ remotes: {}, config: {} })],
    ['manifests that are not an object', JSON.stringify({ manifests: [1] })],
  ])('fetches the manifest with %s', async (_label, text) => {
    const origin = serveRemotes(['mf-header']);
    expect((await host(page(text), ['mf-header']).loadRemote<Spa>('mf_header/spa'))!.remote).toBe('mf_header');
    expect(origin.fetched).toEqual([manifestUrlOf('mf-header')]);
  });
});
