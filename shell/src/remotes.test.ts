import { overrideOriginsFor } from './startup-data';
import { readOverrides, registerRemoteMap, resolveRemoteMap, toHttpUrl, validateRemoteMap } from './remotes';
import { shellErrors } from './errors';

const PAGE = 'http://localhost:8080/';
const MAP = {
  'mf-header': 'http://localhost:3001/mf-header/1.0.0/mf-manifest.json',
  'mf-search': 'http://localhost:3002/mf-search/1.0.0/mf-manifest.json',
  'mf-store-selector': 'http://localhost:3003/mf-store-selector/1.0.0/mf-manifest.json',
};

function storage(entries: Record<string, string>): Pick<Storage, 'getItem'> {
  return { getItem: (k: string) => (k in entries ? entries[k] : null) };
}

beforeEach(() => {
  shellErrors().length = 0;
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  jest.spyOn(console, 'info').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

describe('remote map validation (ARCHITECTURE §2 remote map)', () => {
  it('accepts a map of the three remotes with http(s) manifest URLs', () => {
    expect(validateRemoteMap(MAP, PAGE)).toEqual({ remotes: MAP, problems: [] });
  });

  it('resolves root-relative manifest URLs against the page', () => {
    const { remotes } = validateRemoteMap({ ...MAP, 'mf-header': '/pinned/mf-header/1.0.0/mf-manifest.json' }, PAGE);
    expect(remotes['mf-header']).toBe('http://localhost:8080/pinned/mf-header/1.0.0/mf-manifest.json');
  });

  it.each([
    ['javascript:alert(1)'],
    ['data:application/json,{}'],
    [42],
    [''],
  ])('drops an entry whose URL is %p and names it as a problem', (bad) => {
    const { remotes, problems } = validateRemoteMap({ ...MAP, 'mf-search': bad }, PAGE);
    expect(remotes).not.toHaveProperty('mf-search');
    expect(remotes['mf-header']).toBe(MAP['mf-header']);
    expect(problems).toEqual([{ remote: 'mf-search', reason: expect.stringContaining('must be an http(s) URL') }]);
  });

  it('reports a required remote missing from the map', () => {
    const { problems } = validateRemoteMap({ 'mf-header': MAP['mf-header'] }, PAGE);
    expect(problems.map((p) => p.remote)).toEqual(['mf-search', 'mf-store-selector']);
  });

  it.each([[null], [[MAP]], ['mf-header']])('rejects a map that is not an object (%p)', (bad) => {
    const { remotes, problems } = validateRemoteMap(bad, PAGE);
    expect(remotes).toEqual({});
    expect(problems[0].reason).toMatch(/must be a JSON object/);
  });

  it('reports every problem as SHELL-001 in window.__SHELL_ERRORS__', () => {
    resolveRemoteMap({ 'mf-header': 'ftp://x/mf-manifest.json' }, new URL(PAGE), null);
    expect(window.__SHELL_ERRORS__!.map((e) => [e.code, e.remote])).toEqual([
      ['SHELL-001', 'mf-header'], ['SHELL-001', 'mf-search'], ['SHELL-001', 'mf-store-selector'],
    ]);
    expect(console.error).toHaveBeenCalledWith(expect.stringMatching(/^\[SHELL-001\] Remote map:/));
  });

  it('reports an unreachable /remotes.json once as SHELL-001', () => {
    const remotes = resolveRemoteMap(undefined, new URL(PAGE), null, new Error('GET /remotes.json: HTTP 500'));
    expect(remotes).toEqual({});
    expect(shellErrors()).toHaveLength(1);
    expect(shellErrors()[0]).toMatchObject({ code: 'SHELL-001', cause: 'Error: GET /remotes.json: HTTP 500' });
  });
});

describe('tester overrides (remote-control pattern)', () => {
  const known = Object.keys(MAP);
  const pinned = 'http://localhost:3001/mf-header/0.9.0/mf-manifest.json';

  it('takes ?remote.mf-header=<url> from the query string', () => {
    const loc = new URL(`${PAGE}?remote.mf-header=${encodeURIComponent(pinned)}`);
    expect(resolveRemoteMap(MAP, loc, null)).toEqual({ ...MAP, 'mf-header': pinned });
    expect(console.info).toHaveBeenCalledWith(`[shell] remote override: mf-header -> ${pinned}`);
  });

  it('takes localStorage remote-override:mf-header when the query has none', () => {
    const { overrides } = readOverrides(new URL(PAGE), storage({ 'remote-override:mf-header': pinned }), known);
    expect(overrides).toEqual({ 'mf-header': pinned });
  });

  it('prefers the query string over localStorage', () => {
    const other = 'http://localhost:3001/mf-header/0.8.0/mf-manifest.json';
    const loc = new URL(`${PAGE}?remote.mf-header=${encodeURIComponent(pinned)}`);
    const { overrides } = readOverrides(loc, storage({ 'remote-override:mf-header': other }), known);
    expect(overrides['mf-header']).toBe(pinned);
  });

  it('ignores a non-http(s) override and an unknown remote, reporting SHELL-005', () => {
    const loc = new URL(`${PAGE}?remote.mf-header=${encodeURIComponent('javascript:alert(1)')}&remote.mf-evil=${encodeURIComponent(pinned)}`);
    expect(resolveRemoteMap(MAP, loc, null)).toEqual(MAP);
    expect(shellErrors().map((e) => [e.code, e.remote])).toEqual([['SHELL-005', 'mf-header'], ['SHELL-005', 'mf-evil']]);
  });

  it('ignores unrelated query parameters such as the search query', () => {
    const { overrides, rejected } = readOverrides(new URL(`${PAGE}?query=milk&tab=product`), null, known);
    expect(overrides).toEqual({});
    expect(rejected).toEqual([]);
  });

  it('survives a storage that throws (privacy mode)', () => {
    const throwing = { getItem: () => { throw new Error('SecurityError'); } };
    expect(readOverrides(new URL(PAGE), throwing, known)).toEqual({ overrides: {}, rejected: [] });
  });
});

describe('registration with the MF runtime', () => {
  it('registers each remote under its MF name with its manifest as entry', () => {
    const registry = { registerRemotes: jest.fn() };
    registerRemoteMap(MAP, registry);
    expect(registry.registerRemotes).toHaveBeenCalledWith([
      { name: 'mf_header', entry: MAP['mf-header'] },
      { name: 'mf_search', entry: MAP['mf-search'] },
      { name: 'mf_store_selector', entry: MAP['mf-store-selector'] },
    ], { force: true });
  });

  it('throws a clear error when there is no MF runtime instance', () => {
    expect(() => registerRemoteMap(MAP, null)).toThrow('Module Federation runtime instance is missing');
  });

  it('toHttpUrl keeps http and https only', () => {
    expect(toHttpUrl('https://cdn.example.com/m.json', PAGE)).toBe('https://cdn.example.com/m.json');
    expect(toHttpUrl('file:///etc/passwd', PAGE)).toBeNull();
  });
});

describe('tester overrides in a production build (any origin was accepted)', () => {
  const PAGE_URL = 'http://localhost:8080/';
  it('accepts an override on an allowed origin and rejects one elsewhere, naming the origin', () => {
    const loc = new URL(`${PAGE_URL}?remote.mf-header=${encodeURIComponent('http://localhost:3001/mf-header/1.0.1/mf-manifest.json')}&remote.mf-search=${encodeURIComponent('https://evil.example/mf-manifest.json')}`);
    const { overrides, rejected } = readOverrides(loc, null, ['mf-header', 'mf-search'], ['http://localhost:3001']);
    expect(overrides).toEqual({ 'mf-header': 'http://localhost:3001/mf-header/1.0.1/mf-manifest.json' });
    expect(rejected).toEqual([{ remote: 'mf-search', reason: "query parameter 'remote.mf-search' for 'mf-search' is on https://evil.example, which is not an allowed override origin" }]);
  });

  it('allows any origin in a development build and, with overrides turned on, only the configured ones in production (none when unset)', () => {
    expect(overrideOriginsFor({ remoteOverrideOrigins: ['http://localhost:3001/x'] }, false)).toBeNull();
    expect(overrideOriginsFor({ remoteOverrides: true, remoteOverrideOrigins: ['http://localhost:3001/x', 'not a url'] }, true)).toEqual(['http://localhost:3001']);
    expect(overrideOriginsFor({ remoteOverrides: true }, true)).toEqual([]);
  });
});
