/**
 * `bus.request`: one request event answered by another remote (README "Requests"). Publishes the
 * request with a fresh `requestId`, settles on the first matching answer, and always unsubscribes.
 */
import type { Observable, Subscription } from 'rxjs';
import type { BusEventType, EventOf, PayloadOf } from './catalogue';

/** How long {@link BusRequest} waits for an answer when no `timeoutMs` is given, in ms. */
export const DEFAULT_REQUEST_TIMEOUT_MS = 10_000;

/** Request event types: the `…-requested` events whose payload carries a `requestId`. */
export type RequestEventType = {
  [K in BusEventType]: K extends `${string}-requested` ? (PayloadOf<K> extends { requestId: string } ? K : never) : never;
}[BusEventType];

/** Why a request did not get its reply. */
export type BusRequestFailure = 'failed' | 'timeout' | 'aborted';

/**
 * Rejection of {@link BusRequest}: `kind` 'failed' (a matching `fail` event; `reason` is its
 * `payload.reason`, `event` the event), 'timeout' (no answer within `timeoutMs`) or 'aborted'
 * (the `signal` was aborted, e.g. the component unmounted).
 */
export class BusRequestError extends Error {
  constructor(
    readonly kind: BusRequestFailure,
    readonly reason: string,
    readonly requestId: string,
    readonly event?: unknown,
  ) {
    super(reason);
    this.name = 'BusRequestError';
  }
}

/** Options of {@link BusRequest}. */
export interface BusRequestOptions<R extends BusEventType, F extends BusEventType> {
  /** The answer event type(s); the first matching one resolves the request. */
  reply: R | readonly R[];
  /** Event type(s) that reject the request when their `payload.requestId` matches. */
  fail?: F | readonly F[];
  /** Give up after this many ms (default {@link DEFAULT_REQUEST_TIMEOUT_MS}). */
  timeoutMs?: number;
  /**
   * Which reply answers this request, for replies that carry no `requestId` (e.g. `store/changed`:
   * `(p) => p.store.storeNumber === wanted`). Default: `payload.requestId === requestId`.
   */
  match?: (payload: PayloadOf<R>, requestId: string) => boolean;
  /** The id to send (default a fresh {@link newRequestId}), e.g. to keep listening for later answers. */
  requestId?: string;
  /** Aborting it rejects with kind 'aborted' and unsubscribes. */
  signal?: AbortSignal;
}

/**
 * Publishes `type` with `payload` plus a fresh `requestId` and resolves with the first `reply` event
 * that matches it.
 * @returns the reply event (its `type` tells which reply when `reply` is a list)
 * @throws BusRequestError (kind 'failed' | 'timeout' | 'aborted'); BusEventError when the request
 *   event breaks the catalogue. In every case all subscriptions and the timer are released.
 */
export type BusRequest = <T extends RequestEventType, R extends BusEventType, F extends BusEventType = never>(
  type: T,
  payload: Omit<PayloadOf<T>, 'requestId'>,
  options: BusRequestOptions<R, F>,
) => Promise<EventOf<R>>;

interface RequestDeps {
  on: <T extends BusEventType>(type: T) => Observable<EventOf<T>>;
  emit: <T extends BusEventType>(type: T, payload: PayloadOf<T>) => void;
  newId: () => string;
}

const asList = <T>(v: T | readonly T[] | undefined): readonly T[] => (v === undefined ? [] : Array.isArray(v) ? v : [v as T]);

/** Builds `bus.request` over a bus's `on` and `emit`. */
export function createRequest(deps: RequestDeps): BusRequest {
  return (type, payload, options) => new Promise((resolve, reject) => {
    const requestId = options.requestId ?? deps.newId();
    const { signal } = options;
    const subs: Subscription[] = [];
    let settled = false;
    const timeoutMs = options.timeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS;
    const timer = setTimeout(
      () => settle(() => reject(new BusRequestError('timeout', `No answer to ${type} within ${timeoutMs} ms`, requestId))),
      timeoutMs,
    );
    const onAbort = () => settle(() => reject(new BusRequestError('aborted', 'The request was aborted', requestId)));
    function settle(done: () => void) {
      if (settled) return;
      settled = true;
      subs.forEach((s) => s.unsubscribe());
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      done();
    }
    if (signal?.aborted) { onAbort(); return; }
    signal?.addEventListener('abort', onAbort);
    const matches = options.match ?? ((p: { requestId?: unknown }) => p.requestId === requestId);
    for (const r of asList(options.reply)) {
      subs.push(deps.on(r).subscribe((e) => {
        if (matches(e.payload as never, requestId)) settle(() => resolve(e as EventOf<typeof r>));
      }));
    }
    for (const f of asList(options.fail)) {
      subs.push(deps.on(f).subscribe((e) => {
        const p = e.payload as { requestId?: unknown; reason?: unknown };
        if (p.requestId !== requestId) return;
        const reason = typeof p.reason === 'string' ? p.reason : `${f} for ${type}`;
        settle(() => reject(new BusRequestError('failed', reason, requestId, e)));
      }));
    }
    try {
      deps.emit(type, { ...payload, requestId } as unknown as PayloadOf<typeof type>);
    } catch (err) {
      settle(() => reject(err));
    }
  });
}
