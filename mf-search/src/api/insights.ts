/**
 * Insights events to the search engine's `POST /1/events` (spec §7 "Result events sent: click, view,
 * conversion"), with Algolia's own insights client (`@algolia/client-insights`, loaded lazily in its
 * own chunk) pointed at `config.search.hosts`.
 */
import type { RuntimeConfig } from 'shared-events';

/** One event (Algolia Insights shape). Positions are 1-based; `queryID` comes from a `clickAnalytics` search. */
export interface InsightEvent {
  eventType: 'click' | 'view' | 'conversion';
  /** e.g. 'Product Clicked', 'Search Results Viewed', 'Product Added To List'. */
  eventName: string;
  index: string;
  userToken: string;
  objectIDs: string[];
  queryID?: string;
  /** 1-based, one per objectID (click after search). */
  positions?: number[];
}

/** Sends events; never throws (analytics must not break the page). */
export type InsightsSender = (events: InsightEvent[]) => Promise<void>;

/**
 * A sender for the configured engine. Events go with `navigator.sendBeacon` (so a click that
 * navigates away is still delivered; credentials as query parameters, which Algolia accepts, and a
 * text/plain body, so no preflight); where beacons are unavailable or refused, Algolia's insights
 * client (imported on first use) sends them. Failures are reported with `console.warn` and otherwise
 * ignored.
 */
export function createInsightsSender(search: RuntimeConfig['search']): InsightsSender {
  let client: Promise<{ pushEvents: (p: { events: InsightEvent[] }) => Promise<unknown> }> | null = null;
  const host = search.hosts[0];
  const beaconUrl = host
    ? `${host.protocol}://${host.url}/1/events?x-algolia-application-id=${encodeURIComponent(search.appId)}&x-algolia-api-key=${encodeURIComponent(search.apiKey)}`
    : null;
  return async (events) => {
    if (events.length === 0) return;
    try {
      if (beaconUrl && typeof navigator !== 'undefined' && typeof navigator.sendBeacon === 'function'
        && navigator.sendBeacon(beaconUrl, new Blob([JSON.stringify({ events })], { type: 'text/plain' }))) return;
      client ??= import(/* webpackChunkName: "algolia-insights" */ '@algolia/client-insights').then(({ insightsClient }) =>
        insightsClient(search.appId, search.apiKey, undefined, {
          hosts: search.hosts.map((h) => ({ url: h.url, protocol: h.protocol, accept: 'write' as const })),
        }) as unknown as { pushEvents: (p: { events: InsightEvent[] }) => Promise<unknown> });
      await (await client).pushEvents({ events });
    } catch (err) {
      console.warn('[mf-search] insights event not sent', err);
    }
  };
}
