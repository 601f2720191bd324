/**
 * Where the engine keeps what it learns from traffic: top-searches counts and Insights events.
 * {@link memoryStorage} keeps them in this process (the default, `npm start`); {@link openPgStorage}
 * keeps them in PostgreSQL (`DATABASE_URL`), so every replica answers the same analytics.
 * The indexes themselves are not here: they are a read model rebuilt at every start (see README).
 *
 * Tables (created by {@link migrate}, all prefixed `search_` so the database can be shared):
 * - `search_analytics_counts (index_name, day, query) → count, nb_hits, last_at_ms`: one row per
 *   normalised query per UTC day; `count` = its rows in `search_analytics_clients`;
 * - `search_analytics_clients (index_name, day, query, client)`: the distinct clients (hashed, see
 *   `clientOf` in analytics.ts) counted for a query that day;
 * - `search_analytics_last (index_name, user_key) → query, day, at_ms, client, added`: each user's
 *   previous search, for the search-as-you-type aggregation across replicas;
 * - `search_insights_events (id, received_at, index_name, event_type, user_token, query_id, event jsonb)`;
 * - `search_engine_migrations (version)`: applied migrations.
 */
import { Pool, type PoolClient } from 'pg';
import {
  type SearchAnalyticsStore, type TopSearch, type TopSearchesOptions, PREFIX_WINDOW_MS, SearchAnalytics, dayOf, isRetyping, normalizeSearch, resolveTopSearches,
} from './analytics';
import { type EventFilter, type InsightEvent, type InsightsStore, MemoryInsightsStore, listLimit } from './insights';
import type { ReadinessCheck } from './lifecycle';

/** Analytics and events of one engine, plus its readiness and shutdown. */
export interface AnalyticsStorage {
  analytics: SearchAnalyticsStore;
  insights: InsightsStore;
  /** Readiness check (e.g. the database answers); none for memory. */
  check?: ReadinessCheck;
  /** Releases resources (pools, timers); called when the server closes. */
  close?(): Promise<void>;
}

/** In-process storage: counts and events are lost at exit and differ between replicas. */
export function memoryStorage(): AnalyticsStorage {
  return { analytics: new SearchAnalytics(), insights: new MemoryInsightsStore() };
}

/** Default retention of counts and events, in days. */
export const DEFAULT_RETENTION_DAYS = 90;
/** How often each replica prunes old rows, in ms. */
export const PRUNE_EVERY_MS = 3_600_000;
/** `search_analytics_last` rows older than this (ms) no longer matter and are pruned. */
const LAST_KEEP_MS = 3_600_000;

const MIGRATIONS: Array<{ version: number; sql: string }> = [
  {
    version: 1,
    sql: `
      CREATE TABLE search_analytics_counts (
        index_name text NOT NULL,
        day date NOT NULL,
        query text NOT NULL,
        count integer NOT NULL,
        nb_hits integer NOT NULL,
        last_at_ms bigint NOT NULL,
        PRIMARY KEY (index_name, day, query)
      );
      CREATE INDEX search_analytics_counts_day_idx ON search_analytics_counts (day);
      CREATE TABLE search_analytics_last (
        index_name text NOT NULL,
        user_key text NOT NULL,
        query text NOT NULL,
        day date NOT NULL,
        at_ms bigint NOT NULL,
        PRIMARY KEY (index_name, user_key)
      );
      CREATE TABLE search_insights_events (
        id bigserial PRIMARY KEY,
        received_at timestamptz NOT NULL,
        index_name text NOT NULL,
        event_type text NOT NULL,
        user_token text NOT NULL,
        query_id text,
        event jsonb NOT NULL
      );
      CREATE INDEX search_insights_events_received_idx ON search_insights_events (received_at);
      CREATE INDEX search_insights_events_query_idx ON search_insights_events (query_id) WHERE query_id IS NOT NULL;
    `,
  },
  {
    version: 2,
    sql: `
      CREATE TABLE search_analytics_clients (
        index_name text NOT NULL,
        day date NOT NULL,
        query text NOT NULL,
        client text NOT NULL,
        PRIMARY KEY (index_name, day, query, client)
      );
      CREATE INDEX search_analytics_clients_day_idx ON search_analytics_clients (day);
      ALTER TABLE search_analytics_last ADD COLUMN client text NOT NULL DEFAULT '', ADD COLUMN added boolean NOT NULL DEFAULT false;
    `,
  },
];

/** Runs `fn` in a transaction on one pooled connection (a broken connection is discarded). */
async function inTransaction<T>(pool: Pool, fn: (c: PoolClient) => Promise<T>): Promise<T> {
  const c = await pool.connect();
  let broken = false;
  try {
    await c.query('BEGIN');
    const result = await fn(c);
    await c.query('COMMIT');
    return result;
  } catch (err) {
    await c.query('ROLLBACK').catch(() => {
      broken = true;
    });
    throw err;
  } finally {
    c.release(broken);
  }
}

/**
 * Applies pending migrations in one transaction holding `pg_advisory_xact_lock`, so replicas starting
 * together migrate once.
 * @returns the versions applied now (empty when up to date)
 * @throws the database error; nothing is applied then
 */
export async function migrate(pool: Pool): Promise<number[]> {
  return inTransaction(pool, async (c) => {
    await c.query("SELECT pg_advisory_xact_lock(hashtextextended('search-engine:migrate', 0))");
    await c.query('CREATE TABLE IF NOT EXISTS search_engine_migrations (version integer PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())');
    const { rows } = await c.query<{ version: number }>('SELECT version FROM search_engine_migrations');
    const done = new Set(rows.map((r) => r.version));
    const applied: number[] = [];
    for (const m of MIGRATIONS) {
      if (done.has(m.version)) continue;
      await c.query(m.sql);
      await c.query('INSERT INTO search_engine_migrations (version) VALUES ($1)', [m.version]);
      applied.push(m.version);
    }
    return applied;
  });
}

/** Rows deleted by {@link prune}. */
export interface PruneResult {
  counts: number;
  events: number;
}

/**
 * Deletes counts of days before `retentionDays` ago (UTC), events received before then, and
 * search-as-you-type state older than an hour.
 * @param now ms since the epoch
 */
export async function prune(pool: Pool, retentionDays: number, now = Date.now()): Promise<PruneResult> {
  const cutoff = now - retentionDays * 86_400_000;
  const counts = await pool.query('DELETE FROM search_analytics_counts WHERE day < $1::date', [dayOf(cutoff)]);
  await pool.query('DELETE FROM search_analytics_clients WHERE day < $1::date', [dayOf(cutoff)]);
  const events = await pool.query('DELETE FROM search_insights_events WHERE received_at < $1', [new Date(cutoff)]);
  await pool.query('DELETE FROM search_analytics_last WHERE at_ms < $1', [now - LAST_KEEP_MS]);
  return { counts: counts.rowCount ?? 0, events: events.rowCount ?? 0 };
}

/** PostgreSQL cannot store NUL in text. */
const noNul = (s: string): string => s.replaceAll('\u0000', '');

/** Top searches in PostgreSQL: the same rules as the in-memory {@link SearchAnalytics}. */
export class PgSearchAnalytics implements SearchAnalyticsStore {
  constructor(
    private readonly pool: Pool,
    private readonly clock: () => number = Date.now,
  ) {}

  /**
   * See {@link SearchAnalyticsStore.record}. One transaction, serialised per index and user by an
   * advisory lock, so keystrokes of one user landing on different replicas aggregate as on one.
   */
  async record(index: string, query: string, nbHits: number, user: string, client = user): Promise<void> {
    const key = normalizeSearch(query);
    if (key === '') return;
    const now = this.clock();
    const day = dayOf(now);
    const userKey = noNul(user);
    const clientKey = noNul(client);
    await inTransaction(this.pool, async (c) => {
      await c.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [`search-analytics:${index}/${userKey}`]);
      const { rows } = await c.query<{ query: string; day: string; at_ms: string; client: string; added: boolean }>(
        'SELECT query, day::text AS day, at_ms, client, added FROM search_analytics_last WHERE index_name = $1 AND user_key = $2',
        [index, userKey],
      );
      const prev = rows[0];
      if (prev && now - Number(prev.at_ms) <= PREFIX_WINDOW_MS) {
        if (prev.query === key) {
          await c.query('UPDATE search_analytics_counts SET nb_hits = $4, last_at_ms = $5 WHERE index_name = $1 AND day = $2::date AND query = $3', [index, prev.day, key, nbHits, now]);
          await c.query('UPDATE search_analytics_last SET at_ms = $3 WHERE index_name = $1 AND user_key = $2', [index, userKey, now]);
          return;
        }
        if (isRetyping(key, prev.query) && prev.added) {
          const removed = await c.query(
            'DELETE FROM search_analytics_clients WHERE index_name = $1 AND day = $2::date AND query = $3 AND client = $4',
            [index, prev.day, prev.query, prev.client],
          );
          if (removed.rowCount) {
            await c.query('UPDATE search_analytics_counts SET count = count - 1 WHERE index_name = $1 AND day = $2::date AND query = $3', [index, prev.day, prev.query]);
            await c.query('DELETE FROM search_analytics_counts WHERE index_name = $1 AND day = $2::date AND query = $3 AND count <= 0', [index, prev.day, prev.query]);
          }
        }
      }
      // a client already counted for this query today adds nothing
      const inserted = await c.query(
        'INSERT INTO search_analytics_clients (index_name, day, query, client) VALUES ($1, $2::date, $3, $4) ON CONFLICT DO NOTHING',
        [index, day, key, clientKey],
      );
      const added = inserted.rowCount === 1 ? 1 : 0;
      await c.query(
        `INSERT INTO search_analytics_counts (index_name, day, query, count, nb_hits, last_at_ms) VALUES ($1, $2::date, $3, $6, $4, $5)
         ON CONFLICT (index_name, day, query) DO UPDATE SET count = search_analytics_counts.count + $6, nb_hits = EXCLUDED.nb_hits, last_at_ms = EXCLUDED.last_at_ms`,
        [index, day, key, nbHits, now, added],
      );
      await c.query(
        `INSERT INTO search_analytics_last (index_name, user_key, query, day, at_ms, client, added) VALUES ($1, $2, $3, $4::date, $5, $6, $7)
         ON CONFLICT (index_name, user_key) DO UPDATE SET query = EXCLUDED.query, day = EXCLUDED.day, at_ms = EXCLUDED.at_ms, client = EXCLUDED.client, added = EXCLUDED.added`,
        [index, userKey, key, day, now, clientKey, added === 1],
      );
    });
  }

  /** See {@link SearchAnalyticsStore.topSearches}. */
  async topSearches(index: string, options: TopSearchesOptions = {}): Promise<TopSearch[]> {
    const { limit, offset, start, end } = resolveTopSearches(options, dayOf(this.clock()));
    const { rows } = await this.pool.query<TopSearch>(
      `SELECT query AS search, sum(count)::integer AS count, (array_agg(nb_hits ORDER BY last_at_ms DESC))[1] AS "nbHits"
       FROM search_analytics_counts
       WHERE index_name = $1 AND day BETWEEN $2::date AND $3::date
       GROUP BY query HAVING sum(count) > 0
       ORDER BY sum(count) DESC, query COLLATE "C"
       LIMIT $4 OFFSET $5`,
      [index, start, end, limit, offset],
    );
    return rows;
  }
}

/** Insights events in PostgreSQL (kept {@link DEFAULT_RETENTION_DAYS} days unless configured). */
export class PgInsightsStore implements InsightsStore {
  constructor(
    private readonly pool: Pool,
    private readonly clock: () => number = Date.now,
  ) {}

  /** See {@link InsightsStore.add}: one statement, so all or none. */
  async add(events: InsightEvent[]): Promise<void> {
    if (events.length === 0) return;
    await this.pool.query(
      `INSERT INTO search_insights_events (received_at, index_name, event_type, user_token, query_id, event)
       SELECT $1, x.i, x.t, x.u, x.q, x.e::jsonb
       FROM unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::text[]) WITH ORDINALITY AS x(i, t, u, q, e, n)
       ORDER BY x.n`,
      [
        new Date(this.clock()),
        events.map((e) => e.index),
        events.map((e) => e.eventType),
        events.map((e) => e.userToken),
        events.map((e) => e.queryID ?? null),
        events.map((e) => JSON.stringify(e)),
      ],
    );
  }

  /** See {@link InsightsStore.list}. */
  async list(filter: EventFilter = {}): Promise<InsightEvent[]> {
    const { rows } = await this.pool.query<{ event: InsightEvent }>(
      `SELECT event FROM search_insights_events
       WHERE ($1::text IS NULL OR index_name = $1) AND ($2::text IS NULL OR event_type = $2)
         AND ($3::text IS NULL OR user_token = $3) AND ($4::text IS NULL OR query_id = $4)
       ORDER BY id DESC LIMIT $5`,
      [filter.index ?? null, filter.eventType ?? null, filter.userToken ?? null, filter.queryID ?? null, listLimit(filter.limit)],
    );
    return rows.map((r) => r.event).reverse();
  }
}

/** Options of {@link openPgStorage}. */
export interface PgStorageOptions {
  /** Counts and events older than this many days are deleted (default {@link DEFAULT_RETENTION_DAYS}). */
  retentionDays?: number;
  /** Largest number of connections of the pool (default 10). */
  max?: number;
  /** Clock in ms since the epoch (tests). */
  clock?: () => number;
  /** Reports background failures: idle connections lost, pruning (default console.error). */
  onError?: (err: unknown, what: string) => void;
}

/** {@link AnalyticsStorage} on PostgreSQL, with its pool. */
export interface PgStorage extends AnalyticsStorage {
  pool: Pool;
  check: ReadinessCheck;
  close(): Promise<void>;
  /** Prunes now (also done at open and every {@link PRUNE_EVERY_MS}). */
  prune(): Promise<PruneResult>;
}

/**
 * Opens the PostgreSQL storage: a pg Pool on `url`, migrations (see {@link migrate}), a first prune,
 * then an hourly prune.
 * @param url e.g. `postgres://user:pw@db:5432/storefront`
 * @throws when the database cannot be reached or migrated (the pool is closed then)
 */
export async function openPgStorage(url: string, options: PgStorageOptions = {}): Promise<PgStorage> {
  const retentionDays = options.retentionDays ?? DEFAULT_RETENTION_DAYS;
  if (!Number.isInteger(retentionDays) || retentionDays < 1) throw new Error(`retentionDays must be a whole number of days ≥ 1, got ${retentionDays}`);
  const clock = options.clock ?? Date.now;
  const onError = options.onError ?? ((err, what) => console.error(`search-engine: ${what}`, err));
  const pool = new Pool({ connectionString: url, max: options.max ?? 10, connectionTimeoutMillis: 5000, application_name: 'search-engine' });
  pool.on('error', (err) => onError(err, 'idle database connection lost'));
  const pruneNow = () => prune(pool, retentionDays, clock());
  try {
    await migrate(pool);
    await pruneNow();
  } catch (err) {
    await pool.end().catch(() => undefined);
    throw err;
  }
  const timer = setInterval(() => {
    pruneNow().catch((err: unknown) => onError(err, 'pruning failed'));
  }, PRUNE_EVERY_MS);
  timer.unref();
  let closing: Promise<void> | undefined;
  return {
    pool,
    analytics: new PgSearchAnalytics(pool, clock),
    insights: new PgInsightsStore(pool, clock),
    prune: pruneNow,
    check: async () => {
      let timeout: NodeJS.Timeout | undefined;
      try {
        await Promise.race([
          pool.query('SELECT 1'),
          new Promise((_, reject) => {
            timeout = setTimeout(() => reject(new Error('no answer within 1.5 s')), 1500);
          }),
        ]);
        return null;
      } catch (err) {
        return `database unreachable: ${err instanceof Error ? err.message : String(err)}`;
      } finally {
        clearTimeout(timeout);
      }
    },
    close: () => {
      clearInterval(timer);
      closing ??= pool.end();
      return closing;
    },
  };
}
