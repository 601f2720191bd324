/**
 * A remote that cannot be loaded shows its quiet fallback instead of breaking the page (ARCHITECTURE §2):
 * the plugin inside a real MF runtime, against fixture remotes (./fixture-origin).
 */
import { ModuleFederation } from '@module-federation/enhanced/runtime';
import offlineRemotePlugin from './offline-remote-plugin';
import { startupManifestsPlugin } from './startup-manifests-plugin';
import { fixtureManifest, manifestUrlOf, fixtureOriginPerTest } from './fixture-origin';
import { shellErrors } from '../errors';

type Spa = { bootstrap(p?: object): Promise<void>; mount(p?: object): Promise<void>; unmount(p?: object): Promise<void>; remote?: string };

const serveRemotes = fixtureOriginPerTest();
beforeEach(() => {
  shellErrors().length = 0;
  document.body.innerHTML = '<div id="slot-mf-header"><span>stale</span></div><div id="slot-page"></div>';
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  jest.restoreAllMocks();
});

/** A host runtime with the shell's plugin and these remotes (package → manifest URL). */
const host = (remotes: Record<string, string>, plugins = [offlineRemotePlugin()]) => new ModuleFederation({
  name: 'shell_host',
  remotes: Object.entries(remotes).map(([name, entry]) => ({ name, entry })),
  plugins,
});

describe('offline-remote plugin in the MF runtime', () => {
  it('turns a results page whose server is down into a visible "unavailable" message, and records SHELL-002', async () => {
    serveRemotes(['mf-search'], { down: ['mf-search'] });
    const mod = await host({ mf_search: manifestUrlOf('mf-search') }).loadRemote<Spa>('mf_search/results');

    expect(shellErrors()).toEqual([expect.objectContaining({ code: 'SHELL-002', remote: 'mf_search/results' })]);
    const slot = document.getElementById('slot-page')!;
    await mod!.bootstrap();
    await mod!.mount({ name: 'mf-search-results', domElement: slot });
    const status = slot.querySelector('[role="status"]');
    expect(status).toHaveTextContent('Search results are unavailable right now.');
    expect(status).toBeVisible();
    await mod!.unmount({ name: 'mf-search-results', domElement: slot });
    expect(slot).toBeEmptyDOMElement();
  });

  it("gives a header band whose remote entry cannot be loaded only a visually hidden note (its manifest came from the page)", async () => {
    const origin = serveRemotes(['mf-header'], { down: ['mf-header'] });
    const page = new Map<string, unknown>([[manifestUrlOf('mf-header'), fixtureManifest('mf-header')]]);
    const mod = await host({ mf_header: manifestUrlOf('mf-header') }, [startupManifestsPlugin(page), offlineRemotePlugin()]).loadRemote<Spa>('mf_header/spa');

    expect(origin.scripts.map((s) => s.src)).toEqual(['http://fixtures.test/mf-header/1.0.0/remoteEntry.js']);
    await mod!.mount({ name: 'mf-header' });
    const slot = document.getElementById('slot-mf-header')!;
    expect(slot).not.toHaveTextContent('stale');
    const note = slot.querySelector('[data-shell-fallback="mf-header"]')!;
    expect(note).toHaveTextContent('Site header is unavailable right now.');
    expect(note).toHaveClass('shell-visually-hidden');
    expect(shellErrors().map((e) => e.code)).toEqual(['SHELL-002']);
  });

  it("leaves a remote that loads alone: the page gets the remote's own lifecycles", async () => {
    serveRemotes(['mf-header']);
    const mod = await host({ mf_header: manifestUrlOf('mf-header') }).loadRemote<Spa>('mf_header/spa');

    expect(mod!.remote).toBe('mf_header');
    const slot = document.getElementById('slot-mf-header')!;
    await mod!.mount({ domElement: slot });
    expect(slot).toHaveTextContent('mf_header mounted');
    expect(shellErrors()).toEqual([]);
  });
});
