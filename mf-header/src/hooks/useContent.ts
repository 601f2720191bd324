import { useEffect } from 'react';
import { useQuery } from '@storefront/remote-kit';
import { fetchContent, type ContentName } from '../api/content';

/** Load state of a content document. */
export type ContentState<T> =
  | { status: 'loading'; data: null }
  | { status: 'ready'; data: T }
  | { status: 'failed'; data: null };

/**
 * A content document from the BFF ({@link fetchContent}: `GET {apiBase}/content/{name}`), mapped
 * with `select` (a pure, module-level function such as `buildMenu`), as server state through the
 * kit's `useQuery` (one QueryClient per mounted app, so the header and the footer each fetch their
 * own document once; aborted on unmount).
 *
 * A network failure, an error envelope or a `select` that throws gives `{ status: 'failed' }` and a
 * `console.warn`; the caller shows its fallback (spec §8 "Other failures are silently ignored").
 *
 * @param apiBase `RuntimeConfig.apiBase`, normally `'/api'`
 * @param name    `'menu'` | `'footer'`
 * @param select  maps the envelope's `data` to what the component renders; keep it stable
 * @throws Error when rendered outside the kit's providers (no QueryClient)
 */
export function useContent<T>(apiBase: string, name: ContentName, select: (data: unknown) => T): ContentState<T> {
  const query = useQuery({
    queryKey: ['mf-header', 'content', apiBase, name],
    queryFn: ({ signal }) => fetchContent(apiBase, name, signal),
    select,
  });
  const { error } = query;
  useEffect(() => {
    if (error) console.warn(`[mf-header] could not load the ${name} content`, error);
  }, [error, name]);
  if (query.status === 'success') return { status: 'ready', data: query.data };
  if (query.status === 'error') return { status: 'failed', data: null };
  return { status: 'loading', data: null };
}
