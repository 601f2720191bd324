import { DEFAULT_RUNTIME_CONFIG } from 'shared-events';
import { readFlyerConfig } from './config';
import { flyerRuntimeConfig, PROVIDER, SCRIPT_URL } from '../test-utils';

describe('readFlyerConfig (config.flyer, read defensively)', () => {
  it('reads the block', () => {
    expect(readFlyerConfig(flyerRuntimeConfig())).toEqual({ origin: PROVIDER, scriptUrl: SCRIPT_URL, merchant: 'harbour-market' });
  });

  it("drops an origin's trailing slash", () => {
    expect(readFlyerConfig(flyerRuntimeConfig({ origin: `${PROVIDER}/`, scriptUrl: SCRIPT_URL, merchant: 'm' }))?.origin).toBe(PROVIDER);
  });

  it.each<[string, unknown]>([
    ['null', null],
    ['a string', 'http://localhost:4300'],
    ['no merchant', { origin: PROVIDER, scriptUrl: SCRIPT_URL }],
    ['an origin with a path', { origin: `${PROVIDER}/flyer`, scriptUrl: SCRIPT_URL, merchant: 'm' }],
    ['a javascript: origin', { origin: 'javascript:alert(1)', scriptUrl: SCRIPT_URL, merchant: 'm' }],
    ['a script on another origin', { origin: PROVIDER, scriptUrl: 'https://cdn.example/storefront.js', merchant: 'm' }],
    ['a data: script', { origin: PROVIDER, scriptUrl: 'data:text/javascript,alert(1)', merchant: 'm' }],
    ['a merchant with spaces', { origin: PROVIDER, scriptUrl: SCRIPT_URL, merchant: 'harbour market' }],
    ['an empty merchant', { origin: PROVIDER, scriptUrl: SCRIPT_URL, merchant: '' }],
  ])('is null for %s', (_what, flyer) => {
    expect(readFlyerConfig(flyerRuntimeConfig(flyer))).toBeNull();
  });

  it('reads the defaults (the local provider), and is null without a config or a block', () => {
    expect(readFlyerConfig(DEFAULT_RUNTIME_CONFIG)).toEqual({ origin: PROVIDER, scriptUrl: SCRIPT_URL, merchant: 'harbour-market' });
    expect(readFlyerConfig(undefined)).toBeNull();
    expect(readFlyerConfig({ ...DEFAULT_RUNTIME_CONFIG, flyer: undefined })).toBeNull();
  });
});
