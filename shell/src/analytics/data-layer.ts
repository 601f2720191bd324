/**
 * The tag manager's `window.dataLayer` (spec §7 "a tag manager ... is loaded"; Analytics events).
 * The shell pushes `analytics/track` bus events into it, GA4-shaped:
 * - `view_item_list` → `{ event, ecommerce: { item_list_id, item_list_name, items }, ...other params }`
 *   (spec §7 "Item list id 7 'Search - Products'");
 * - every other event → `{ event, ...params }`, e.g. `{ event: 'sign_out' }` or
 *   `{ event: 'popup_view', popup_type: 'linkCard' }`.
 *
 * With the consent state (`consent`, from shell/src/consent) it pushes **only with consent** (group
 * C0002): before the shopper chose, events wait (at most {@link MAX_QUEUED}); the choice then pushes
 * them (C0002 granted) or drops them for good (declined); afterwards an event is pushed only while C0002
 * is active, else dropped. It also writes the consent mode commands the tag manager reads:
 * `gtag('consent', 'default', all denied)` at once and `gtag('consent', 'update', …)` on every decision.
 */
import type { Subscription } from 'rxjs';
import type { EventBus, PayloadOf } from 'shared-events';
import { consentModeFor, PERFORMANCE_GROUP, type ConsentDecision } from '../consent/consent-state';

/** One dataLayer entry: the event name plus its params (Google Tag Manager shape). */
export type DataLayerEntry = { event: string } & Record<string, unknown>;
/** What the dataLayer holds: event entries and gtag() commands (an `arguments` object, e.g. ['consent', 'update', {...}]). */
export type DataLayerItem = DataLayerEntry | IArguments;

declare global {
  interface Window {
    dataLayer?: DataLayerItem[];
  }
}

/** Most events kept while the shopper has not chosen yet (older ones are dropped first). */
export const MAX_QUEUED = 50;

/** The GA4 dataLayer entry of an `analytics/track` payload (`event` wins over a param of the same name). */
export function toDataLayerEntry(payload: PayloadOf<'analytics/track'>): DataLayerEntry {
  const params = { ...(payload.params ?? {}) };
  if (payload.event === 'view_item_list') {
    const { item_list_id, item_list_name, items, ...rest } = params;
    return {
      ...rest,
      event: payload.event,
      ecommerce: {
        item_list_id: item_list_id ?? '7',
        item_list_name: item_list_name ?? 'Search - Products',
        items: Array.isArray(items) ? items : [],
      },
    };
  }
  return { ...params, event: payload.event };
}

type Target = { dataLayer?: DataLayerItem[] };

/** Pushes a gtag() command the way the tag's snippet does (`dataLayer.push(arguments)`). */
function gtag(layer: DataLayerItem[], ...args: unknown[]): void {
  (function pushArguments() {
    // eslint-disable-next-line prefer-rest-params
    layer.push(arguments);
  } as (...a: unknown[]) => void)(...args);
}

/**
 * Creates `target.dataLayer` when missing (keeping entries a tag snippet pushed before) and pushes later
 * `analytics/track` events into it. Without `consent` every event is pushed (standalone tools and tests);
 * the shell passes its consent state (see the module comment).
 * @returns the subscription (unsubscribe to stop)
 */
export function connectDataLayer(bus: EventBus, target: Target = window, consent?: { subscribe(fn: (d: ConsentDecision) => void): { unsubscribe(): void } }): Subscription {
  const layerOf = () => (Array.isArray(target.dataLayer) ? target.dataLayer : (target.dataLayer = []));
  layerOf();
  if (!consent) return bus.on('analytics/track').subscribe(({ payload }) => layerOf().push(toDataLayerEntry(payload)));

  gtag(layerOf(), 'consent', 'default', { ...consentModeFor([]), wait_for_update: 500 });
  let decision: ConsentDecision = { decided: false, groups: [] };
  let queue: DataLayerEntry[] = [];
  let lastMode = '';
  const granted = () => decision.decided && decision.groups.includes(PERFORMANCE_GROUP);
  const sub = consent.subscribe((next) => {
    decision = next;
    if (!next.decided) return;
    const mode = consentModeFor(next.groups);
    if (JSON.stringify(mode) !== lastMode) {
      lastMode = JSON.stringify(mode);
      gtag(layerOf(), 'consent', 'update', mode);
    }
    const pending = queue;
    queue = [];
    if (granted()) for (const entry of pending) layerOf().push(entry);
    // declined: the waiting events are dropped here and never pushed later
  });
  const tracked = bus.on('analytics/track').subscribe(({ payload }) => {
    const entry = toDataLayerEntry(payload);
    if (granted()) layerOf().push(entry);
    else if (!decision.decided) {
      queue.push(entry);
      if (queue.length > MAX_QUEUED) queue.shift();
    }
  });
  tracked.add(() => sub.unsubscribe());
  return tracked;
}
