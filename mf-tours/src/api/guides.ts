/**
 * The guided tours' text from managed content (spec §3 Guide text content): `GET <apiBase>/content/guides`
 * on the BFF (services/seed/data/content/guides.json), answered in the BFF envelope `{ data: <content> }`.
 */
import { parseGuideContent, type GuideContent } from '../state/guides';

/**
 * Fetches and parses the guide content.
 * @throws Error on a network error, a non-2xx answer or content that is not guides
 */
export async function fetchGuideContent(apiBase: string, signal?: AbortSignal): Promise<GuideContent> {
  const res = await fetch(`${apiBase}/content/guides`, { headers: { accept: 'application/json' }, signal });
  if (!res.ok) throw new Error(`GET ${apiBase}/content/guides: HTTP ${res.status}`);
  const body = (await res.json()) as { data?: unknown };
  return parseGuideContent(body?.data);
}

let contentCache: Promise<GuideContent> | null = null;
/** The guide content, fetched once per page load (a failure is retried on the next eligible page). */
export function loadGuideContent(apiBase: string): Promise<GuideContent> {
  if (!contentCache) {
    contentCache = fetchGuideContent(apiBase);
    contentCache.catch(() => {
      contentCache = null;
    });
  }
  return contentCache;
}
/** Tests: forget the fetched content. */
export function resetGuideContentCache(): void {
  contentCache = null;
}
