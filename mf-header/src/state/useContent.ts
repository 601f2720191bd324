import { useEffect, useState } from 'react';
import { callBff } from 'shared-events';

/** Load state of a content document. */
export type ContentState<T> =
  | { status: 'loading'; data: null }
  | { status: 'ready'; data: T }
  | { status: 'failed'; data: null };

/**
 * Fetches a content document from the BFF once: `GET {apiBase}/content/{name}` (envelope
 * `{ status, code, message, data }`, `data` = the JSON of services/seed/data/content/<name>.json)
 * through `callBff`, then maps it with `select` (a pure function, e.g. `buildMenu`).
 *
 * A network failure, an error envelope or a `select` that throws gives `{ status: 'failed' }`; the
 * caller shows its fallback (spec §8 "Other failures are silently ignored"). Aborted on unmount.
 *
 * @param apiBase  RuntimeConfig.apiBase, normally '/api'
 * @param name     'menu' | 'footer'
 * @param select   maps the envelope's `data` to what the component renders
 */
export function useContent<T>(apiBase: string, name: 'menu' | 'footer', select: (data: unknown) => T): ContentState<T> {
  const [state, setState] = useState<ContentState<T>>({ status: 'loading', data: null });
  useEffect(() => {
    const controller = new AbortController();
    callBff(apiBase, `/content/${name}`, { method: 'GET', signal: controller.signal })
      .then((env) => {
        if (controller.signal.aborted) return;
        if (env.status !== 'success' || env.data == null) throw new Error(`content ${name}: ${env.code} ${env.message}`);
        setState({ status: 'ready', data: select(env.data) });
      })
      .catch((err: unknown) => {
        if (controller.signal.aborted) return;
        console.warn(`[mf-header] could not load the ${name} content`, err);
        setState({ status: 'failed', data: null });
      });
    return () => controller.abort();
    // `select` is a module-level pure function; the content is fetched once per apiBase/name.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [apiBase, name]);
  return state;
}
