/**
 * Popular searches (spec §3 Popular search `{ search, count, nbHits }`; content-managed popular
 * searches add `enablePopularSearch`, `startDate`, `endDate`; §5 "Content-managed popular searches are
 * used only when enablePopularSearch is on, the list is non-empty and today lies within startDate and
 * endDate").
 */

/** One popular search as shown. */
export interface PopularSearch {
  search: string;
}

/** The content-managed list (services/seed/data/content/popular-searches.json, served by the BFF). */
export interface PopularSearchContent {
  enablePopularSearch?: boolean;
  /** 'YYYY-MM-DD', inclusive. */
  startDate?: string;
  /** 'YYYY-MM-DD', inclusive. */
  endDate?: string;
  items?: Array<{ search?: unknown }>;
}

/** Popular searches shown in the dropdown. */
export const MAX_POPULAR = 6;

/** The shopper's local date as 'YYYY-MM-DD'. */
export function localDay(now: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${p(now.getMonth() + 1)}-${p(now.getDate())}`;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The content list's usable items (non-empty strings), without duplicates. */
export function contentItems(content: PopularSearchContent | null | undefined): PopularSearch[] {
  const seen = new Set<string>();
  const out: PopularSearch[] = [];
  for (const item of content?.items ?? []) {
    const s = typeof item?.search === 'string' ? item.search.trim() : '';
    if (s && !seen.has(s.toLowerCase())) {
      seen.add(s.toLowerCase());
      out.push({ search: s });
    }
  }
  return out;
}

/**
 * Whether the content-managed list replaces the analytics (spec §5): enabled, non-empty, and
 * `startDate <= today <= endDate` (both required, 'YYYY-MM-DD', inclusive, the shopper's local date).
 */
export function isContentActive(content: PopularSearchContent | null | undefined, now: Date): boolean {
  if (!content || content.enablePopularSearch !== true) return false;
  if (contentItems(content).length === 0) return false;
  const { startDate, endDate } = content;
  if (typeof startDate !== 'string' || typeof endDate !== 'string' || !DAY.test(startDate) || !DAY.test(endDate)) return false;
  const today = localDay(now);
  return startDate <= today && today <= endDate;
}

/**
 * The popular searches to show: the content list when active, else the engine's top searches
 * (analytics, most searched first) that found something (`nbHits > 0`: a search without results is
 * never suggested, which also keeps one-off and abusive queries out), at most {@link MAX_POPULAR}.
 */
export function choosePopular(content: PopularSearchContent | null | undefined, analytics: ReadonlyArray<{ search: string; count?: number; nbHits?: number }>, now: Date): PopularSearch[] {
  const list = isContentActive(content, now)
    ? contentItems(content)
    : analytics.filter((a) => a.search.trim() !== '' && (a.nbHits === undefined || a.nbHits > 0)).map((a) => ({ search: a.search }));
  return list.slice(0, MAX_POPULAR);
}
