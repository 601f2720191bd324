/**
 * On-demand parts (issue 12/13 "nothing downloaded that the page does not use"): the side panel
 * (with focus-trap and the product fetch) and the list service load after the band has painted.
 * Same pattern as mf-header's lazyPart: once the chunk is here, the part renders directly (no
 * Suspense round); a failed load can be retried by the next preload.
 */
import { lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';
import { RemoteErrorBoundary } from '@storefront/remote-kit';

/** A component in its own chunk. */
export interface LazyPart<P extends object> {
  /** Renders the part: at once when its chunk is here, else after it has loaded (suspends). */
  Part: ComponentType<P>;
  /** Starts loading the chunk (idempotent; after a failure the next call tries again). */
  preload: () => Promise<ComponentType<P>>;
}

/**
 * @param load e.g. `() => import('./ListPanel').then((m) => m.ListPanel)`
 */
export function lazyPart<P extends object>(load: () => Promise<ComponentType<P>>): LazyPart<P> {
  let loaded: ComponentType<P> | null = null;
  let pending: Promise<ComponentType<P>> | null = null;
  let failed = false;
  const makeLazy = () => lazy(() => preload().then((component) => ({ default: component })));
  let Lazy = makeLazy();

  function preload(): Promise<ComponentType<P>> {
    if (!pending) {
      if (failed) {
        failed = false;
        Lazy = makeLazy();
      }
      const attempt: Promise<ComponentType<P>> = load().then(
        (component) => { loaded = component; return component; },
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

/** Suspense + the kit's error policy for one lazy part (`[mf-shopping-list] <label> failed`). */
export function PartBoundary({ label, loading, failed, children }: { label: string; loading: ReactNode; failed: ReactNode; children: ReactNode }) {
  return (
    <RemoteErrorBoundary remote="mf-shopping-list" label={label} fallback={failed}>
      <Suspense fallback={loading}>{children}</Suspense>
    </RemoteErrorBoundary>
  );
}
