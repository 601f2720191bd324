import { navigate as kitNavigate, useLocation } from '@storefront/remote-kit';
import type { EventBus } from 'shared-events';
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
}

/** Which shell page a location shows: the route table of the shell (spec §2 Routes). */
export type ShellPage = 'home' | 'sign-in-callback' | 'remote' | 'not-found';

/**
 * The shell page for a location: '/' without `query` is home; '/' with `query` and every page route of
 * the remote registry belong to a remote (the shell renders nothing there); `/auth/callback` is the
 * sign-in callback; anything else is not found.
 */
export function shellPageFor(location: { pathname: string; search: string }): ShellPage {
  if (location.pathname === '/') return new URLSearchParams(location.search).has('query') ? 'remote' : 'home';
  if (location.pathname === CALLBACK_PATH) return 'sign-in-callback';
  return isRemotePagePath(location.pathname) ? 'remote' : 'not-found';
}

/**
 * The shell's own pages (rendered into `#shell-root`): '/', the sign-in callback `/auth/callback`, and
 * the not-found page. The routes of remote pages (from the remote registry) render nothing here: their
 * remote fills `#slot-page`. Each page sits in its own {@link ShellErrorBoundary}, reset when the path
 * changes. The location comes from the remote kit's `useLocation` (popstate and single-spa routing events).
 */
export function ShellRoutes({ bus, navigate = kitNavigate }: ShellRoutesProps) {
  const location = useLocation();
  const page = shellPageFor(location);
  if (page === 'remote') return null;
  return (
    <ShellErrorBoundary key={location.pathname} page={page}>
      {page === 'home' && <HomePage bus={bus} navigate={navigate} />}
      {page === 'sign-in-callback' && <SignInCallbackPage />}
      {page === 'not-found' && <NotFoundPage navigate={navigate} />}
    </ShellErrorBoundary>
  );
}
