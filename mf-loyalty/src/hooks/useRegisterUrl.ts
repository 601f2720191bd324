import { useLocation, useRemote } from '@storefront/remote-kit';
import { registerUrl } from '../state/registerUrl';

/** {@link registerUrl} for the current page and the remote's runtime config (kit context; re-renders on navigation). */
export function useRegisterUrl(): string {
  const { config } = useRemote();
  const { pathname, search, hash } = useLocation();
  return registerUrl(config?.loyaltySite, `${window.location.origin}${pathname}${search}${hash}`);
}
