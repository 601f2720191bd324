/**
 * `@storefront/remote-kit/testing`: render a remote's components in jest with the kit's providers
 * and a test bus (shared-events/testing), with no shell (ARCHITECTURE §6).
 */
import type { ReactElement, ReactNode } from 'react';
import { render, type RenderOptions, type RenderResult } from '@testing-library/react';
import { DEFAULT_RUNTIME_CONFIG, type RemoteProps } from 'shared-events';
import { createTestBus, type TestBus } from 'shared-events/testing';
import { KitProviders } from './providers';
import { createKitQueryClient, type QueryClient } from './query';

export { KitProviders } from './providers';

/**
 * A QueryClient for tests: no retries (a failing fake answers at once), no garbage-collection
 * timers left running (`gcTime: Infinity`), otherwise the kit's defaults.
 */
export function createTestQueryClient(): QueryClient {
  return createKitQueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } } });
}

/** Options of {@link renderWithKit}. */
export interface RenderWithKitOptions extends Omit<RenderOptions, 'wrapper'> {
  /** MF remote name for `useRemote()`. Default `'test-remote'`. */
  remote?: string;
  /** A test bus; default a new `createTestBus()`. */
  kit?: TestBus;
  /** Custom props over `{ bus: kit.bus, config: DEFAULT_RUNTIME_CONFIG, navigate: jest.fn() }`. */
  remoteProps?: Partial<RemoteProps>;
  /** Default {@link createTestQueryClient}. */
  queryClient?: QueryClient;
}

/** {@link renderWithKit}'s result: Testing Library's plus the kit, props and client used. */
export interface RenderWithKitResult extends RenderResult {
  kit: TestBus;
  remoteProps: RemoteProps;
  queryClient: QueryClient;
}

/**
 * Testing Library `render` under {@link KitProviders} (QueryClient, remote context, Suspense) with a
 * fresh test bus. `remoteProps.navigate` defaults to a `jest.fn()` when jest is present.
 * @example const { kit } = renderWithKit(<StoreButton />); expect(kit.published('store/selector-open-requested')).toHaveLength(1);
 */
export function renderWithKit(ui: ReactElement, options: RenderWithKitOptions = {}): RenderWithKitResult {
  const { remote = 'test-remote', kit = createTestBus(), queryClient = createTestQueryClient(), ...rest } = options;
  const navigate = typeof jest !== 'undefined' ? jest.fn() : () => undefined;
  const remoteProps: RemoteProps = { bus: kit.bus, config: DEFAULT_RUNTIME_CONFIG, navigate, ...options.remoteProps };
  delete (rest as { remoteProps?: unknown }).remoteProps;
  const wrapper = ({ children }: { children?: ReactNode }) => (
    <KitProviders remote={remote} remoteProps={remoteProps} queryClient={queryClient}>{children}</KitProviders>
  );
  return { ...render(ui, { ...rest, wrapper }), kit, remoteProps, queryClient };
}

export {
  bodySnapshot, createLifecycleContext, describeRemoteLifecycles, expectUnmountedCleanly, hasReactRoot, runLifecycle,
} from './lifecycle-harness';
export type {
  LifecycleCheck, LifecycleContext, LifecycleContextOptions, LifecyclesModule, RemoteLifecyclesHarnessOptions, SingleSpaTestProps,
} from './lifecycle-harness';
