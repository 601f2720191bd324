/**
 * The launcher's ports and service environment (tooling/platform/start.mjs): every service on
 * `base + offset`, the flyer provider among them.
 */
const { platformEnv, portsFrom } = require('../platform/start.mjs');

describe('platform ports and environment', () => {
  it('puts every service on its base port plus the offset', () => {
    const p = portsFrom(50000);
    expect(p).toMatchObject({ edge: 58080, search: 57700, bff: 54000, identity: 54100, flyer: 54300 });
    expect(portsFrom(0).flyer).toBe(4300);
  });

  it('tells the services where the flyer provider is and lets only the edge frame it', () => {
    const env = platformEnv(portsFrom(10000));
    expect(env).toMatchObject({
      FLYER_PORT: '14300',
      FLYER_ORIGIN: 'http://localhost:14300',
      FLYER_PUBLIC_ORIGIN: 'http://localhost:14300',
      FLYER_ALLOWED_HOSTS: 'http://localhost:18080',
      PUBLIC_ORIGIN: 'http://localhost:18080',
    });
  });
});
