/**
 * Spec §4 Guided tours / §9 "consent analytics group C0002", §7 Insights "click, view, conversion":
 * Insights beacons leave the browser only with the performance (analytics) group granted. What leaves is
 * watched at the browser's edge (`navigator.sendBeacon`, the real Insights sender); the consent tool is
 * played as services/vendors `/consent.js` behaves (`OneTrust.IsAlertBoxClosed()`, the window event
 * `OneTrustGroupsUpdated` at load and after each answer) and the shell as it publishes `consent/changed`
 * (once per change of groups: 'Reject All' on a fresh banner publishes nothing).
 */
import { act, renderHook } from '@testing-library/react';
import { createTestBus, type TestBus } from 'shared-events/testing';
import { DEFAULT_RUNTIME_CONFIG } from 'shared-events';
import { USER_TOKEN_KEY } from '../api/userToken';
import { useSearchTracking, type SearchTracking } from '../hooks/useSearchTracking';

interface Sent { url: string; events: Array<{ eventType: string; eventName: string; objectIDs: string[] }> }

let sent: Sent[];
let beacon: jest.Mock;
let kit: TestBus;
let tracking: SearchTracking;
let answered: boolean;

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
  answered = false;
  (window as unknown as { OneTrust?: unknown }).OneTrust = { IsAlertBoxClosed: () => answered };
  kit = createTestBus();
  // The tool has loaded with the banner up: only the strictly necessary group.
  toolAnnounces(['C0001']);
  kit.bus.emit('consent/changed', { groups: ['C0001'] });
  tracking = renderHook(() => useSearchTracking(kit.bus, DEFAULT_RUNTIME_CONFIG, null)).result.current;
});
afterEach(() => {
  // One page has one bus; here every test has its own, so the last test's queue is dropped (a refusal)
  // before the next test's tool events reach its still-listening gate.
  answered = true;
  toolAnnounces(['C0001']);
  delete (window as unknown as { OneTrust?: unknown }).OneTrust;
});

/** The consent tool's window event (at load and after every answer). */
function toolAnnounces(groups: string[]) {
  act(() => { window.dispatchEvent(new CustomEvent('OneTrustGroupsUpdated', { detail: groups })); });
}
/** The shopper answers the banner: the tool announces, then the shell publishes if the groups changed. */
function answer(groups: string[]) {
  answered = true;
  toolAnnounces(groups);
  const before = kit.bus.state.consent.value;
  if (before.join() !== groups.join()) act(() => { kit.bus.emit('consent/changed', { groups }); });
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

  // the shell publishing the same groups again, or the tool repeating them, sends nothing twice
  toolAnnounces(['C0001', 'C0002', 'C0003', 'C0004']);
  act(() => { kit.bus.emit('consent/changed', { groups: ['C0001', 'C0002', 'C0003', 'C0004'] }); });
  expect(sent).toHaveLength(1);

  searchClickAndAdd('p2');
  expect(sentEvents()).toEqual(['click:p1', 'view:p1', 'conversion:p1', 'click:p2', 'view:p2', 'conversion:p2']);
});

it('Reject All drops the waiting events: nothing is sent, then or after a later grant', async () => {
  searchClickAndAdd('p1');
  answer(['C0001']); // the bus's groups do not change: only the tool says the shopper answered
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
  delete (window as unknown as { OneTrust?: unknown }).OneTrust;
  const bus = createTestBus().bus;
  const t = renderHook(() => useSearchTracking(bus, DEFAULT_RUNTIME_CONFIG, null)).result.current;
  t.click('products', { objectID: 'p9', title: 'Milk', queryID: 'q', position: 1 });
  t.view('products', [{ objectID: 'p9', title: 'Milk' }]);
  await act(async () => { await Promise.resolve(); });
  expect(beacon).not.toHaveBeenCalled();
});
