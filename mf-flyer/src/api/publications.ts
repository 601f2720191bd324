/**
 * The store's current publication (contract §2): `GET {origin}/api/publications?merchant=…&storeCode=…`
 * → `{ publications: [...] }`, the current one first. A cross-origin GET (the provider allows any
 * origin); the page's CSP must allow the provider's origin in `connect-src`.
 */
import { publicationSummarySchema, type Publication } from 'shared-events/contracts';

/** How long the publications call may take (ms). */
export const PUBLICATIONS_TIMEOUT_MS = 10_000;

/** The store has no publication (empty list, or the provider does not know the store: 404). */
export class NoPublicationError extends Error {
  constructor(readonly storeCode: string) {
    super(`no publication for store ${storeCode}`);
    this.name = 'NoPublicationError';
  }
}

/**
 * The current publication of a store: the first of the answer.
 * @param origin the provider's origin (`config.flyer.origin`)
 * @param signal aborts the call (react-query passes one)
 * @throws NoPublicationError on 404 or an empty list; Error 'publications: HTTP <status>' on any
 *   other non-2xx answer, 'publications: bad answer' on a malformed body, 'publications: timed out'
 *   after {@link PUBLICATIONS_TIMEOUT_MS}; network errors propagate
 */
export async function fetchCurrentPublication(
  { origin, merchant, storeCode }: { origin: string; merchant: string; storeCode: string },
  signal?: AbortSignal,
  timeoutMs: number = PUBLICATIONS_TIMEOUT_MS,
): Promise<Publication> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => { timedOut = true; controller.abort(); }, timeoutMs);
  const onAbort = () => controller.abort();
  signal?.addEventListener('abort', onAbort);
  try {
    const url = `${origin}/api/publications?${new URLSearchParams({ merchant, storeCode })}`;
    let res: Response;
    try {
      res = await fetch(url, { headers: { accept: 'application/json' }, signal: controller.signal, credentials: 'omit' });
    } catch (error) {
      if (timedOut) throw new Error('publications: timed out');
      throw error;
    }
    if (res.status === 404) throw new NoPublicationError(storeCode);
    if (!res.ok) throw new Error(`publications: HTTP ${res.status}`);
    const body = (await res.json()) as { publications?: unknown };
    if (!Array.isArray(body?.publications)) throw new Error('publications: bad answer');
    if (body.publications.length === 0) throw new NoPublicationError(storeCode);
    // The current one (the first) must match the contract; later ones are not used.
    const first = publicationSummarySchema.safeParse(body.publications[0]);
    if (!first.success) throw new Error('publications: bad answer');
    return first.data;
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
  }
}
