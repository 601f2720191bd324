/**
 * The BFF answer envelope (spec §7: "status, code, message, data").
 * `code` is a card status ('LP00'..'LP03'), an HTTP-like number, a link-account code (spec §8) or
 * 439 for a session problem.
 */
export interface BffEnvelope<T = unknown> {
  status: 'success' | 'error';
  code: string | number;
  message: string;
  data: T | null;
}

/** Thrown by {@link callBff} when the request could not be made or the answer is not an envelope. */
export class BffError extends Error {
  constructor(message: string, readonly httpStatus: number, readonly envelope?: BffEnvelope) {
    super(message);
    this.name = 'BffError';
  }
}

/** A random id: crypto.randomUUID where the browser has it, else time + randomness. */
function randomId(): string {
  const c = globalThis.crypto;
  return c && 'randomUUID' in c ? c.randomUUID() : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

/** A random nonce for the `x-nonce` header (spec §7 "nonce header"). */
export function createNonce(): string {
  return randomId();
}

/**
 * A `requestId` for a bus request that is answered by another remote with the same id
 * (`list/add-requested`, `offers/matches-requested`, `store/select-requested`…), unique on the page.
 * @param prefix names the asker in logs, e.g. 'flyer' → 'flyer-<uuid>'
 */
export function newRequestId(prefix?: string): string {
  return prefix ? `${prefix}-${randomId()}` : randomId();
}

/** Header that marks a request as the storefront's own (a cross-origin page cannot send it without a CORS preflight). */
export const CSRF_HEADER = 'x-storefront-csrf';

/**
 * Calls a BFF endpoint (spec §7 envelope and nonce header). The signed-in shopper is the BFF's
 * HttpOnly session cookie (sent with `credentials: 'same-origin'`): no token is on the page, and none is
 * sent from it (OAuth 2.0 for Browser-Based Apps, "backend for frontend"). Every call carries a fresh
 * `x-nonce` and `x-storefront-csrf: 1`, which the BFF requires on cookie-authenticated writes.
 *
 * @param apiBase  `RuntimeConfig.apiBase`, normally '/api'
 * @param path     e.g. '/services/Inquire'
 * @param options  method (default POST), JSON body (default `{}` for POST), an abort signal
 * @returns the envelope, for 2xx and for 4xx answers that carry one (check `status`/`code`)
 * @throws BffError on network failure, 5xx without an envelope, or a non-JSON answer
 */
export async function callBff<T = unknown>(
  apiBase: string,
  path: string,
  { method = 'POST', body, signal }: { method?: string; body?: unknown; signal?: AbortSignal } = {},
): Promise<BffEnvelope<T>> {
  const headers: Record<string, string> = { 'x-nonce': createNonce(), accept: 'application/json', [CSRF_HEADER]: '1' };
  let payload: string | undefined;
  if (method !== 'GET' && method !== 'HEAD') {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(body ?? {});
  }
  let res: Response;
  try {
    res = await fetch(`${apiBase}${path}`, { method, headers, body: payload, credentials: 'same-origin', signal });
  } catch (err) {
    throw new BffError(`BFF ${path}: network error (${(err as Error).message})`, 0);
  }
  let json: unknown;
  try {
    json = await res.json();
  } catch {
    throw new BffError(`BFF ${path}: answer is not JSON (HTTP ${res.status})`, res.status);
  }
  const env = json as BffEnvelope<T>;
  if (!env || typeof env !== 'object' || !('code' in env) || !('status' in env)) {
    throw new BffError(`BFF ${path}: answer is not an envelope (HTTP ${res.status})`, res.status);
  }
  if (res.status >= 500) throw new BffError(`BFF ${path}: ${env.message}`, res.status, env);
  return env;
}
