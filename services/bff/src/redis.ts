/**
 * The one Redis client of a BFF process (REDIS_URL): shared counters of the throttles, so N replicas
 * behind a load balancer count together. Commands fail fast while Redis is away (the throttled routes
 * answer 503, /readyz answers 503) and the client reconnects by itself.
 */
import { Redis } from 'ioredis';

export type { Redis } from 'ioredis';

/** A command without an answer within this many ms fails (Redis stopped or hung). */
export const REDIS_COMMAND_TIMEOUT_MS = 1000;

/** Options of {@link createRedisClient}. */
export interface RedisClientOptions {
  /** Called with connection errors: once per outage (the next after a successful reconnect). */
  onError?: (error: Error) => void;
}

/**
 * A client for `url` (`redis://host:port[/db]`, `rediss://` for TLS). It connects at once and reconnects
 * every ≤ 1 s after a loss; a command waits for at most one reconnect and {@link REDIS_COMMAND_TIMEOUT_MS}.
 * @throws when `url` is not a redis URL
 */
export function createRedisClient(url: string, { onError }: RedisClientOptions = {}): Redis {
  if (!/^rediss?:\/\//.test(url)) throw new Error(`REDIS_URL must be redis://host:port (is '${url}')`);
  const client = new Redis(url, {
    connectTimeout: 2000,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    disconnectTimeout: 500, // a socket left after disconnect() is destroyed after this many ms
    maxRetriesPerRequest: 1,
    retryStrategy: (times) => Math.min(times * 100, 1000),
  });
  let reported = false;
  client.on('ready', () => { reported = false; });
  client.on('error', (error: Error) => {
    if (reported) return;
    reported = true;
    onError?.(error);
  });
  return client;
}

/**
 * PING with a deadline.
 * @param timeoutMs deadline, ms (default {@link REDIS_COMMAND_TIMEOUT_MS})
 * @throws when Redis does not answer PONG in time
 */
export async function pingRedis(client: Redis, timeoutMs = REDIS_COMMAND_TIMEOUT_MS): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    const answer = await Promise.race([client.ping(), deadline]);
    if (answer !== 'PONG') throw new Error(`PING answered ${String(answer)}`);
  } finally {
    clearTimeout(timer);
  }
}

/** Closes the client: QUIT when Redis answers within 1 s, else the socket is dropped. Never throws. */
export async function closeRedis(client: Redis): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([client.quit().catch(() => undefined), new Promise((resolve) => { timer = setTimeout(resolve, 1000); })]);
  clearTimeout(timer);
  client.disconnect();
}
