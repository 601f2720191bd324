import { lazy, Suspense } from 'react';
import { navigate as kitNavigate, useLocation } from '@storefront/remote-kit';
import type { EventBus, RuntimeConfig } from 'shared-events';
import { CALLBACK_PATH, isRemotePagePath } from '../apps';
import { HomePage } from './HomePage';
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

/** The shell's own content pages by path (spec §2 Routes). */
export const PRIVACY_POLICY_PATH = '/privacy-policy';

/** The privacy policy loads in its own chunk (only on its path): nothing of it in the first-load JS of '/'. */
const PrivacyPolicyPage = lazy(() => import(/* webpackChunkName: "privacy-policy" */ './PrivacyPolicyPage').then((m) => ({ default: m.PrivacyPolicyPage })));

/** What `/privacy-policy` shows while its chunk loads: the heading and the page's own loading status. */
function PrivacyPolicyLoading() {
  return (
    <article className="shell-page shell-policy" aria-labelledby="shell-policy-heading">
      <h1 id="shell-policy-heading" className="shell-page__title">Privacy Policy</h1>
      <p role="status" className="shell-policy__status">Loading the privacy policy…</p>
    </article>
  );
}

/** Which shell page a location shows: the route table of the shell (spec §2 Routes). */
export type ShellPage = 'home' | 'sign-in-callback' | 'privacy-policy' | 'remote' | 'not-found';

/**
 * The shell page for a location: '/' without `query` is home; '/' with `query` and every page route of
 * the remote registry belong to a remote (the shell renders nothing there); `/auth/callback` is the
 * sign-in callback; `/privacy-policy` the privacy policy; anything else is not found.
 */
export function shellPageFor(location: { pathname: string; search: string }): ShellPage {
  if (location.pathname === '/') return new URLSearchParams(location.search).has('query') ? 'remote' : 'home';
  if (location.pathname === CALLBACK_PATH) return 'sign-in-callback';
  if (location.pathname === PRIVACY_POLICY_PATH) return 'privacy-policy';
  return isRemotePagePath(location.pathname) ? 'remote' : 'not-found';
}

/**
 * The shell's own pages (rendered into `#shell-root`): '/', the sign-in callback `/auth/callback`,
 * `/privacy-policy` and the not-found page. The routes of remote pages (from the remote registry) render nothing here: their
 * remote fills `#slot-page`. Each page sits in its own {@link ShellErrorBoundary}, reset when the path
 * changes. The location comes from the remote kit's `useLocation` (popstate and single-spa routing events).
 */
export function ShellRoutes({ bus, navigate = kitNavigate, config }: ShellRoutesProps) {
  const location = useLocation();
  const page = shellPageFor(location);
  if (page === 'remote') return null;
  return (
    <ShellErrorBoundary key={location.pathname} page={page}>
      {page === 'home' && <HomePage bus={bus} navigate={navigate} config={config} />}
      {page === 'sign-in-callback' && <SignInCallbackPage />}
      {page === 'privacy-policy' && (
        <Suspense fallback={<PrivacyPolicyLoading />}>
          <PrivacyPolicyPage apiBase={config?.apiBase} />
        </Suspense>
      )}
      {page === 'not-found' && <NotFoundPage navigate={navigate} />}
    </ShellErrorBoundary>
  );
}
