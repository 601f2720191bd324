/**
 * Search analytics computed from the queries this engine really served (Algolia Analytics API
 * `GET /2/searches`, "top searches"; spec §3 Popular search `{ search, count, nbHits }`, §7 "Popular
 * searches"). Two stores share the rules below: {@link SearchAnalytics} (in memory, one process) and
 * `PgSearchAnalytics` (src/pg-storage.ts, shared by replicas).
 *
 * Recorded: every non-empty query of a search request whose `analytics` parameter is not false, per
 * index and per UTC day, normalised by {@link normalizeSearch} (`  Milk ` ≡ `milk`, `\u0000milk` ≡ `milk`).
 *
 * A query's count is the number of DISTINCT clients (by address, see {@link clientOf}) that searched it
 * that UTC day, so one address cannot push a query up the home page's popular searches by repeating
 * it (spec §7 "Popular searches" are what shoppers search, not what one sender repeats); changing the
 * `userToken` does not help either. The period's count is the sum of its days.
 *
 * Search-as-you-type aggregation (as Algolia does): for the same user (the request's `userToken`,
 * else `x-algolia-usertoken`, else the client IP) on the same index, a query made within
 * {@link PREFIX_WINDOW_MS} of the previous one that extends or shortens it (`chees` → `cheese`)
 * replaces it instead of adding a second search, and the same query repeated within the window
 * (dropdown, then results page) is counted once.
 */
import { createHash } from 'node:crypto';
import { isIPv6 } from 'node:net';
import { textKey } from '@storefront/seed';
import { badRequest } from './errors';

/** Window of the search-as-you-type aggregation, in ms. */
export const PREFIX_WINDOW_MS = 10_000;
/** Default period of `topSearches` when no dates are given, in days (Algolia: 8). */
export const DEFAULT_PERIOD_DAYS = 8;

/** One row of the top searches. */
export interface TopSearch {
  /** The normalised query. */
  search: string;
  /** Number of searches in the period. */
  count: number;
  /** Hits of the most recent search of it. */
  nbHits: number;
}

/** Options of {@link SearchAnalytics.topSearches}. */
export interface TopSearchesOptions {
  /** 1..1000, default 10. */
  limit?: number;
  /** ≥ 0, default 0. */
  offset?: number;
  /** 'YYYY-MM-DD' (UTC), inclusive; default {@link DEFAULT_PERIOD_DAYS} days before `endDate`. */
  startDate?: string;
  /** 'YYYY-MM-DD' (UTC), inclusive; default today. */
  endDate?: string;
}

/** Where top-searches counts are kept. */
export interface SearchAnalyticsStore {
  /**
   * Records one served search.
   * @param index index name
   * @param query the query as received ('' is ignored)
   * @param nbHits hits of the answer
   * @param user user key for the search-as-you-type aggregation (token or IP)
   * @param client the client counted once per query and day: {@link clientOf} the request's address
   *   (default `user`, for tests and tools)
   */
  record(index: string, query: string, nbHits: number, user: string, client?: string): Promise<void>;
  /**
   * The most searched queries of an index in a period, most searched first (ties in code-point order).
   * @throws ApiError 400 for bad dates, limit or offset
   */
  topSearches(index: string, options?: TopSearchesOptions): Promise<TopSearch[]>;
}

/** {@link TopSearchesOptions} checked and completed. */
export interface TopSearchesQuery {
  limit: number;
  offset: number;
  /** 'YYYY-MM-DD', inclusive. */
  start: string;
  /** 'YYYY-MM-DD', inclusive. */
  end: string;
}

interface Bucket {
  /** Distinct clients that searched the query that day. */
  clients: Set<string>;
  nbHits: number;
  /** ms of the last search, to pick the latest nbHits. */
  at: number;
}

interface Last {
  key: string;
  day: string;
  at: number;
  client: string;
  /** Whether that search added its client to the query's count (a retyped query then removes it). */
  added: boolean;
}

const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;

/** The UTC day 'YYYY-MM-DD' of an instant in ms. */
export const dayOf = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/**
 * Normalises a query for counting: the storefront's text key (@storefront/seed `textKey`, the rules the BFF
 * stores shopper text by): control and invisible characters dropped, combining-mark runs cut, NFC,
 * whitespace runs made one space, trimmed, lower-cased (`'\u0000Milk\u200b '` → `'milk'`).
 */
export function normalizeSearch(query: string): string {
  return textKey(query);
}

/**
 * The client key counted once per query and day, from a request address (`request.ip`, which follows
 * `TRUST_PROXY`): IPv4 (also IPv4-mapped IPv6) as is, IPv6 by its /64 (what one subscriber gets), then
 * hashed (SHA-256, 16 bytes, base64url) so no address is kept at rest.
 */
export function clientOf(ip: string): string {
  const address = ip.replace(/%.*$/, '');
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  let key = mapped ? mapped[1] : address;
  if (!mapped && isIPv6(address)) {
    const [head, tail] = address.split('::');
    const h = head ? head.split(':') : [];
    const t = tail ? tail.split(':') : [];
    const groups = tail === undefined ? h : [...h, ...Array<string>(Math.max(0, 8 - h.length - t.length)).fill('0'), ...t];
    key = `${groups.slice(0, 4).map((g) => parseInt(g, 16).toString(16)).join(':')}::/64`;
  }
  return createHash('sha256').update(key).digest('base64url').slice(0, 22);
}

/** Whether one query extends or shortens the other (search-as-you-type). */
export const isRetyping = (a: string, b: string): boolean => a.startsWith(b) || b.startsWith(a);

/** Code-point order (what PostgreSQL's `COLLATE "C"` gives), so both stores break ties alike. */
export const byCodePoint = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

function parseDay(name: string, v: string | undefined): string | undefined {
  if (v === undefined || v === '') return undefined;
  if (!DAY_RE.test(v) || Number.isNaN(Date.parse(`${v}T00:00:00Z`))) throw badRequest(`Invalid ${name}: expected YYYY-MM-DD`);
  return v;
}

/**
 * Checks and completes the options of a top-searches request.
 * @param today 'YYYY-MM-DD' (UTC), the default end date
 * @throws ApiError 400 for bad dates, limit or offset
 */
export function resolveTopSearches(options: TopSearchesOptions, today: string): TopSearchesQuery {
  const limit = options.limit ?? 10;
  const offset = options.offset ?? 0;
  if (!Number.isInteger(limit) || limit < 1 || limit > 1000) throw badRequest('limit must be between 1 and 1000');
  if (!Number.isInteger(offset) || offset < 0) throw badRequest('offset must be a non-negative integer');
  const end = parseDay('endDate', options.endDate) ?? today;
  const start = parseDay('startDate', options.startDate) ?? dayOf(Date.parse(`${end}T00:00:00Z`) - (DEFAULT_PERIOD_DAYS - 1) * 86_400_000);
  if (start > end) throw badRequest('startDate must not be after endDate');
  return { limit, offset, start, end };
}

/** Per-index, per-day query counts in this process's memory. */
export class SearchAnalytics implements SearchAnalyticsStore {
  /** index → day → query → bucket */
  private data = new Map<string, Map<string, Map<string, Bucket>>>();
  private last = new Map<string, Last>();

  constructor(private readonly clock: () => number = Date.now) {}

  private bucket(index: string, day: string): Map<string, Bucket> {
    let days = this.data.get(index);
    if (!days) this.data.set(index, (days = new Map()));
    let queries = days.get(day);
    if (!queries) days.set(day, (queries = new Map()));
    return queries;
  }

  /** See {@link SearchAnalyticsStore.record}. */
  async record(index: string, query: string, nbHits: number, user: string, client = user): Promise<void> {
    const key = normalizeSearch(query);
    if (key === '') return;
    const now = this.clock();
    const day = dayOf(now);
    const userKey = `${index}\u0000${user}`;
    const prev = this.last.get(userKey);
    if (prev && now - prev.at <= PREFIX_WINDOW_MS) {
      if (prev.key === key) {
        const b = this.bucket(index, prev.day).get(key);
        if (b) {
          b.nbHits = nbHits;
          b.at = now;
        }
        prev.at = now;
        return;
      }
      if (isRetyping(key, prev.key) && prev.added) {
        const queries = this.bucket(index, prev.day);
        const b = queries.get(prev.key);
        if (b) {
          b.clients.delete(prev.client);
          if (b.clients.size === 0) queries.delete(prev.key);
        }
      }
    }
    const queries = this.bucket(index, day);
    const b = queries.get(key) ?? { clients: new Set<string>(), nbHits, at: now };
    const added = !b.clients.has(client);
    b.clients.add(client);
    b.nbHits = nbHits;
    b.at = now;
    queries.set(key, b);
    this.last.set(userKey, { key, day, at: now, client, added });
    if (this.last.size > 10_000) {
      for (const [k, v] of this.last) if (now - v.at > PREFIX_WINDOW_MS) this.last.delete(k);
    }
  }

  /** See {@link SearchAnalyticsStore.topSearches}. */
  async topSearches(index: string, options: TopSearchesOptions = {}): Promise<TopSearch[]> {
    const { limit, offset, start, end } = resolveTopSearches(options, dayOf(this.clock()));
    const totals = new Map<string, { count: number; nbHits: number; at: number }>();
    for (const [day, queries] of this.data.get(index) ?? []) {
      if (day < start || day > end) continue;
      for (const [q, b] of queries) {
        const t = totals.get(q);
        if (!t) totals.set(q, { count: b.clients.size, nbHits: b.nbHits, at: b.at });
        else {
          t.count += b.clients.size;
          if (b.at > t.at) {
            t.at = b.at;
            t.nbHits = b.nbHits;
          }
        }
      }
    }
    return [...totals.entries()]
      .sort((a, b) => b[1].count - a[1].count || byCodePoint(a[0], b[0]))
      .slice(offset, offset + limit)
      .map(([search, b]) => ({ search, count: b.count, nbHits: b.nbHits }));
  }
}
