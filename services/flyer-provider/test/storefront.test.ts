/**
 * @jest-environment jsdom
 * @jest-environment-options {"url": "http://localhost:18080/flyer"}
 *
 * public/storefront.js as a host page runs it (contract §1): window.FlyerStorefront.create renders the
 * iframe with the right src, follows flyer:resize from the provider's iframe only, posts saved items to
 * the provider's origin only, and destroy() removes everything.
 */
import { storefrontScript } from '../src/assets';

const ORIGIN = 'http://localhost:14300';

interface Storefront {
  destroy(): void;
  setSavedItems(ids: string[]): void;
}
interface FlyerStorefrontApi {
  version: number;
  create(o: Record<string, unknown>): Storefront;
}
const api = () => (window as unknown as { FlyerStorefront: FlyerStorefrontApi }).FlyerStorefront;

beforeAll(() => {
  new Function(storefrontScript(ORIGIN))();
});

let element: HTMLElement;
beforeEach(() => {
  document.body.innerHTML = '<div id="flyer"></div>';
  element = document.getElementById('flyer')!;
});

const options = (o: Record<string, unknown> = {}) => ({ merchant: 'harbour-market', storeCode: '0042', locale: 'en-CA', publicationId: '0042-20261119', element, ...o });
const message = (data: unknown, init: { origin?: string; source?: unknown } = {}) =>
  window.dispatchEvent(new MessageEvent('message', { data, origin: init.origin ?? ORIGIN, source: (init.source ?? null) as MessageEventSource | null }));

describe('window.FlyerStorefront', () => {
  it('is version 1 with create()', () => {
    expect(api().version).toBe(1);
    expect(typeof api().create).toBe('function');
  });

  it('renders an iframe titled "Weekly flyer" with the embed URL, full width, no border', () => {
    const sf = api().create(options());
    const iframe = element.querySelector('iframe')!;
    expect(iframe).not.toBeNull();
    expect(iframe.title).toBe('Weekly flyer');
    const src = new URL(iframe.src);
    expect(src.origin).toBe(ORIGIN);
    expect(src.pathname).toBe('/embed');
    expect(Object.fromEntries(src.searchParams)).toEqual({
      merchant: 'harbour-market',
      storeCode: '0042',
      locale: 'en-CA',
      publicationId: '0042-20261119',
      hostOrigin: 'http://localhost:18080',
    });
    expect(iframe.style.width).toBe('100%');
    expect(iframe.style.border).toMatch(/^0/);
    expect(iframe.getAttribute('sandbox')).toBe('allow-scripts allow-same-origin');
    sf.destroy();
  });

  it('takes an explicit hostOrigin and refuses bad options', () => {
    const sf = api().create(options({ hostOrigin: 'https://shop.example.com' }));
    expect(new URL(element.querySelector('iframe')!.src).searchParams.get('hostOrigin')).toBe('https://shop.example.com');
    sf.destroy();
    expect(() => api().create(options({ storeCode: '42' }))).toThrow('storeCode must be 4 digits');
    expect(() => api().create(options({ hostOrigin: 'javascript:alert(1)' }))).toThrow('hostOrigin must be an http(s) origin');
    expect(() => api().create(options({ hostOrigin: 'http://localhost:18080/flyer' }))).toThrow('hostOrigin must be an http(s) origin');
    expect(() => api().create(options({ element: null }))).toThrow('element must be an element');
    expect(() => api().create(options({ publicationId: '' }))).toThrow('publicationId must be a non-empty string');
    expect(element.querySelector('iframe')).toBeNull();
  });

  it("follows flyer:resize from its iframe and the provider's origin only", () => {
    const sf = api().create(options());
    const iframe = element.querySelector('iframe')!;
    const resize = (height: unknown, extra: Record<string, unknown> = {}) => ({ source: 'flyer-provider', version: 1, type: 'flyer:resize', publicationId: '0042-20261119', height, ...extra });
    message(resize(1234.2), { source: iframe.contentWindow });
    expect(iframe.style.height).toBe('1235px');
    message(resize(99), { source: iframe.contentWindow, origin: 'https://evil.example' });
    message(resize(99), { source: window });
    message(resize(99, { publicationId: 'other' }), { source: iframe.contentWindow });
    message(resize('99'), { source: iframe.contentWindow });
    message(resize(99, { source: 'someone-else' }), { source: iframe.contentWindow });
    expect(iframe.style.height).toBe('1235px');
    sf.destroy();
  });

  it("posts saved items to the iframe for the provider's origin, again when the flyer says it is ready", () => {
    const sf = api().create(options());
    const iframe = element.querySelector('iframe')!;
    const post = jest.spyOn(iframe.contentWindow!, 'postMessage').mockImplementation(() => undefined);
    sf.setSavedItems(['20090401_KG_0042']);
    expect(post).toHaveBeenLastCalledWith({ source: 'flyer-host', version: 1, type: 'flyer:saved-items', listItemIds: ['20090401_KG_0042'] }, ORIGIN);
    message({ source: 'flyer-provider', version: 1, type: 'flyer:ready', publicationId: '0042-20261119' }, { source: iframe.contentWindow });
    expect(post).toHaveBeenCalledTimes(2);
    expect(() => sf.setSavedItems([1 as unknown as string])).toThrow('array of strings');
    sf.destroy();
  });

  it('destroy() removes the iframe and stops listening', () => {
    const sf = api().create(options());
    const iframe = element.querySelector('iframe')!;
    const source = iframe.contentWindow;
    sf.destroy();
    expect(element.querySelector('iframe')).toBeNull();
    message({ source: 'flyer-provider', version: 1, type: 'flyer:resize', publicationId: '0042-20261119', height: 10 }, { source });
    expect(iframe.style.height).toBe('640px');
    sf.destroy(); // twice is harmless
  });
});
