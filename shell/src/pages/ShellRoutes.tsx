import { Route, Routes, useLocation, useSearchParams } from 'react-router-dom';
import type { EventBus } from 'shared-events';
import { CALLBACK_PATH, REMOTE_PAGE_PATHS } from '../apps';
import { HomePage } from './HomePage';
import { NotFoundPage } from './NotFoundPage';
import { ShellErrorBoundary } from './ShellErrorBoundary';
import { SignInCallbackPage } from './SignInCallbackPage';

/** '/' : the home page, or nothing when `query` is set (the mf-search results remote fills `#slot-page`). */
function HomeRoute({ bus }: { bus?: EventBus }) {
  const [params] = useSearchParams();
  if (params.has('query')) return null;
  return <HomePage bus={bus} />;
}

/** Props of {@link ShellRoutes}. */
export interface ShellRoutesProps {
  bus?: EventBus;
}

/**
 * The shell's own pages (rendered into `#shell-root` inside a router): '/', the sign-in callback
 * `/auth/callback`, and the not-found page. The paths of remote pages (REMOTE_PAGE_PATHS:
 * /store-locator, /stores/:slug, /verify-card, /scene) render nothing here: their remote fills `#slot-page`.
 * Each page sits in its own {@link ShellErrorBoundary}, reset when the path changes.
 */
export function ShellRoutes({ bus }: ShellRoutesProps) {
  const { pathname } = useLocation();
  return (
    <Routes>
      <Route path="/" element={<ShellErrorBoundary key={pathname} page="home"><HomeRoute bus={bus} /></ShellErrorBoundary>} />
      <Route path={CALLBACK_PATH} element={<ShellErrorBoundary key={pathname} page="sign-in-callback"><SignInCallbackPage /></ShellErrorBoundary>} />
      {REMOTE_PAGE_PATHS.map((path) => <Route key={path} path={path} element={null} />)}
      <Route path="*" element={<ShellErrorBoundary key={pathname} page="not-found"><NotFoundPage /></ShellErrorBoundary>} />
    </Routes>
  );
}
