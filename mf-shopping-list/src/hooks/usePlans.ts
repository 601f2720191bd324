/**
 * React side of the recipe plans: which storage the shopper's lists and meal plan are in (browser or
 * account, following `bus.state.session`, with the sign-in merge first) and a small loader with
 * loading / error / retry states.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useBusState, type EventBus, type RuntimeConfig } from 'shared-events';
import { isSignedIn } from '../state/signedIn';
import { accountStorage, browserStorage, mergeBrowserIntoAccount, type RecipePlanStorage } from '../api/recipePlanStorage';

/** What {@link usePlanStorage} gives: the storage (null while a sign-in merge runs) and a merge notice. */
export interface PlanStorageState {
  storage: RecipePlanStorage | null;
  /** Set when the browser's recipes could not be merged into the account (they stay in the browser). */
  mergeError: string | null;
  /** Lists and entries merged from this browser by the last sign-in (0 when none). */
  merged: number;
}

/**
 * The storage of the shopper of `bus.state.session`: the account (BFF, as the shopper of its session
 * cookie) when signed in (`loggedIn` with a `uid`), else this browser. On sign-in the browser's lists
 * and plan are merged into the account first.
 * @param given tests: a fixed storage
 */
export function usePlanStorage(bus: EventBus, config: Pick<RuntimeConfig, 'apiBase'>, given?: RecipePlanStorage): PlanStorageState {
  const session = useBusState(bus.state.session);
  const uid = isSignedIn(session) ? session.uid : null;
  const [state, setState] = useState<PlanStorageState>(() => ({ storage: given ?? (uid ? null : browserStorage()), mergeError: null, merged: 0 }));

  useEffect(() => {
    if (given) return undefined;
    if (!uid) {
      setState({ storage: browserStorage(), mergeError: null, merged: 0 });
      return undefined;
    }
    let live = true;
    setState({ storage: null, mergeError: null, merged: 0 });
    mergeBrowserIntoAccount(config.apiBase).then(
      (m) => { if (live) setState({ storage: accountStorage(config.apiBase), mergeError: null, merged: m.lists + m.entries }); },
      () => {
        if (live) setState({ storage: accountStorage(config.apiBase), mergeError: 'The recipes saved in this browser could not be added to your account yet. They are kept here and added at your next sign-in.', merged: 0 });
      },
    );
    return () => { live = false; };
  }, [uid, config.apiBase, given]);
  return state;
}

/** A loaded value with its state. */
export interface Loaded<T> {
  status: 'loading' | 'ready' | 'error';
  data: T | null;
  error: string | null;
  /** Loads again (the 'Try again' button). */
  retry: () => void;
  /** Replaces the data after a change was stored. */
  set: (next: T) => void;
}

/**
 * Runs `load` when `key` changes (null key: waits, status 'loading'); a late answer of an older key is
 * dropped. A failure shows `fallbackError` (shopper-facing).
 */
export function useLoaded<T>(key: string | null, load: (() => Promise<T>) | null, fallbackError: string): Loaded<T> {
  const [state, setState] = useState<{ key: string | null; status: Loaded<T>['status']; data: T | null; error: string | null }>({ key: null, status: 'loading', data: null, error: null });
  const [attempt, setAttempt] = useState(0);
  const loadRef = useRef(load);
  loadRef.current = load;
  useEffect(() => {
    const fn = loadRef.current;
    if (key === null || !fn) return undefined;
    let live = true;
    setState((s) => ({ key, status: 'loading', data: s.key === key ? s.data : null, error: null }));
    fn().then(
      (data) => { if (live) setState({ key, status: 'ready', data, error: null }); },
      () => { if (live) setState((s) => ({ key, status: 'error', data: s.data, error: fallbackError })); },
    );
    return () => { live = false; };
  }, [key, attempt, fallbackError]);
  const retry = useCallback(() => setAttempt((a) => a + 1), []);
  const set = useCallback((data: T) => setState((s) => ({ ...s, status: 'ready', data, error: null })), []);
  const current = state.key === key ? state : { status: 'loading' as const, data: null, error: null };
  return { status: current.status, data: current.data, error: current.error, retry, set };
}
