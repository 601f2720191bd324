import { lazy, Suspense } from 'react';
import { navigate as kitNavigate, useLocation } from '@storefront/remote-kit';
import type { EventBus, RuntimeConfig } from 'shared-events';
import { CALLBACK_PATH, isRemotePagePath } from '../apps';
import { HomePage } from './HomePage';
import { ContentLoading, contentPageFor } from './content-routes';
import { NotFoundPage } from './NotFoundPage';
import { ShellErrorBoundary } from './ShellErrorBoundary';
import { SignInCallbackPage } from './SignInCallbackPage';

/** Props of {@link ShellRoutes}. */
export interface ShellRoutesProps {
  bus?: EventBus;
  /** In-site navigation for the pages' links (default: the kit's pushState + popstate, which single-spa reroutes on). */
  navigate?: (url: string) => void;
  /** The runtime config (`/config.json`): the home page's data sources, the BFF's base path. */
  config?: RuntimeConfig;
}

/** The managed content pages load in their own chunk (only on their paths): nothing of them in the first-load JS of '/'. */
const ContentPage = lazy(() => import(/* webpackChunkName: "content-page" */ './ContentPage').then((m) => ({ default: m.ContentPage })));

/** Which shell page a location shows: the route table of the shell (spec §2 Routes). */
export type ShellPage = 'home' | 'sign-in-callback' | 'content' | 'remote' | 'not-found';

/**
 * The shell page for a location: '/' without `query` is home; '/' with `query` and every page route of
 * the remote registry belong to a remote (the shell renders nothing there); `/auth/callback` is the
 * sign-in callback; the paths of `content-pages.json` (`/privacy-policy`, the footer's info pages such
 * as `/about/careers`) are managed content pages; anything else is not found.
 */
export function shellPageFor(location: { pathname: string; search: string }): ShellPage {
  if (location.pathname === '/') return new URLSearchParams(location.search).has('query') ? 'remote' : 'home';
  if (location.pathname === CALLBACK_PATH) return 'sign-in-callback';
  if (contentPageFor(location.pathname)) return 'content';
  return isRemotePagePath(location.pathname) ? 'remote' : 'not-found';
}

/**
 * The shell's own pages (rendered into `#shell-root`): '/', the sign-in callback `/auth/callback`,
 * the managed content pages (`/privacy-policy`, `/about/careers`, …) and the not-found page. The
 * routes of remote pages (from the remote registry) render nothing here: their remote fills `#slot-page`. Each page sits in its own {@link ShellErrorBoundary}, reset when the path
 * changes. The location comes from the remote kit's `useLocation` (popstate and single-spa routing events).
 */
export function ShellRoutes({ bus, navigate = kitNavigate, config }: ShellRoutesProps) {
  const location = useLocation();
  const page = shellPageFor(location);
  if (page === 'remote') return null;
  const content = page === 'content' ? contentPageFor(location.pathname) : undefined;
  return (
    <ShellErrorBoundary key={location.pathname} page={content ? content.path : page}>
      {page === 'home' && <HomePage bus={bus} navigate={navigate} config={config} />}
      {page === 'sign-in-callback' && <SignInCallbackPage />}
      {content && (
        <Suspense fallback={<ContentLoading title={content.title} />}>
          <ContentPage page={content} apiBase={config?.apiBase} navigate={navigate} />
        </Suspense>
      )}
      {page === 'not-found' && <NotFoundPage navigate={navigate} />}
    </ShellErrorBoundary>
  );
}
