/**
 * The page's Trusted Types policy (src/trusted-types.ts): script URLs of the site, the remote map, the
 * remote-override origins, the flyer and the vendors only.
 */
import { admitScriptUrl, allowedScriptOrigins, installTrustedTypesPolicy } from '../src/trusted-types';

const startup = {
  remotes: {
    'mf-header': 'http://localhost:3001/mf-header/1.0.0/mf-manifest.json',
    'mf-search': 'https://cdn.example.com/mf-search/2.0.0/mf-manifest.json',
    $integrity: { 'http://localhost:3001/mf-header/1.0.0/mf-manifest.json': 'sha384-x' },
  },
  config: {
    flyer: { origin: 'http://localhost:4300' },
    vendors: { origin: 'http://localhost:4400' },
    remoteOverrideOrigins: ['http://localhost:4600'],
  },
};

describe('allowedScriptOrigins / admitScriptUrl', () => {
  const allowed = allowedScriptOrigins('http://localhost:8080', [startup]);

  it('names the site, the remote map, the override origins, the flyer and the vendors', () => {
    expect([...allowed].sort()).toEqual([
      'http://localhost:3001', 'http://localhost:4300', 'http://localhost:4400', 'http://localhost:4600', 'http://localhost:8080', 'https://cdn.example.com',
    ]);
  });

  it.each([
    '/main.js',
    'http://localhost:8080/238.0f90d96c.js',
    'http://localhost:3001/mf-header/1.0.0/remoteEntry.js',
    'https://cdn.example.com/mf-search/2.0.0/123.abc.js',
    'http://localhost:4300/storefront.js',
    'http://localhost:4400/consent.js',
  ])('admits %s unchanged', (url) => {
    expect(admitScriptUrl(url, 'http://localhost:8080/stores', allowed)).toBe(url);
  });

  it.each([
    'https://evil.example.com/x.js',
    'http://localhost:3009/mf-header/1.0.0/remoteEntry.js',
    'javascript:alert(1)',
    'data:text/javascript,alert(1)',
    '//evil.example.com/x.js',
  ])('refuses %s', (url) => {
    expect(admitScriptUrl(url, 'http://localhost:8080/', allowed)).toBeNull();
  });
});

describe('installTrustedTypesPolicy', () => {
  it("creates the 'default' policy once, reading the page's data block for the origins", () => {
    const block = document.createElement('script');
    block.type = 'application/json';
    block.id = 'shell-startup';
    block.textContent = JSON.stringify(startup);
    document.body.appendChild(block);
    type Rules = { createScriptURL(url: string): string | null };
    let rules: Rules | null = null;
    const tt: { defaultPolicy: unknown; createPolicy: jest.Mock<unknown, [string, Rules]> } = {
      defaultPolicy: null,
      createPolicy: jest.fn((name: string, r: Rules): unknown => {
        rules = r;
        tt.defaultPolicy = { name };
        return tt.defaultPolicy;
      }),
    };
    const win = Object.assign(Object.create(window), { trustedTypes: tt, location: window.location, document });
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      expect(installTrustedTypesPolicy(win)).toBe(true);
      expect(installTrustedTypesPolicy(win)).toBe(false);
      expect(tt.createPolicy).toHaveBeenCalledTimes(1);
      expect(tt.createPolicy.mock.calls[0][0]).toBe('default');
      expect(rules!.createScriptURL('http://localhost:3001/mf-header/1.0.0/remoteEntry.js')).toBe('http://localhost:3001/mf-header/1.0.0/remoteEntry.js');
      expect(rules!.createScriptURL(`${window.location.origin}/main.js`)).toBe(`${window.location.origin}/main.js`);
      expect(rules!.createScriptURL('https://evil.example.com/x.js')).toBeNull();
      expect(error).toHaveBeenCalledWith(expect.stringContaining('https://evil.example.com/x.js'));
    } finally {
      error.mockRestore();
      block.remove();
    }
  });

  it('does nothing in a browser without Trusted Types', () => {
    expect(installTrustedTypesPolicy(Object.assign(Object.create(window), { trustedTypes: undefined }))).toBe(false);
  });
});
