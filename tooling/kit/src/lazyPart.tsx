/**
 * On-demand parts of a remote's UI (nothing downloaded that the page does not use): a piece
 * the shopper only sees after an interaction (mf-header's mega menu panel, mobile panel dialog and
 * account menu; mf-shopping-list's side panel) loads in its own chunk. Shared here so every remote
 * has the same loading, retry and error policy.
 */
import { lazy, Suspense, useContext, useState, type ComponentType, type ReactNode } from 'react';
import { PageLoading, RemoteContext, RemoteErrorBoundary } from './providers';

/** A part of a remote's UI loaded on demand (its own chunk), see {@link lazyPart}. */
export interface LazyPart<P extends object> {
  /** Renders the part: at once when its chunk is already here, else after it has loaded. */
  Part: ComponentType<P>;
  /**
   * Starts loading the chunk (idempotent; call it on pointerenter / focus / pointerdown of the control
   * that shows the part, and when it is opened). After a failed load the next call tries again.
   */
  preload: () => Promise<ComponentType<P>>;
}

/**
 * Loads a component on demand.
 *
 * - Once the chunk is here (usually: {@link LazyPart.preload} ran on hover or focus), `Part` renders
 *   the component directly, with no Suspense round: a keyboard user's next key (Tab into the panel)
 *   lands in the real UI. React.lazy is only used while the chunk is still on its way; a mounted part
 *   keeps the component it started with (switching would remount it and lose its state).
 * - A failed load shows the failure (see {@link PartBoundary}); the next {@link LazyPart.preload}
 *   (hovering, focusing or opening the control again) starts a new attempt.
 * Wrap `Part` in {@link PartBoundary} (its own Suspense and error boundary), never rely on the kit's
 * root Suspense, which would replace the whole band with "Loading…".
 *
 * @param load e.g. `() => import('./AccountPanel').then((m) => m.AccountPanel)`
 */
export function lazyPart<P extends object>(load: () => Promise<ComponentType<P>>): LazyPart<P> {
  let loaded: ComponentType<P> | null = null;
  let pending: Promise<ComponentType<P>> | null = null;
  let failed = false;
  const makeLazy = () => lazy(() => preload().then((component) => ({ default: component })));
  let Lazy = makeLazy();

  function preload(): Promise<ComponentType<P>> {
    if (!pending) {
      // A new attempt after a failure gets a new React.lazy (a rejected one stays rejected). Only
      // preload() starts one, never a re-render, so a failing chunk is not re-requested in a loop.
      if (failed) {
        failed = false;
        Lazy = makeLazy();
      }
      const attempt: Promise<ComponentType<P>> = load().then(
        (component) => {
          loaded = component;
          return component;
        },
        (error: unknown) => {
          if (pending === attempt) pending = null;
          failed = true;
          throw error;
        },
      );
      pending = attempt;
    }
    return pending;
  }

  function Part(props: P) {
    const [Component] = useState<ComponentType<P>>(() => loaded ?? Lazy);
    return <Component {...props} />;
  }
  return { Part, preload };
}

export interface PartBoundaryProps {
  /** Names the part in the kit's error message: `[<remote>] <label> failed` (remote from the nearest KitProviders). */
  label: string;
  /** Shown while the chunk loads: a `role="status"` "Loading…" by default. */
  loading?: ReactNode;
  /** Shown when the chunk cannot be loaded: a `role="alert"` message by default. */
  failed?: ReactNode;
  children: ReactNode;
}

/**
 * Suspense + the kit's error policy for one lazy part: while loading, a polite `role="status"`
 * "Loading…"; if the chunk cannot be loaded, `[<remote>] <label> failed` is logged and a short
 * `role="alert"` message (class `kit-part-error`) shows in place of the part (the rest of the band
 * keeps working; opening the part again retries).
 */
export function PartBoundary({ label, loading, failed, children }: PartBoundaryProps) {
  const remote = useContext(RemoteContext)?.remote ?? 'remote';
  return (
    <RemoteErrorBoundary
      remote={remote}
      label={label}
      fallback={failed ?? <p className="kit-part-error" role="alert">This could not be loaded. Please try again.</p>}
    >
      <Suspense fallback={loading ?? <PageLoading />}>{children}</Suspense>
    </RemoteErrorBoundary>
  );
}
