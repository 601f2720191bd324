/**
 * The tag manager's `window.dataLayer` (spec §7 "a tag manager ... is loaded"; Analytics events): the shell
 * pushes every `analytics/track` bus event into it as `{ event, ...params }`, e.g.
 * `{ event: 'sign_out' }` or `{ event: 'popup_view', popupType: 'linkCard' }`.
 */
import type { Subscription } from 'rxjs';
import type { EventBus } from 'shared-events';

/** One dataLayer entry: the event name plus its params (Google Tag Manager shape). */
export type DataLayerEntry = { event: string } & Record<string, unknown>;

declare global {
  interface Window {
    dataLayer?: DataLayerEntry[];
  }
}

/**
 * Creates `target.dataLayer` when missing (keeping entries a tag snippet pushed before) and pushes every
 * later `analytics/track` event into it. `event` wins over a param of the same name.
 * @returns the subscription (unsubscribe to stop)
 */
export function connectDataLayer(bus: EventBus, target: { dataLayer?: DataLayerEntry[] } = window): Subscription {
  if (!Array.isArray(target.dataLayer)) target.dataLayer = [];
  return bus.on('analytics/track').subscribe(({ payload }) => {
    const layer = Array.isArray(target.dataLayer) ? target.dataLayer : (target.dataLayer = []);
    layer.push({ ...(payload.params ?? {}), event: payload.event });
  });
}
