import { callBff } from 'shared-events';

/** The content documents mf-header reads (services/seed/data/content/<name>.json). */
export type ContentName = 'menu' | 'footer';

/**
 * Fetches a content document from the BFF: `GET {apiBase}/content/{name}` through shared-events'
 * `callBff` (envelope `{ status, code, message, data }`, `data` = the JSON of
 * services/seed/data/content/<name>.json). Anonymous; spec §7 content files.
 *
 * @param apiBase `RuntimeConfig.apiBase`, normally `'/api'`
 * @param name    `'menu'` (header) or `'footer'`
 * @param signal  aborts the request (react-query passes one per query)
 * @returns the envelope's `data`, not yet validated (see `buildMenu` / `buildFooter`)
 * @throws BffError on a network failure or a non-envelope answer; Error on an error envelope or no data
 */
export async function fetchContent(apiBase: string, name: ContentName, signal?: AbortSignal): Promise<unknown> {
  const env = await callBff(apiBase, `/content/${name}`, { method: 'GET', signal });
  if (env.status !== 'success' || env.data == null) throw new Error(`content ${name}: ${env.code} ${env.message}`);
  return env.data;
}
