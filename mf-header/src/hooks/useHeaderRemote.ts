import { useOptionalRemote } from '@storefront/remote-kit';
import { bus as sharedBus, DEFAULT_RUNTIME_CONFIG, type EventBus, type RuntimeConfig } from 'shared-events';

/** What the header's components read from the single-spa custom props (RemoteProps). */
export interface HeaderRemote {
  /** The page's bus; the shared singleton when the props name none. */
  bus: EventBus;
  /** In-site navigation without reload (RemoteProps.navigate); without it site links are normal links. */
  navigate?: (url: string) => void;
  /** RuntimeConfig.apiBase, the BFF base path (default '/api'). */
  apiBase: string;
  /** The runtime config, when the props carry one (vendors' script URLs). */
  config?: RuntimeConfig;
}

/**
 * The custom props the shell (or `mountStandalone`, or `renderWithKit` in tests) gave the kit's
 * providers, read from the kit's context so components deep in the header need not thread them.
 * Outside the kit's providers: the shared bus, no navigate, '/api'.
 */
export function useHeaderRemote(): HeaderRemote {
  const remote = useOptionalRemote();
  return {
    bus: remote?.bus ?? sharedBus,
    navigate: remote?.navigate,
    apiBase: remote?.config?.apiBase ?? DEFAULT_RUNTIME_CONFIG.apiBase,
    config: remote?.config,
  };
}
