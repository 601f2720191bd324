/**
 * @storefront/remote-kit: what every remote shares (ARCHITECTURE §1–§4): single-spa lifecycles,
 * providers and error policy, the location hook and navigate, debouncing, server state, and safe URLs.
 * Test helpers: `@storefront/remote-kit/testing`; the React-free URL checks alone:
 * `@storefront/remote-kit/safe-url`. Standalone mode (`/standalone`), the Dialog and the blocks are
 * subpaths (`/dialog`, `/blocks`), bundled into each user, so this shared root stays small.
 */
export { createRemoteLifecycles, lazyPage, ServedFirstView } from './lifecycles';
export type { RemoteLifecycleOptions, RemoteLifecycles, RemoteRootProps, ServedFirstViewProps } from './lifecycles';

export {
  KitProviders, PageLoading, RemoteErrorBoundary, DefaultRemoteFallback,
  handleRemoteError, remoteErrorMessage, useNavigate, useOptionalRemote, useRemote, useRemoteRuntime,
} from './providers';
export type { KitProvidersProps, RemoteContextValue, RemoteErrorBoundaryProps, RemoteFallback } from './providers';

export { DialogTrigger } from './dialog-trigger';
export type { DialogTriggerProps } from './dialog-trigger';

export { lazyPart, PartBoundary } from './lazyPart';
export type { LazyPart, PartBoundaryProps } from './lazyPart';

export { LOCATION_EVENTS, getLocationSnapshot, navigate, subscribeToLocation, useLocation } from './location';
export type { LocationSnapshot, NavigateOptions } from './location';

export { useDebouncedValue } from './debounce';

export * from './query';

export { MAX_RETURN_PATH_LENGTH, isSafeHttpUrl, safeReturnPath } from './safe-url';
export type { SafeHttpUrlOptions, SafeReturnPathOptions } from './safe-url';
