import { BehaviorSubject, Observable, Subject, concat, defer, filter, from, distinctUntilChanged } from 'rxjs';
import {
  busEventSchema, type BusEvent, type BusEventType, type EventOf, type PayloadOf,
  type Session, type Store, type PopupType,
} from './catalogue';
import { createRequest, type BusRequest } from './request';
import { newRequestId } from './api';

/** The contract version of the bus (this package's version). Major = breaking change. */
export const BUS_VERSION = '1.6.0';

/** Thrown by {@link EventBus.publish} for an unknown type or a payload that breaks the catalogue. */
export class BusEventError extends Error {
  constructor(message: string, readonly event: unknown) {
    super(message);
    this.name = 'BusEventError';
  }
}

/** The signed-out session (spec §3), also the fallback when the identity fetch fails (spec §7). */
export const EMPTY_SESSION: Session = Object.freeze({
  uid: null,
  loggedIn: false,
  isLoading: false,
  profile: null,
  id_token: null,
  scene: null,
  cardStatus: null,
  product: { storeId: null, bannerCode: null },
  subscribed: false,
}) as Session;

/** A read-only state stream: current value at once, then every change. */
export interface StateStream<T> extends Observable<T> {
  /** The current value (synchronously). */
  readonly value: T;
}

function stateStream<T>(subject: BehaviorSubject<T>): StateStream<T> {
  const obs = subject.pipe(distinctUntilChanged()) as StateStream<T>;
  Object.defineProperty(obs, 'value', { get: () => subject.getValue() });
  return obs;
}

/**
 * State a late-mounting remote must be able to read at once (ARCHITECTURE §3).
 *
 * Every stream has ONE owner: the only remote that publishes the event that writes it (README
 * "State ownership"). Everyone else only reads it, and asks the owner for a change with a request event.
 */
export interface BusState {
  /**
   * The shopper's session (spec §3 Session). Written by `session/changed`.
   * - Owner: the shell (`shell/src/session`, the only part of the page that talks to the identity
   *   provider and the account). Others ask with `session/sign-in-requested`,
   *   `session/sign-out-requested`, `session/refresh-requested`.
   * - `product` is the account record as the BFF answered it (`storeId` = the account's stored
   *   preferred store, `bannerCode` that store's banner or null). It changes only when the account
   *   is read again, never when the page's store changes. It is NOT the page's store: read
   *   {@link BusState.store} for that. Only mf-store-selector reads `product.storeId`, to reconcile
   *   the page's store with the account's on sign-in.
   */
  session: StateStream<Session>;
  /**
   * The preferred store of the page, or null until one is loaded (spec §4 Store selection). Written by
   * `store/changed`.
   * - Owner: mf-store-selector, the only publisher: stored store, default store 3299, the shopper's
   *   choice, and on sign-in the account's store (`session.product.storeId`, source 'account', which
   *   wins over the local one). Others ask with `store/selector-open-requested`.
   * - The single source of the store and banner (`bannerCode`) for every reader: search filters, header
   *   banner and store line, alert province, home page. Never derive the store from the session.
   * - A remote's standalone mode (`src/bootstrap.tsx`) may publish a demo store in place of the owner.
   */
  store: StateStream<Store | null>;
  /**
   * Shopping-list item count (spec §2 badge, §5 shown items). Written by `list/count-changed`; owner
   * mf-shopping-list (README "State ownership"), which publishes it optimistically in the same frame as
   * an add and corrects it when the add fails.
   */
  listCount: StateStream<number>;
  /**
   * The ids (item_id) of the shown shopping-list items, e.g. '20010010_G_3299' (spec §3, §5). Written by
   * `list/count-changed` when it carries `itemIds` (owner mf-shopping-list); [] until then. Since 1.4.0.
   */
  listItemIds: StateStream<readonly string[]>;
  /** Active consent groups, e.g. ['C0001','C0002']. Written by `consent/changed` (owner: the shell). */
  consent: StateStream<readonly string[]>;
  /**
   * Whether the shopper has answered the consent banner (a stored answer counts). Written by
   * `consent/changed` when it carries `decided` (owner: the shell); false until then. Since 1.5.0.
   */
  consentDecided: StateStream<boolean>;
  /**
   * The card popup currently open (spec §4 popupType). Written by `popup/open` and `popup/closed`.
   * Owner: mf-loyalty (its popup host publishes what it shows); a `popup/open` from another remote
   * (e.g. the header's Scene+ panel) is a request the host answers.
   */
  popup: StateStream<PopupType>;
}

/**
 * The storefront event bus. Publish validated FSA events; subscribe by type; read state streams.
 */
export interface EventBus {
  readonly version: string;
  /** Validates and publishes. @throws BusEventError when the event is unknown or malformed. */
  publish(event: BusEvent): void;
  /** Shorthand: `emit('toast/show', {...})`. @throws BusEventError as publish. */
  emit<T extends BusEventType>(type: T, payload: PayloadOf<T>): void;
  /**
   * Events of one type, from now on. With `replayMs`, events of that type published in the last
   * `replayMs` ms (at most the last 50 events of any type) are delivered first, so a remote that mounts
   * late (e.g. the header, which shows toasts) still sees a toast raised while it was loading.
   * Use `state` for current values.
   */
  on<T extends BusEventType>(type: T, options?: { replayMs?: number }): Observable<EventOf<T>>;
  /**
   * Sends a `…-requested` event with a fresh `requestId` and resolves with the first matching `reply`
   * event; rejects with `BusRequestError` (kind 'failed' on a matching `fail` event, 'timeout' after
   * `timeoutMs`, default 10 000 ms, 'aborted' by `signal`). Always unsubscribes. Since 1.6.0.
   *
   *   const added = await bus.request('list/add-requested', { itemId, quantity: 1 },
   *     { reply: 'list/item-added', fail: 'list/add-failed' });
   */
  request: BusRequest;
  /** Every event, from now on. */
  readonly events$: Observable<BusEvent>;
  readonly state: BusState;
}

/** Human-readable reason why `event` is not a valid catalogue event, or null when it is. */
export function describeInvalidEvent(event: unknown): string | null {
  if (typeof event !== 'object' || event === null) return `event must be an object, got ${event === null ? 'null' : typeof event}`;
  const type = (event as { type?: unknown }).type;
  if (typeof type !== 'string') return 'event.type must be a string';
  const result = busEventSchema.safeParse(event);
  if (result.success) return null;
  const issue = result.error.issues[0] as { code: string; path: PropertyKey[]; expected?: string; values?: unknown[]; message: string };
  if (issue.code === 'invalid_union' && issue.path.join('.') === 'type') return `unknown event type '${type}'`;
  const path = issue.path.filter((p) => p !== 'payload').join('.') || 'payload';
  let got: unknown = event;
  for (const key of issue.path) got = (got as Record<PropertyKey, unknown> | undefined)?.[key];
  const detail = issue.expected
    ? `expected ${issue.expected}, got ${got === null ? 'null' : typeof got}`
    : issue.values ? `expected one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}` : issue.message;
  return `malformed '${type}' event: ${path}: ${detail}`;
}

/** Creates a bus. Remotes never call this: they import `bus` (the shared singleton). */
export function createBus(): EventBus {
  const events = new Subject<BusEvent>();
  const session = new BehaviorSubject<Session>(EMPTY_SESSION);
  const store = new BehaviorSubject<Store | null>(null);
  const listCount = new BehaviorSubject<number>(0);
  const listItemIds = new BehaviorSubject<readonly string[]>([]);
  const consent = new BehaviorSubject<readonly string[]>([]);
  const consentDecided = new BehaviorSubject<boolean>(false);
  const popup = new BehaviorSubject<PopupType>('none');

  const recent: Array<{ at: number; event: BusEvent }> = [];
  const publish = (event: BusEvent) => {
    const reason = describeInvalidEvent(event);
    if (reason) throw new BusEventError(`shared-events: ${reason}`, event);
    recent.push({ at: Date.now(), event });
    if (recent.length > 50) recent.shift();
    // State first, so a subscriber reacting to the event reads the new state.
    switch (event.type) {
      case 'session/changed': session.next(event.payload); break;
      case 'store/changed': store.next(event.payload.store); break;
      case 'list/count-changed':
        listCount.next(event.payload.count);
        if (event.payload.itemIds) listItemIds.next(event.payload.itemIds);
        break;
      case 'consent/changed':
        consent.next(event.payload.groups);
        if (event.payload.decided !== undefined) consentDecided.next(event.payload.decided);
        break;
      case 'popup/open': popup.next(event.payload.popupType); break;
      case 'popup/closed': if (popup.getValue() === event.payload.popupType) popup.next('none'); break;
      default: break;
    }
    events.next(event);
  };

  const emit: EventBus['emit'] = (type, payload) => publish({ type, payload } as BusEvent);
  const on = <T extends BusEventType>(type: T, options?: { replayMs?: number }) => {
    const ofType = (e: BusEvent): e is EventOf<T> => e.type === type;
    const live = events.pipe(filter(ofType));
    const replayMs = options?.replayMs;
    if (!replayMs) return live;
    return defer(() => {
      const since = Date.now() - replayMs;
      return concat(from(recent.filter((r) => r.at >= since).map((r) => r.event).filter(ofType)), live);
    });
  };

  return {
    version: BUS_VERSION,
    publish,
    emit,
    on,
    request: createRequest({ on, emit, newId: () => newRequestId() }),
    events$: events.asObservable(),
    state: {
      session: stateStream(session),
      store: stateStream(store),
      listCount: stateStream(listCount),
      listItemIds: stateStream(listItemIds),
      consent: stateStream(consent),
      consentDecided: stateStream(consentDecided),
      popup: stateStream(popup),
    },
  };
}
