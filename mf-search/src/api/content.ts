/**
 * Content-managed popular searches from the BFF (`GET /api/content/popular-searches`, public; data =
 * services/seed/data/content/popular-searches.json; spec §3, §5).
 */
import { callBff } from 'shared-events';
import { popularSearchContentSchema } from 'shared-events/contracts';
import type { PopularSearchContent } from '../state/popular';

/**
 * The content list, or null when the BFF is unreachable, answers an error envelope or a malformed
 * body: one that breaks `popularSearchContentSchema` (callers then use the engine's analytics).
 */
export async function fetchPopularContent(apiBase: string): Promise<PopularSearchContent | null> {
  try {
    const env = await callBff<unknown>(apiBase, '/content/popular-searches', { method: 'GET' });
    if (env.status !== 'success') return null;
    const parsed = popularSearchContentSchema.safeParse(env.data);
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
