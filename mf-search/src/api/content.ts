/**
 * Content-managed popular searches from the BFF (`GET /api/content/popular-searches`, public; data =
 * services/seed/data/content/popular-searches.json; spec §3, §5).
 */
import { callBff } from 'shared-events';
import type { PopularSearchContent } from '../state/popular';

/**
 * The content list, or null when the BFF is unreachable, answers an error envelope or a malformed
 * body (callers then use the engine's analytics).
 */
export async function fetchPopularContent(apiBase: string): Promise<PopularSearchContent | null> {
  try {
    const env = await callBff<PopularSearchContent>(apiBase, '/content/popular-searches', { method: 'GET' });
    if (env.status !== 'success' || !env.data || typeof env.data !== 'object') return null;
    return env.data;
  } catch {
    return null;
  }
}
