/**
 * jest helpers of mf-flyer: a fake provider (`window.FlyerStorefront`), a fake publications API
 * (`fetch`), flyer items and synthetic `MessageEvent`s from the flyer's iframe (or from elsewhere).
 */
import { act } from '@testing-library/react';
import { navigate } from '@storefront/remote-kit';
import { DEFAULT_RUNTIME_CONFIG, type RuntimeConfig } from 'shared-events';
import type { FlyerItem, FlyerStorefront, FlyerStorefrontOptions, Publication } from './api/types';

export const PROVIDER = 'http://localhost:4300';
export const SCRIPT_URL = `${PROVIDER}/storefront.js`;

/** The runtime config with a flyer block (default: the local provider's); any value, to test the reading. */
export function flyerRuntimeConfig(flyer: unknown = { origin: PROVIDER, scriptUrl: SCRIPT_URL, merchant: 'harbour-market' }): RuntimeConfig {
  return { ...DEFAULT_RUNTIME_CONFIG, flyer } as unknown as RuntimeConfig;
}

/** A valid FlyerItem (contract §2). */
export function flyerItem(overrides: Partial<FlyerItem> = {}): FlyerItem {
  return {
    id: 'pub-3299-p1-i1',
    articleNumber: '20010010',
    uom: 'EA',
    name: 'Gala apples',
    image: `${PROVIDER}/images/20010010.jpg`,
    priceText: '$4.99',
    saleStory: '2 for $5',
    validFrom: '2025-11-20',
    validTo: '2025-11-26',
    ...overrides,
  };
}

/** A publication of the publications API. */
export function publication(storeCode = '3299', overrides: Partial<Publication> = {}): Publication {
  return { id: `pub-${storeCode}-w47`, storeCode, title: 'Weekly flyer', validFrom: '2025-11-20', validTo: '2025-11-26', ...overrides };
}

/** One storefront the fake provider created. */
export interface FakeStorefront {
  options: FlyerStorefrontOptions;
  iframe: HTMLIFrameElement;
  instance: FlyerStorefront & { destroy: jest.Mock; setSavedItems: jest.Mock };
}

/**
 * Installs a fake `window.FlyerStorefront` (version 1) whose `create` renders an
 * `<iframe title="Weekly flyer">` into the element (as the real one does) and records every call.
 * @returns the storefronts created, in order, and `uninstall`
 */
export function installFakeProvider(): { created: FakeStorefront[]; create: jest.Mock; uninstall: () => void } {
  const created: FakeStorefront[] = [];
  const create = jest.fn((options: FlyerStorefrontOptions) => {
    const iframe = document.createElement('iframe');
    iframe.title = 'Weekly flyer';
    options.element.appendChild(iframe);
    const instance = { destroy: jest.fn(() => iframe.remove()), setSavedItems: jest.fn() };
    created.push({ options, iframe, instance });
    return instance;
  });
  window.FlyerStorefront = { version: 1, create };
  return { created, create, uninstall: () => { delete window.FlyerStorefront; } };
}

/** A fetch answer with a JSON body (jsdom has no `Response`). */
export const answer = (body: unknown, status = 200) =>
  Promise.resolve({ ok: status >= 200 && status < 300, status, json: async () => body } as Response);

/**
 * Replaces `fetch` with a fake publications API: stores in `publications` (storeCode → list) answer
 * 200, others 404; `fail` makes every call answer that status (or reject for 'network').
 */
export function fakePublicationsApi(options: { publications?: Record<string, Publication[]>; fail?: number | 'network' } = {}) {
  const publications = options.publications ?? { '3299': [publication('3299')], '0042': [publication('0042')] };
  const fetchMock = jest.fn((input: RequestInfo | URL) => {
    if (options.fail === 'network') return Promise.reject(new TypeError('Failed to fetch'));
    if (typeof options.fail === 'number') return answer({ message: 'down' }, options.fail);
    const url = new URL(String(input));
    const code = url.searchParams.get('storeCode') ?? '';
    const list = publications[code];
    return list ? answer({ publications: list }) : answer({ message: 'unknown store' }, 404);
  });
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  return fetchMock;
}

/** A contract message from the flyer (iframe → host). */
export function flyerMessage(type: string, publicationId: string, extra: Record<string, unknown> = {}) {
  return { source: 'flyer-provider', version: 1, type, publicationId, ...extra };
}

/**
 * Dispatches a `message` event on `window` as a `postMessage` would, inside `act`.
 * @param from `origin` (default the provider) and `source` (the sending window; default none)
 */
export function postToHost(data: unknown, from: { origin?: string; source?: Window | null } = {}): void {
  act(() => {
    window.dispatchEvent(new MessageEvent('message', { data, origin: from.origin ?? PROVIDER, source: from.source ?? null }));
  });
}

/** Sets the jsdom URL with the kit's `navigate` (pushState + popstate), inside `act`. */
export function goTo(url: string): void {
  act(() => navigate(url));
}
