/**
 * @jest-environment node
 *
 * The MF runtime gets each start-up remote's manifest from the page's data block (written
 * by the edge), not by a cross-origin fetch; anything else is fetched as before.
 */
import { startupManifestsPlugin } from '../mf/startup-manifests-plugin';
import { readStartupManifests } from '../startup-data';

const URL_A = 'http://localhost:3001/mf-header/1.0.0/mf-manifest.json';
/** A page whose `shell-startup` data block has this text. */
const page = (text: string | null) => ({ getElementById: (id: string) => (id === 'shell-startup' && text !== null ? { textContent: text } : null) }) as unknown as Document;
type FetchHook = (url: string, init: RequestInit) => Promise<Response> | undefined;

describe('startupManifestsPlugin', () => {
  it("answers the runtime's manifest fetch from the data block once, then leaves it to the network", async () => {
    const manifest = { id: 'mf_header', metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } } };
    const doc = page(JSON.stringify({ remotes: {}, config: {}, manifests: { [URL_A]: manifest } }));
    const fetchHook = startupManifestsPlugin(readStartupManifests(doc)).fetch as FetchHook;
    const res = await fetchHook(URL_A, {});
    expect(res).toBeInstanceOf(Response);
    expect(await res!.json()).toEqual(manifest);
    expect(fetchHook(URL_A, {})).toBeUndefined(); // a later load fetches (e.g. after a promotion)
    expect(fetchHook('http://localhost:3002/mf-search/1.0.0/mf-manifest.json', {})).toBeUndefined();
  });

  it('answers nothing without a data block, with a broken one, or without manifests in it', () => {
    for (const text of [null, '{not json', JSON.stringify({ remotes: {}, config: {} }), JSON.stringify({ manifests: [1] })]) {
      expect(readStartupManifests(page(text)).size).toBe(0);
    }
    expect((startupManifestsPlugin(new Map()).fetch as FetchHook)(URL_A, {})).toBeUndefined();
  });
});
