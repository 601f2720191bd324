import { DEFAULT_RUNTIME_CONFIG } from 'shared-events';
import { describeInvalidConfig, resolveRuntimeConfig } from './runtime-config';
import { shellErrors } from './errors';

beforeEach(() => {
  shellErrors().length = 0;
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

describe('/config.json (RuntimeConfig)', () => {
  it('accepts the default config and a real-Algolia style config', () => {
    expect(describeInvalidConfig(DEFAULT_RUNTIME_CONFIG)).toBeNull();
    const algolia = { ...DEFAULT_RUNTIME_CONFIG, search: { ...DEFAULT_RUNTIME_CONFIG.search, hosts: [{ url: 'abc-dsn.algolia.net', protocol: 'https' }] } };
    expect(resolveRuntimeConfig(algolia)).toBe(algolia);
    expect(shellErrors()).toHaveLength(0);
  });

  it.each([
    [{ ...DEFAULT_RUNTIME_CONFIG, apiBase: 'javascript:x' }, 'apiBase'],
    [{ ...DEFAULT_RUNTIME_CONFIG, defaultStoreNumber: 3299 }, 'defaultStoreNumber'],
    [{ ...DEFAULT_RUNTIME_CONFIG, search: { ...DEFAULT_RUNTIME_CONFIG.search, hosts: [] } }, 'search.hosts'],
    [{ ...DEFAULT_RUNTIME_CONFIG, search: { ...DEFAULT_RUNTIME_CONFIG.search, hosts: [{ url: 'x:1', protocol: 'ftp' }] } }, 'protocol'],
    [{ ...DEFAULT_RUNTIME_CONFIG, search: { ...DEFAULT_RUNTIME_CONFIG.search, indices: { products: 'p' } } }, 'search.indices.recipes'],
  ])('falls back to the defaults and reports SHELL-004 for %#', (bad, field) => {
    expect(resolveRuntimeConfig(bad)).toBe(DEFAULT_RUNTIME_CONFIG);
    expect(shellErrors()).toEqual([expect.objectContaining({ code: 'SHELL-004', message: expect.stringContaining(field) })]);
  });

  it("accepts the shell's optional oidc block and rejects a malformed one", () => {
    const withOidc = { ...DEFAULT_RUNTIME_CONFIG, oidc: { issuer: 'http://localhost:4100', clientId: 'storefront' } };
    expect(resolveRuntimeConfig(withOidc)).toBe(withOidc);
    expect(describeInvalidConfig({ ...DEFAULT_RUNTIME_CONFIG, oidc: { issuer: 'javascript:alert(1)', clientId: 'x' } })).toMatch(/oidc.issuer/);
    expect(describeInvalidConfig({ ...DEFAULT_RUNTIME_CONFIG, oidc: { issuer: 'https://login.example.com' } })).toMatch(/oidc.clientId/);
    expect(describeInvalidConfig({ ...DEFAULT_RUNTIME_CONFIG, oidc: 'x' })).toMatch(/oidc must be an object/);
  });

  it('falls back to the defaults when /config.json cannot be fetched', () => {
    expect(resolveRuntimeConfig(undefined, new Error('offline'))).toBe(DEFAULT_RUNTIME_CONFIG);
    expect(shellErrors()[0]).toMatchObject({ code: 'SHELL-004', cause: 'Error: offline' });
  });
});
