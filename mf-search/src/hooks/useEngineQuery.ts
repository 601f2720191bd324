import { useQuery, type QueryKey, type UseQueryOptions, type UseQueryResult } from '@storefront/remote-kit';
import { engineRetryDelay } from '../api/engine';

/** What {@link useEngineQuery} gives: the kit's query result, its settled failure and a retry. */
export interface EngineQuery<T> {
  result: UseQueryResult<T>;
  /** The query settled in error (not while a retry is in flight): the page shows its error state. */
  failed: boolean;
  /** 'Try again': asks the engine again (loading meanwhile). */
  retry: () => void;
}

/**
 * A query to the search engine through the kit's `useQuery`, with the engine's retry policy
 * (`engineRetryDelay`: one retry 300 ms later, none when the engine refused the connection).
 */
export function useEngineQuery<T>(options: Omit<UseQueryOptions<T, Error, T, QueryKey>, 'retryDelay'>): EngineQuery<T> {
  const result = useQuery<T, Error, T, QueryKey>({ ...options, retryDelay: engineRetryDelay });
  return { result, failed: result.isError && !result.isFetching, retry: () => { void result.refetch(); } };
}
