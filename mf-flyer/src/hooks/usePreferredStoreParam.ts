/**
 * `/flyer?set_preferred_store_number=42` (spec §2 /flyer, §5): the value is left-padded to 4 digits
 * ('0042') and the store selector (mf-store-selector, the owner of `bus.state.store`) is asked with
 * `store/select-requested`. Its `store/changed` with that number makes the flyer follow; its
 * `store/select-failed` (or no answer within {@link SELECT_TIMEOUT_MS}) keeps the current store and
 * the page says so. A value that is not 1–4 digits is refused the same way without asking. The
 * parameter is removed from the URL at once (history.replaceState), so a reload does not repeat it.
 */
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from '@storefront/remote-kit';
import { BusRequestError, newRequestId, type EventBus } from 'shared-events';
import { padStoreNumber, quoteRequested, STORE_PARAM, urlWithoutStoreParam } from '../state/storeNumber';

/** How long the store selector may take to answer (ms). */
export const SELECT_TIMEOUT_MS = 5_000;

/** A store the page could not switch to: `requested` as the shopper gave it (refused) or padded (unknown). */
export interface StoreNotFound {
  requested: string;
}

export interface PreferredStoreParam {
  /** A request is out: the flyer waits for its answer rather than loading the current store's flyer. */
  holding: boolean;
  /** The last refused or unknown store, or null. */
  notFound: StoreNotFound | null;
}

/**
 * @param bus the page bus
 * @param selectorReady the store selector is up (a preferred store is known): requests are sent only
 *   then, so the owner is listening
 */
export function usePreferredStoreParam(bus: EventBus, selectorReady: boolean): PreferredStoreParam {
  const { pathname, search, hash, searchParams } = useLocation();
  const navigate = useNavigate();
  const raw = searchParams.get(STORE_PARAM);
  const [request, setRequest] = useState<{ id: string; storeNumber: string } | null>(null);
  const [notFound, setNotFound] = useState<StoreNotFound | null>(null);
  /** The URL last handled (StrictMode runs effects twice). */
  const handled = useRef<string | null>(null);

  useEffect(() => {
    if (raw === null) {
      handled.current = null;
      return;
    }
    const here = `${pathname}${search}`;
    if (handled.current === here) return;
    handled.current = here;
    navigate(urlWithoutStoreParam(pathname, search, hash), { replace: true });
    const storeNumber = padStoreNumber(raw);
    if (!storeNumber) {
      setRequest(null);
      setNotFound({ requested: quoteRequested(raw) });
      return;
    }
    setNotFound(null);
    setRequest({ id: newRequestId('flyer'), storeNumber });
  }, [raw, pathname, search, hash, navigate]);

  useEffect(() => {
    if (!request || !selectorReady) return;
    if (bus.state.store.value?.storeNumber === request.storeNumber) {
      setRequest(null);
      return;
    }
    const aborter = new AbortController();
    const ask = () => bus.request('store/select-requested', { storeNumber: request.storeNumber }, {
      reply: 'store/changed',
      fail: 'store/select-failed',
      match: (p) => p.store.storeNumber === request.storeNumber,
      requestId: request.id,
      timeoutMs: SELECT_TIMEOUT_MS,
      signal: aborter.signal,
    }).then(() => false, (err: unknown) => !(err instanceof BusRequestError && err.kind === 'aborted'));
    // Next task: the selector may have published its first store/changed from an effect of the same
    // commit as the one that subscribes to requests.
    const send = setTimeout(() => {
      // Already there (the store changed meanwhile): nothing to ask.
      const asked = bus.state.store.value?.storeNumber === request.storeNumber ? Promise.resolve(false) : ask();
      void asked.then((failed) => {
        if (aborter.signal.aborted) return;
        setRequest(null);
        if (failed) setNotFound({ requested: request.storeNumber });
      });
    }, 0);
    return () => {
      clearTimeout(send);
      aborter.abort();
    };
  }, [request, selectorReady, bus]);

  // Also while the parameter is still in the URL (the first render, before the effect above ran), so
  // the current store's flyer is not loaded only to be replaced.
  const asked = raw === null ? null : padStoreNumber(raw);
  const unhandled = asked !== null && handled.current !== `${pathname}${search}` && bus.state.store.value?.storeNumber !== asked;
  return { holding: request !== null || unhandled, notFound };
}
