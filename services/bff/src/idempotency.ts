/**
 * `Idempotency-Key` on the BFF's write requests (POST, PUT, PATCH, DELETE under /api): a client that did
 * not get an answer may send the request again with the same key, on any replica, and the write applies
 * once. The first request with a key reserves `(owner, key)` in `idempotency_keys` (migration 009) and
 * stores its status, JSON body and a few headers before the answer leaves; a retry with the same key,
 * method, path, query and body gets that answer back (header `idempotent-replayed: true`).
 *
 * - Owner: `uid:<sub>` once the request's id token is verified, else `ip:<request.ip>` (public routes).
 * - Same key, other method or path, or other query / body → 422 `IDEMPOTENCY_KEY_REUSED` with the reason.
 * - Not for /api/auth/* (sign-in answers carry the session cookie): the key is ignored there.
 * - A retry while the first is still running waits up to {@link IDEMPOTENCY_WAIT_MS}, then 409
 *   `IDEMPOTENCY_KEY_IN_USE` (`retry-after: 1`).
 * - Answers 5xx and 429 are not stored (the reservation is dropped): a retry applies again.
 * - A reservation without an answer for {@link IDEMPOTENCY_STALE_MS} (its replica died) is taken over.
 * - Rows are kept {@link IDEMPOTENCY_TTL_MS} (24 h): older ones count as absent and are pruned hourly.
 */
import { createHash, randomUUID } from 'crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from './db';
import { HttpError } from './http';

/** The request header (case-insensitive). */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** Longest key, characters. */
export const IDEMPOTENCY_KEY_MAX = 128;
/** How long an answer is kept for retries, ms (24 h). */
export const IDEMPOTENCY_TTL_MS = 24 * 3_600_000;
/** A reservation without an answer this old (ms) is taken over by the next retry. */
export const IDEMPOTENCY_STALE_MS = 60_000;
/** How long a retry waits for the first request's answer, ms. */
export const IDEMPOTENCY_WAIT_MS = 5_000;
/** Largest answer stored, bytes; a larger one is not replayable (its retry applies again). */
export const IDEMPOTENCY_MAX_BODY = 1024 * 1024;

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const KEY = /^[\x21-\x7e]+$/;
/** Headers of the answer replayed with it (set-cookie: linkAccount's verify cookies). */
const STORED_HEADERS = ['content-type', 'set-cookie', 'location'] as const;
const POLL_MS = 100;

/** The reservation a request holds. */
interface Reservation {
  owner: string;
  key: string;
  claim: string;
}

interface StoredRow {
  method: string;
  path: string;
  fingerprint: string;
  status: number | null;
  body: string | null;
  headers: Record<string, string | string[]> | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set while this request holds an Idempotency-Key reservation. */
    idempotency: Reservation | null;
  }
}

/** Options of {@link idempotencyPlugin}. */
export interface IdempotencyOptions {
  db: Db;
  /** Wait for an in-progress first request, ms (default {@link IDEMPOTENCY_WAIT_MS}). */
  waitMs?: number;
  /** Pruning period, ms (default 1 h); 0 = no timer. */
  pruneEveryMs?: number;
}

/** Whose key space a request uses: `uid:<sub>` when signed in, else `ip:<client address>`. */
export function idempotencyOwner(request: FastifyRequest): string {
  return request.shopper ? `uid:${request.shopper.uid}` : `ip:${request.ip}`;
}

/**
 * The request's Idempotency-Key, or undefined when it has none.
 * @throws HttpError 400 when the header is repeated, empty, longer than 128 or not visible ASCII
 */
function keyOf(request: FastifyRequest): string | undefined {
  const value = request.headers[IDEMPOTENCY_HEADER];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || value.length > IDEMPOTENCY_KEY_MAX || !KEY.test(value)) {
    throw new HttpError(400, `Invalid Idempotency-Key header: must be 1–${IDEMPOTENCY_KEY_MAX} visible ASCII characters`);
  }
  return value;
}

/** SHA-256 (hex) of the parsed query and body: what makes two requests "the same". */
function fingerprintOf(request: FastifyRequest): string {
  return createHash('sha256').update(JSON.stringify([request.query ?? null, request.body ?? null])).digest('hex');
}

/** Deletes answers older than `maxAgeMs` (default 24 h); resolves with how many. */
export async function pruneIdempotencyKeys(db: Db, maxAgeMs = IDEMPOTENCY_TTL_MS): Promise<number> {
  const { rows } = await db.query(
    'DELETE FROM idempotency_keys WHERE created_at < now() - make_interval(secs => $1) RETURNING 1',
    [maxAgeMs / 1000],
  );
  return rows.length;
}

/** Reserves (owner, key) for this request: a new row, or one that expired or whose holder died. */
async function reserve(db: Db, r: Reservation, method: string, path: string, fingerprint: string): Promise<boolean> {
  const { rows } = await db.query(
    `INSERT INTO idempotency_keys (owner, key, method, path, fingerprint, claim) VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (owner, key) DO UPDATE
       SET method = EXCLUDED.method, path = EXCLUDED.path, fingerprint = EXCLUDED.fingerprint, claim = EXCLUDED.claim,
           status = NULL, body = NULL, headers = NULL, created_at = now()
       WHERE idempotency_keys.created_at < now() - make_interval(secs => $7)
          OR (idempotency_keys.status IS NULL AND idempotency_keys.created_at < now() - make_interval(secs => $8))
     RETURNING 1`,
    [r.owner, r.key, method, path, fingerprint, r.claim, IDEMPOTENCY_TTL_MS / 1000, IDEMPOTENCY_STALE_MS / 1000],
  );
  return rows.length === 1;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Sends a stored answer again. */
function replay(reply: FastifyReply, row: StoredRow): FastifyReply {
  reply.code(row.status!);
  for (const [name, value] of Object.entries(row.headers ?? {})) reply.header(name, value);
  reply.header('idempotent-replayed', 'true');
  reply.header('cache-control', 'no-store');
  return reply.send(row.body ?? '');
}

/**
 * Adds the Idempotency-Key hooks to the instance it is registered on (not encapsulated: register it on
 * the root, after @fastify/cookie — its set-cookie headers are stored — and before the routes).
 * preHandler: runs after authentication (onRequest / preValidation), so the owner is known.
 * onSend: stores the answer (or drops the reservation) before it is sent.
 */
export function idempotencyPlugin(app: FastifyInstance, { db, waitMs = IDEMPOTENCY_WAIT_MS, pruneEveryMs = 3_600_000 }: IdempotencyOptions, done: (err?: Error) => void): void {
  app.decorateRequest('idempotency', null);

  app.addHook('preHandler', async (request, reply) => {
    const route = request.routeOptions.url;
    // /api/auth/* answers set the session cookie: never stored (the database keeps only its hash) nor replayed
    if (!WRITE_METHODS.has(request.method) || !route?.startsWith('/api/') || route.startsWith('/api/auth/')) return;
    const key = keyOf(request);
    if (key === undefined) return;
    const path = request.url.split('?')[0]!;
    const fingerprint = fingerprintOf(request);
    const reservation: Reservation = { owner: idempotencyOwner(request), key, claim: randomUUID() };
    const deadline = Date.now() + waitMs;
    for (;;) {
      if (await reserve(db, reservation, request.method, path, fingerprint)) {
        request.idempotency = reservation;
        return;
      }
      const { rows } = await db.query<StoredRow>(
        'SELECT method, path, fingerprint, status, body, headers FROM idempotency_keys WHERE owner = $1 AND key = $2',
        [reservation.owner, key],
      );
      const row = rows[0];
      if (row) {
        const used = `Idempotency-Key '${key}' was used for ${row.method} ${row.path}`;
        if (row.method !== request.method || row.path !== path) {
          throw new HttpError(422, `${used}: a key belongs to one request; send a new key`, 'IDEMPOTENCY_KEY_REUSED');
        }
        if (row.fingerprint !== fingerprint) throw new HttpError(422, `${used} with another query or body: send a new key`, 'IDEMPOTENCY_KEY_REUSED');
        if (row.status !== null) return replay(reply, row);
      }
      // still in progress, or gone meanwhile (the first answer was a 5xx): wait, then reserve again
      if (Date.now() >= deadline) {
        reply.header('retry-after', '1');
        throw new HttpError(409, `A request with Idempotency-Key '${key}' is still in progress: retry later`, 'IDEMPOTENCY_KEY_IN_USE');
      }
      await sleep(POLL_MS);
    }
  });

  app.addHook('onSend', async (request, reply, payload) => storeAnswer(db, request, reply, payload));

  let timer: NodeJS.Timeout | undefined;
  if (pruneEveryMs > 0) {
    const prune = () => {
      pruneIdempotencyKeys(db).catch((error: unknown) => app.log.warn({ err: error }, 'pruning idempotency_keys failed'));
    };
    app.addHook('onReady', async () => {
      timer = setInterval(prune, pruneEveryMs);
      timer.unref();
    });
    app.addHook('onClose', async () => clearInterval(timer));
  }
  done();
}
// Not encapsulated (what fastify-plugin does): the hooks apply to every route of the instance.
(idempotencyPlugin as unknown as Record<symbol, boolean>)[Symbol.for('skip-override')] = true;

/**
 * onSend of an Idempotency-Key request: stores the answer (status, body, STORED_HEADERS) for retries, or
 * drops the reservation when the answer must not be replayed (5xx, 429, a stream, over IDEMPOTENCY_MAX_BODY bytes).
 * @returns the payload, unchanged
 */
async function storeAnswer(db: Db, request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> {
  const held = request.idempotency;
  if (!held) return payload;
  request.idempotency = null;
  const status = reply.statusCode;
  const body = typeof payload === 'string' ? payload
    : Buffer.isBuffer(payload) ? payload.toString('utf8')
      : payload === null || payload === undefined ? '' : null; // null: a stream, not replayable
  try {
    if (status >= 500 || status === 429 || body === null || Buffer.byteLength(body) > IDEMPOTENCY_MAX_BODY) {
      await db.query('DELETE FROM idempotency_keys WHERE owner = $1 AND key = $2 AND claim = $3', [held.owner, held.key, held.claim]);
      return payload;
    }
    const headers: Record<string, string | string[]> = {};
    for (const name of STORED_HEADERS) {
      const value = reply.getHeader(name);
      if (value !== undefined) headers[name] = Array.isArray(value) ? value.map(String) : String(value);
    }
    await db.query(
      'UPDATE idempotency_keys SET status = $4, body = $5, headers = $6::jsonb WHERE owner = $1 AND key = $2 AND claim = $3',
      [held.owner, held.key, held.claim, status, body, JSON.stringify(headers)],
    );
  } catch (error) {
    // The write has applied: answer it anyway. A retry waits, then finds the reservation stale.
    request.log.error({ err: error }, 'could not store the answer of an Idempotency-Key request');
  }
  return payload;
}
