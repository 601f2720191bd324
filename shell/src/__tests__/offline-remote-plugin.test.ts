import offlineRemotePlugin, { handleErrorLoadRemote } from '../mf/offline-remote-plugin';
import { shellErrors } from '../errors';
import type { FallbackLifecycles } from '../mf/fallback';

type FallbackModule = FallbackLifecycles & { default: FallbackLifecycles };

beforeEach(() => {
  shellErrors().length = 0;
  document.body.innerHTML = '<div id="slot-mf-header"><span>stale</span></div><div id="slot-page"></div>';
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

const loadError = new Error('[ Federation Runtime ]: Failed to get manifest');

describe('offline-remote runtime plugin (MF error-load-remote guide, layer 1)', () => {
  it('is a named MF runtime plugin with an errorLoadRemote hook', () => {
    const plugin = offlineRemotePlugin();
    expect(plugin.name).toBe('shell-offline-remote-plugin');
    expect(typeof plugin.errorLoadRemote).toBe('function');
  });

  it('turns a failed results-page load into lifecycles that show a visible message, and records SHELL-002', async () => {
    const mod = handleErrorLoadRemote({ id: 'mf_search/results', error: loadError, from: 'runtime', lifecycle: 'onLoad' }) as FallbackModule;
    expect(shellErrors()).toEqual([expect.objectContaining({ code: 'SHELL-002', remote: 'mf_search/results', cause: String(loadError) })]);
    expect(console.error).toHaveBeenCalledWith(expect.stringMatching(/^\[SHELL-002\]/), loadError);

    const slot = document.getElementById('slot-page')!;
    await mod.bootstrap();
    await mod.mount({ name: 'mf-search-results', domElement: slot });
    const status = slot.querySelector('[role="status"]');
    expect(status).toHaveTextContent('Search results are unavailable right now.');
    expect(status).toBeVisible();

    await mod.unmount({ name: 'mf-search-results', domElement: slot });
    expect(slot).toBeEmptyDOMElement();
  });

  it('gives a header-band remote only a visually hidden note (nothing visible, still announced to AT)', async () => {
    const mod = handleErrorLoadRemote({ id: 'mf_header/spa', error: loadError, from: 'runtime', lifecycle: 'onLoad' }) as FallbackModule;
    await mod.default.mount({ name: 'mf-header' });
    const slot = document.getElementById('slot-mf-header')!;
    expect(slot).not.toHaveTextContent('stale');
    const note = slot.querySelector('[data-shell-fallback="mf-header"]')!;
    expect(note).toHaveTextContent('Site header is unavailable right now.');
    expect(note).toHaveClass('shell-visually-hidden');
  });

  it('returns a factory for static (build-time) remote imports', () => {
    const result = handleErrorLoadRemote({ id: 'mf_header/spa', error: loadError, from: 'build', lifecycle: 'onLoad' });
    expect(typeof result).toBe('function');
    expect((result as () => FallbackModule)().__shellFallback).toBe(true);
  });

  it.each(['afterResolve', 'beforeLoadShare', 'beforeRequest'] as const)('does not recover at lifecycle %s (loadRemote retries the hook with onLoad)', (lifecycle) => {
    expect(handleErrorLoadRemote({ id: 'http://localhost:3001/mf-manifest.json', error: loadError, from: 'runtime', lifecycle })).toBeUndefined();
    expect(shellErrors()).toHaveLength(0);
  });
});
