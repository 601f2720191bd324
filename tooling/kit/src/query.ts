/**
 * Server state for every remote, on `@tanstack/react-query` v5: caching, de-duplication, retries and
 * stale-response handling replace the hand-kept `live` / `cancelled` / `seq` flags around fetches
 * (a query's data always belongs to its current key; an answer for an older key is never shown).
 */
import { QueryClient, type QueryClientConfig } from '@tanstack/react-query';

export {
  QueryClient,
  QueryClientProvider,
  keepPreviousData,
  skipToken,
  useIsFetching,
  useMutation,
  useQueries,
  useQuery,
  useQueryClient,
  useSuspenseQuery,
} from '@tanstack/react-query';
export type {
  QueryClientConfig,
  QueryFunctionContext,
  QueryKey,
  UseMutationOptions,
  UseMutationResult,
  UseQueryOptions,
  UseQueryResult,
} from '@tanstack/react-query';

/** Time in ms a fetched answer counts as fresh before a remount or key revisit refetches it (30 000 ms). */
export const KIT_STALE_TIME_MS = 30_000;

/**
 * A QueryClient with the kit's defaults: queries retry once (`retry: 1`), do not refetch on window
 * focus (`refetchOnWindowFocus: false`), stay fresh {@link KIT_STALE_TIME_MS} ms; mutations never
 * retry (a card link or list write must not run twice). `config.defaultOptions` are merged over them.
 * One client per mounted app ({@link createRemoteLifecycles} and {@link mountStandalone} make it), so
 * two remotes never share a cache through a singleton.
 */
export function createKitQueryClient(config: QueryClientConfig = {}): QueryClient {
  const { defaultOptions, ...rest } = config;
  return new QueryClient({
    ...rest,
    defaultOptions: {
      ...defaultOptions,
      queries: { retry: 1, refetchOnWindowFocus: false, staleTime: KIT_STALE_TIME_MS, ...defaultOptions?.queries },
      mutations: { retry: 0, ...defaultOptions?.mutations },
    },
  });
}
