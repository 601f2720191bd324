/**
 * The store locator's text as managed content (spec §7 Content queries: "store-locator text"):
 * `GET {apiBase}/content/store-locator` (BFF, services/seed/data/content/store-locator.json) →
 * envelope data `{ heading, lead }`, read through the kit's `useQuery` under this remote's key. The
 * built-in text (src/first-view.json, which the edge serves as the page's first view) shows while it
 * loads and if it cannot be read (spec §8 "Other failures are silently ignored").
 */
import { callBff } from 'shared-events';
import { STORE_QUERY_ROOT } from './storeQueries';

/** The content document's name at the BFF. */
export const LOCATOR_TEXT_CONTENT = 'store-locator';

/** The locator's intro: the page heading and the lead paragraph (plain text). */
export interface LocatorText {
  heading: string;
  lead: string;
}

const MAX_TEXT = 400;
const text = (v: unknown) => (typeof v === 'string' && v.trim().length > 0 && v.length <= MAX_TEXT ? v.trim() : null);

/**
 * Validates the content document: `heading` and `lead` strings of 1–400 characters.
 * @throws Error naming the bad field
 */
export function parseLocatorText(data: unknown): LocatorText {
  const raw = data && typeof data === 'object' ? (data as Record<string, unknown>) : {};
  const heading = text(raw.heading);
  const lead = text(raw.lead);
  if (!heading) throw new Error('store-locator content: heading must be a string of 1–400 characters');
  if (!lead) throw new Error('store-locator content: lead must be a string of 1–400 characters');
  return { heading, lead };
}

/**
 * The query of the locator's text (kit `useQuery`): one read per page mount, kept for the session.
 * @param apiBase `RuntimeConfig.apiBase`, normally '/api'
 */
export function locatorTextQuery(apiBase: string) {
  return {
    queryKey: [STORE_QUERY_ROOT, 'content', LOCATOR_TEXT_CONTENT, apiBase] as const,
    queryFn: async ({ signal }: { signal?: AbortSignal }): Promise<LocatorText> => {
      const env = await callBff(apiBase, `/content/${LOCATOR_TEXT_CONTENT}`, { method: 'GET', signal });
      if (env.status !== 'success') throw new Error(`store-locator content: ${env.code} ${env.message}`);
      return parseLocatorText(env.data);
    },
    staleTime: Infinity,
  };
}
