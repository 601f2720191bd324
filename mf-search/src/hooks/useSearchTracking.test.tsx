/**
 * Spec §4 Guided tours / §9 "consent analytics group C0002", §7 Insights "click, view, conversion":
 * Insights beacons leave the browser only with the performance (analytics) group granted. What leaves is
 * watched at the browser's edge (`navigator.sendBeacon`, the real Insights sender); the shell is played
 * as it publishes `consent/changed` `{ groups, decided }` (once per change: 'Reject All' on a fresh banner
 * changes only `decided`).
 */
import { act, renderHook } from '@testing-library/react';
import { createTestBus, type TestBus } from 'shared-events/testing';
import { DEFAULT_RUNTIME_CONFIG } from 'shared-events';
import { USER_TOKEN_KEY } from '../api/userToken';
import { useSearchTracking, type SearchTracking } from './useSearchTracking';

interface Sent { url: string; events: Array<{ eventType: string; eventName: string; objectIDs: string[] }> }

let sent: Sent[];
let beacon: jest.Mock;
let kit: TestBus;
let tracking: SearchTracking;

/** What the beacons carried (their text/plain JSON bodies), read synchronously from the captured parts. */
const bodies = new WeakMap<Blob, string>();
const RealBlob = global.Blob;

beforeAll(() => {
  global.Blob = class extends RealBlob {
    constructor(parts: BlobPart[], options?: BlobPropertyBag) {
      super(parts, options);
      bodies.set(this, parts.map(String).join(''));
    }
  } as typeof Blob;
});
afterAll(() => { global.Blob = RealBlob; });

beforeEach(() => {
  sent = [];
  beacon = jest.fn((url: string, body: Blob) => {
    sent.push({ url, events: JSON.parse(bodies.get(body) ?? '{}').events });
    return true;
  });
  Object.defineProperty(navigator, 'sendBeacon', { configurable: true, writable: true, value: beacon });
  localStorage.removeItem(USER_TOKEN_KEY);
  kit = createTestBus();
  // The tool has loaded with the banner up: only the strictly necessary group, not answered.
  kit.bus.emit('consent/changed', { groups: ['C0001'], decided: false });
  tracking = renderHook(() => useSearchTracking(kit.bus, DEFAULT_RUNTIME_CONFIG, null)).result.current;
});

/** The shopper answers the banner: the shell publishes the groups and `decided` (once per change). */
function answer(groups: string[]) {
  const { consent, consentDecided } = kit.bus.state;
  if (consent.value.join() === groups.join() && consentDecided.value) return;
  act(() => { kit.bus.emit('consent/changed', { groups, decided: true }); });
}

/** A search's three events: a click on hit 2, a view of the results, a conversion ('Add to list'). */
function searchClickAndAdd(id: string) {
  const hit = { objectID: id, title: `Milk ${id}`, queryID: 'qid-1', position: 2 };
  tracking.click('products', hit);
  tracking.view('products', [hit]);
  tracking.conversion('products', hit);
}
const sentEvents = () => sent.flatMap((s) => s.events.map((e) => `${e.eventType}:${e.objectIDs.join()}`));

it('with the banner unanswered, no Insights event leaves the browser and no user token is stored', async () => {
  searchClickAndAdd('p1');
  await act(async () => { await Promise.resolve(); });
  expect(beacon).not.toHaveBeenCalled();
  expect(localStorage.getItem(USER_TOKEN_KEY)).toBeNull();
});

it('events raised before the answer are sent once, in order, when the shopper then accepts; later ones go at once', async () => {
  searchClickAndAdd('p1');
  answer(['C0001', 'C0002', 'C0003', 'C0004']);
  expect(sent).toHaveLength(1);
  expect(sent[0].url).toMatch(/^http:\/\/localhost:7700\/1\/events\?/);
  expect(sentEvents()).toEqual(['click:p1', 'view:p1', 'conversion:p1']);
  expect(localStorage.getItem(USER_TOKEN_KEY)).toBe(tracking.userToken);

  // the same answer published again sends nothing twice
  act(() => { kit.bus.emit('consent/changed', { groups: ['C0001', 'C0002', 'C0003', 'C0004'], decided: true }); });
  expect(sent).toHaveLength(1);

  searchClickAndAdd('p2');
  expect(sentEvents()).toEqual(['click:p1', 'view:p1', 'conversion:p1', 'click:p2', 'view:p2', 'conversion:p2']);
});

it('Reject All drops the waiting events: nothing is sent, then or after a later grant', async () => {
  searchClickAndAdd('p1');
  answer(['C0001']); // the groups do not change: only `decided` says the shopper answered
  searchClickAndAdd('p2');
  await act(async () => { await Promise.resolve(); });
  expect(beacon).not.toHaveBeenCalled();

  // the shopper opens the preferences later and grants analytics: only what happens from then on is sent
  answer(['C0001', 'C0002']);
  searchClickAndAdd('p3');
  expect(sentEvents()).toEqual(['click:p3', 'view:p3', 'conversion:p3']);
});

it('an answer that refuses the analytics group (targeting only) drops the waiting events too', async () => {
  searchClickAndAdd('p1');
  answer(['C0001', 'C0004']);
  searchClickAndAdd('p2');
  await act(async () => { await Promise.resolve(); });
  expect(beacon).not.toHaveBeenCalled();
});

it('consent withdrawn later stops the events and removes the stored user token', async () => {
  answer(['C0001', 'C0002']);
  searchClickAndAdd('p1');
  expect(sentEvents()).toEqual(['click:p1', 'view:p1', 'conversion:p1']);
  expect(localStorage.getItem(USER_TOKEN_KEY)).not.toBeNull();

  answer(['C0001']);
  searchClickAndAdd('p2');
  await act(async () => { await Promise.resolve(); });
  expect(sentEvents()).toEqual(['click:p1', 'view:p1', 'conversion:p1']);
  expect(localStorage.getItem(USER_TOKEN_KEY)).toBeNull();
});

it('without the consent tool (not loaded or blocked) nothing is ever sent', async () => {
  const bus = createTestBus().bus;
  const t = renderHook(() => useSearchTracking(bus, DEFAULT_RUNTIME_CONFIG, null)).result.current;
  t.click('products', { objectID: 'p9', title: 'Milk', queryID: 'q', position: 1 });
  t.view('products', [{ objectID: 'p9', title: 'Milk' }]);
  await act(async () => { await Promise.resolve(); });
  expect(beacon).not.toHaveBeenCalled();
});
