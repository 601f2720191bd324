/**
 * Insights events in Algolia's shape (`POST /1/events`, spec §7 "Result events sent: click, view,
 * conversion"). Events are validated as Algolia's Insights API does and kept by an {@link InsightsStore}:
 * {@link MemoryInsightsStore} (this process, at most {@link MAX_STORED_EVENTS}) or `PgInsightsStore`
 * (src/pg-storage.ts, shared by replicas).
 */
import { ApiError } from './errors';

/** Event types accepted. */
export type InsightEventType = 'click' | 'view' | 'conversion';

/** One validated event. */
export interface InsightEvent {
  eventType: InsightEventType;
  /** 1..64 printable ASCII characters, e.g. 'Product Clicked'. */
  eventName: string;
  index: string;
  /** 1..129 characters of `[a-zA-Z0-9_=/+-]`. */
  userToken: string;
  authenticatedUserToken?: string;
  /** 32 hex characters, from a search made with `clickAnalytics: true`. */
  queryID?: string;
  /** 1..20 object ids (exclusive with `filters`). */
  objectIDs?: string[];
  /** 1-based positions, one per objectID (click after search only). */
  positions?: number[];
  /** 1..10 `attr:value` filters (exclusive with `objectIDs`). */
  filters?: string[];
  /** 'addToCart' | 'purchase' (conversion only). */
  eventSubtype?: string;
  /** Milliseconds since the epoch; set to the receive time when absent. */
  timestamp: number;
  /** Any other fields sent (value, currency, objectData...) are kept as sent. */
  [extra: string]: unknown;
}

/** Events per request (Algolia: 1,000). */
export const MAX_EVENTS_PER_REQUEST = 1000;
/** Events kept in memory; the oldest are dropped first. */
export const MAX_STORED_EVENTS = 50_000;

const TOKEN = /^[a-zA-Z0-9_=/+-]{1,129}$/;
const QUERY_ID = /^[0-9a-f]{32}$/i;
const EVENT_NAME = /^[\x20-\x7e]{1,64}$/;
/** Algolia refuses events older than 4 days. */
const MAX_AGE_MS = 4 * 24 * 3600 * 1000;

function fail(i: number, message: string): never {
  throw new ApiError(422, `Invalid event at index ${i}: ${message}`);
}

/** Whether a JSON value holds a NUL character in a key or string (PostgreSQL's jsonb cannot store it). */
function hasNul(v: unknown): boolean {
  if (typeof v === 'string') return v.includes('\u0000');
  if (Array.isArray(v)) return v.some(hasNul);
  if (v && typeof v === 'object') return Object.entries(v).some(([k, x]) => k.includes('\u0000') || hasNul(x));
  return false;
}

const isStrArray = (v: unknown): v is string[] => Array.isArray(v) && v.every((x) => typeof x === 'string' && x !== '');

/**
 * Validates the body of `POST /1/events` (`{ events: [...] }`).
 * @param now receive time, ms since the epoch
 * @throws ApiError 422 naming the first bad event and the reason (400 when the body has no events array)
 */
export function validateEvents(body: unknown, now = Date.now()): InsightEvent[] {
  if (!body || typeof body !== 'object' || Array.isArray(body) || !Array.isArray((body as { events?: unknown }).events)) {
    throw new ApiError(400, 'Invalid body: expected { events: [...] }');
  }
  const events = (body as { events: unknown[] }).events;
  if (events.length === 0) throw new ApiError(422, 'events must contain at least 1 event');
  if (events.length > MAX_EVENTS_PER_REQUEST) throw new ApiError(422, `events must contain at most ${MAX_EVENTS_PER_REQUEST} events`);
  return events.map((raw, i): InsightEvent => {
    if (!raw || typeof raw !== 'object' || Array.isArray(raw)) fail(i, 'expected an object');
    const e = raw as Record<string, unknown>;
    if (hasNul(e)) fail(i, 'strings must not contain NUL characters');
    if (e.eventType !== 'click' && e.eventType !== 'view' && e.eventType !== 'conversion') fail(i, 'eventType must be click, view or conversion');
    if (typeof e.eventName !== 'string' || !EVENT_NAME.test(e.eventName)) fail(i, 'eventName must be 1 to 64 printable ASCII characters');
    if (typeof e.index !== 'string' || e.index === '') fail(i, 'index is required');
    if (typeof e.userToken !== 'string' || !TOKEN.test(e.userToken)) fail(i, 'userToken must be 1 to 129 characters of [a-zA-Z0-9_=/+-]');
    if (e.authenticatedUserToken !== undefined && (typeof e.authenticatedUserToken !== 'string' || !TOKEN.test(e.authenticatedUserToken))) {
      fail(i, 'authenticatedUserToken must be 1 to 129 characters of [a-zA-Z0-9_=/+-]');
    }
    const hasIds = e.objectIDs !== undefined;
    const hasFilters = e.filters !== undefined;
    if (hasIds === hasFilters) fail(i, 'exactly one of objectIDs or filters is required');
    if (hasIds && (!isStrArray(e.objectIDs) || e.objectIDs.length < 1 || e.objectIDs.length > 20)) fail(i, 'objectIDs must be 1 to 20 non-empty strings');
    if (hasFilters && (!isStrArray(e.filters) || e.filters.length < 1 || e.filters.length > 10 || !e.filters.every((f) => /^[^:]+:.+$/.test(f)))) {
      fail(i, 'filters must be 1 to 10 strings of the form attribute:value');
    }
    if (e.queryID !== undefined && (typeof e.queryID !== 'string' || !QUERY_ID.test(e.queryID))) fail(i, 'queryID must be 32 hexadecimal characters');
    if (e.queryID !== undefined && e.eventType === 'view') fail(i, 'queryID is not allowed on view events');
    if (e.positions !== undefined) {
      if (e.eventType !== 'click' || e.queryID === undefined || !hasIds) fail(i, 'positions are only allowed on click events after search (with queryID and objectIDs)');
      const pos = e.positions;
      if (!Array.isArray(pos) || !pos.every((p) => Number.isInteger(p) && (p as number) >= 1)) fail(i, 'positions must be integers of at least 1');
      if ((pos as number[]).length !== (e.objectIDs as string[]).length) fail(i, 'positions must have one entry per objectID');
    } else if (e.eventType === 'click' && e.queryID !== undefined) {
      fail(i, 'positions are required on click events with a queryID');
    }
    if (e.eventSubtype !== undefined && (e.eventType !== 'conversion' || (e.eventSubtype !== 'addToCart' && e.eventSubtype !== 'purchase'))) {
      fail(i, 'eventSubtype must be addToCart or purchase, on conversion events only');
    }
    let timestamp = now;
    if (e.timestamp !== undefined) {
      if (typeof e.timestamp !== 'number' || !Number.isInteger(e.timestamp)) fail(i, 'timestamp must be milliseconds since the epoch');
      if (e.timestamp < now - MAX_AGE_MS || e.timestamp > now + 3600_000) fail(i, 'timestamp must be within the last 4 days');
      timestamp = e.timestamp;
    }
    return { ...(e as object), timestamp } as InsightEvent;
  });
}

/** Filter of {@link InsightsStore.list}. */
export interface EventFilter {
  index?: string;
  eventType?: InsightEventType;
  userToken?: string;
  queryID?: string;
  /** Most recent N (default 100, max 1000). */
  limit?: number;
}

/** The number of events {@link InsightsStore.list} returns for a requested limit: 1..1000, default 100. */
export const listLimit = (limit: number | undefined): number => Math.min(Math.max(limit ?? 100, 1), 1000);

/** Where received events are kept. */
export interface InsightsStore {
  /** Stores validated events (all or none). */
  add(events: InsightEvent[]): Promise<void>;
  /** The most recent matching events (limit 1..1000, default 100), oldest first. */
  list(filter?: EventFilter): Promise<InsightEvent[]>;
}

/** Received events in this process's memory. */
export class MemoryInsightsStore implements InsightsStore {
  private events: InsightEvent[] = [];

  /** Stores validated events (drops the oldest beyond {@link MAX_STORED_EVENTS}). */
  async add(events: InsightEvent[]): Promise<void> {
    this.events.push(...events);
    if (this.events.length > MAX_STORED_EVENTS) this.events.splice(0, this.events.length - MAX_STORED_EVENTS);
  }

  /** See {@link InsightsStore.list}. */
  async list(filter: EventFilter = {}): Promise<InsightEvent[]> {
    const limit = listLimit(filter.limit);
    const out = this.events.filter((e) =>
      (filter.index === undefined || e.index === filter.index)
      && (filter.eventType === undefined || e.eventType === filter.eventType)
      && (filter.userToken === undefined || e.userToken === filter.userToken)
      && (filter.queryID === undefined || e.queryID === filter.queryID));
    return out.slice(-limit);
  }

  /** Number of stored events. */
  get size(): number {
    return this.events.length;
  }
}
