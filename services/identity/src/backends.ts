/**
 * Where the identity server keeps its state: PostgreSQL (accounts, provider rows, shared keys) and Redis
 * (the sign-in throttle's counters) when their URLs are given, else memory (one process).
 */
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import Redis from 'ioredis';
import type { AdapterFactory } from 'oidc-provider';
import type { Pool } from 'pg';
import { AccountStore, type Accounts } from './accounts';
import { migrate, openPool } from './db';
import { generateSigningKey, loadKeys, type KeyPolicy, type KeySet } from './keys';
import type { Logger } from './log';
import { PgAccountStore } from './pg-accounts';
import { pgAdapterFactory } from './pg-adapter';

export interface Backends {
  pool?: Pool;
  redis?: Redis;
  store: Accounts;
  keys: KeySet;
  /** oidc-provider's storage; absent = its in-memory adapter. */
  adapter?: AdapterFactory;
  /** Ends the pool and Redis (QUIT when connected). */
  closeBackends: () => Promise<void>;
}

/** An ioredis client that fails fast when Redis is away (no offline queue, 1 s per command). */
function openRedis(url: string, log: Logger): Redis {
  const redis = new Redis(url, { enableOfflineQueue: false, commandTimeout: 1000, maxRetriesPerRequest: 1, connectTimeout: 2000, disconnectTimeout: 500 });
  let down = false;
  redis.on('error', (err: Error) => {
    if (!down) log('warn', { msg: 'redis unavailable: sign-in throttle falls back to this process', err: err.message });
    down = true;
  });
  redis.on('ready', () => {
    if (down) log('info', { msg: 'redis available again' });
    down = false;
  });
  return redis;
}

/**
 * Opens the backends: with `databaseUrl`, migrates the database and loads (rotating when due) the shared
 * keys; with `redisUrl`, waits up to 3000 ms for Redis (the throttle falls back to memory meanwhile).
 * @throws Error when the database cannot be reached or migrated (what was opened is closed first)
 */
export async function openBackends(o: { databaseUrl?: string; redisUrl?: string; accounts?: Accounts; bcryptCost: number; logger: Logger; keyPolicy: KeyPolicy }): Promise<Backends> {
  let pool: Pool | undefined;
  let redis: Redis | undefined;
  const closeBackends = async () => {
    const quitRedis = async (r: Redis) => {
      // QUIT when connected (pending replies arrive first); else stop reconnecting at once.
      if (r.status === 'ready') await r.quit().catch(() => undefined);
      if (r.status !== 'end') r.disconnect();
    };
    await Promise.all([pool?.end().catch(() => undefined), redis ? quitRedis(redis) : undefined]);
  };
  try {
    let store: Accounts;
    let keys: KeySet;
    let adapter: AdapterFactory | undefined;
    if (o.databaseUrl) {
      pool = openPool(o.databaseUrl, o.logger);
      await migrate(pool);
      store = o.accounts ?? (await PgAccountStore.create({ pool, cost: o.bcryptCost, log: o.logger }));
      keys = await loadKeys(pool, o.keyPolicy);
      adapter = pgAdapterFactory(pool);
    } else {
      store = o.accounts ?? (await AccountStore.create({ cost: o.bcryptCost }));
      keys = { signing: [generateSigningKey()], cookieKeys: [randomBytes(32).toString('base64url')] };
    }
    if (o.redisUrl) {
      redis = openRedis(o.redisUrl, o.logger);
      const ready = once(redis, 'ready');
      ready.catch(() => undefined);
      await Promise.race([ready, new Promise((r) => setTimeout(r, 3000).unref())]);
    }
    return { pool, redis, store, keys, adapter, closeBackends };
  } catch (error) {
    await closeBackends();
    throw error;
  }
}
