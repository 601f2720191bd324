/**
 * The steps of one query (Index.search): parse → filter (the index's bitsets) → candidates (text, scan or
 * page of the ranked order) → geo → rank and page → hits. Pure functions over what the index hands them.
 */
import type MiniSearch from 'minisearch';
import * as bits from './bits';
import type { Bits } from './bits';
import type { Candidates, Hit, RankingInfo, SearchField, SearchRecord } from './engine-types';
import { buildHighlight, type HighlightQuery } from './highlight';
import type { SearchParams } from './params';
import { compareSortKeys, distanceM, geoPoints, retrieve } from './records';
import { type Scorer, supportsFastPath } from './scorer';
import { maxTypos, normalizeTerm, scalarLeaves, tokenize, valuesAtPath } from './text';
import { topK } from './topk';

/** The query's words: as typed (for highlighting) and normalised (for matching), empty ones dropped. */
export interface ParsedQuery {
  words: string[];
  norm: string[];
}

/** Whether the i-th of n query words matches as a prefix (`queryType`; default: only the last word). */
export function prefixFor(queryType: SearchParams['queryType'], i: number, n: number): boolean {
  return queryType === 'prefixAll' ? true : queryType === 'prefixNone' ? false : i === n - 1;
}

/** Step 1, parse: the query's words. */
export function parseQuery(query: string): ParsedQuery {
  const words = tokenize(query);
  const norm = words.map(normalizeTerm);
  const kept = norm.map((w, i) => ({ w, i })).filter((x) => x.w !== '');
  return { words: kept.map((x) => words[x.i]), norm: kept.map((x) => x.w) };
}

/** Where the page starts and how many hits it has: Algolia's offset/length replaces page × hitsPerPage. */
export interface PageWindow {
  first: number;
  size: number;
  /** Hits reachable by paging (`paginationLimitedTo`). */
  limit: number;
}

/** The page window of `p` with the index's page size and pagination limit. */
export function pageWindow(p: SearchParams, hitsPerPage: number, limit: number): PageWindow {
  return {
    first: p.offset ?? p.page * hitsPerPage,
    size: p.offset === undefined ? hitsPerPage : p.length ?? hitsPerPage,
    limit,
  };
}

/** What the text step reads from the index. */
export interface TextIndex {
  fields: SearchField[];
  mini: MiniSearch<unknown>;
  scorer: Scorer;
  /** Number of doc slots (bitset size). */
  capacity: () => number;
}

/**
 * Step 2a, text candidates: the records matching every query word (in the searched fields), filtered, with
 * their score and relevance bucket (0..10, the score relative to the best one).
 */
export function textCandidates(index: TextIndex, q: ParsedQuery, p: SearchParams, filter: Bits | undefined): Candidates {
  const restrict = p.restrictSearchableAttributes;
  const fieldNames = restrict ? index.fields.filter((f) => f.attrs.some((a) => restrict.includes(a))).map((f) => f.name) : undefined;
  let candidates: Candidates = { ids: [], scores: [] };
  if (!fieldNames || fieldNames.length > 0) {
    const searchBoosts: Record<string, number> = {};
    for (const f of index.fields) if (!fieldNames || fieldNames.includes(f.name)) searchBoosts[f.name] = f.boost;
    if (supportsFastPath(index.mini)) {
      const words = q.norm.map((term, i) => ({ term, prefix: prefixFor(p.queryType, i, q.norm.length), maxTypos: p.typoTolerance ? maxTypos(term) : 0 }));
      candidates = index.scorer.run(index.mini, words, searchBoosts, filter, index.capacity());
    } else {
      const results = index.mini.search(q.norm.join(' '), {
        fields: Object.keys(searchBoosts),
        boost: searchBoosts,
        combineWith: 'AND',
        prefix: (_t, i, terms) => prefixFor(p.queryType, i, terms.length),
        fuzzy: (t) => (p.typoTolerance && t.length >= 4 ? 0.2 : false),
        maxFuzzy: 6,
      });
      for (const r of results) {
        const id = r.id as number;
        if (filter && !bits.hasBit(filter, id)) continue;
        candidates.ids.push(id);
        candidates.scores.push(r.score);
      }
    }
  }
  let max = 0;
  for (const sc of candidates.scores) if (sc > max) max = sc;
  const buckets = new Uint8Array(candidates.ids.length);
  if (max > 0) for (let i = 0; i < buckets.length; i++) buckets[i] = Math.round((candidates.scores[i] / max) * 10);
  candidates.buckets = buckets;
  return candidates;
}

/** Step 2b, scan: every filtered record in ranking order is a candidate (geo or sorted listings). */
export function scanCandidates(order: Int32Array, filter: Bits | undefined): Candidates {
  const candidates: Candidates = { ids: [], scores: [] };
  for (let i = 0; i < order.length; i++) {
    const id = order[i];
    if (filter && !bits.hasBit(filter, id)) continue;
    candidates.ids.push(id);
    candidates.scores.push(0);
  }
  return candidates;
}

/** Step 2c, empty query without geo or sort: the page straight from the ranking order, and the hit count. */
export function orderedPage(order: Int32Array, filter: Bits | undefined, { first, size, limit }: PageWindow): { ids: number[]; nbHits: number } {
  const ids: number[] = [];
  const end = Math.min(first + size, limit);
  let nbHits = 0;
  for (let i = 0; i < order.length; i++) {
    const id = order[i];
    if (filter && !bits.hasBit(filter, id)) continue;
    if (nbHits >= first && nbHits < end) ids.push(id);
    nbHits++;
  }
  return { ids, nbHits };
}

/**
 * Step 3, geo: keeps the candidates with a `_geoloc` within `radius` metres (any distance without one)
 * of `geo`, with their distance (m, rounded) to the nearest point.
 */
export function geoCandidates(
  candidates: Candidates,
  docs: ReadonlyArray<SearchRecord | undefined>,
  geo: { lat: number; lng: number },
  radius: number | undefined,
): Candidates {
  const kept: Candidates = { ids: [], scores: [] };
  const keptBuckets: number[] = [];
  const keptDists: number[] = [];
  for (let i = 0; i < candidates.ids.length; i++) {
    const pts = geoPoints(docs[candidates.ids[i]]!);
    if (pts.length === 0) continue;
    let d = Infinity;
    for (const pt of pts) d = Math.min(d, distanceM(geo.lat, geo.lng, pt.lat, pt.lng));
    d = Math.round(d);
    if (radius !== undefined && d > radius) continue;
    kept.ids.push(candidates.ids[i]);
    kept.scores.push(candidates.scores[i]);
    keptBuckets.push(candidates.buckets ? candidates.buckets[i] : 0);
    keptDists.push(d);
  }
  kept.buckets = Uint8Array.from(keptBuckets);
  kept.dists = Float64Array.from(keptDists);
  return kept;
}

/**
 * Step 4, rank and page: indexes into `candidates` of the page's hits. Order: the sort key (when
 * sorting), text bucket, distance, customRanking rank, raw score.
 */
export function rankedPage(
  candidates: Candidates,
  { first, size, limit }: PageWindow,
  rank: Int32Array,
  sort?: { keys: Array<number | string | undefined>; dir: 1 | -1 },
): number[] {
  const { ids, scores, buckets, dists } = candidates;
  const nbHits = ids.length;
  const end = Math.min(first + size, limit, nbHits);
  if (first >= end) return [];
  const idx = new Int32Array(nbHits);
  for (let i = 0; i < nbHits; i++) idx[i] = i;
  const cmp = (a: number, b: number): number =>
    (sort ? compareSortKeys(sort.keys[a], sort.keys[b], sort.dir) : 0) ||
    (buckets ? buckets[b] - buckets[a] : 0) || (dists ? dists[a] - dists[b] : 0) || rank[ids[a]] - rank[ids[b]] || scores[b] - scores[a];
  return topK(idx, end, cmp).slice(first, end);
}

/** What a hit is made of: the attributes to return and highlight, and the ranking info inputs. */
export interface HitContext {
  docs: ReadonlyArray<SearchRecord | undefined>;
  toRetrieve: string[];
  toHighlight: string[];
  highlight: HighlightQuery;
  /** `_rankingInfo` inputs, only with `getRankingInfo`. */
  ranking?: { rank: Int32Array; count: number; words: number; filters: number; geo: boolean };
}

/** Step 5, hits: record `id` as returned (`ci`: its index in the candidates, for score and distance). */
export function makeHit(ctx: HitContext, candidates: Candidates | undefined, id: number, ci?: number): Hit {
  const rec = ctx.docs[id]!;
  const hit = retrieve(rec, ctx.toRetrieve);
  if (ctx.toHighlight.length > 0) hit._highlightResult = buildHighlight(rec, ctx.toHighlight, ctx.highlight);
  const r = ctx.ranking;
  if (r) {
    const info: RankingInfo = {
      textScore: candidates && ci !== undefined ? candidates.scores[ci] : 0,
      words: r.words,
      nbTypos: 0,
      firstMatchedWord: 0,
      proximityDistance: 0,
      userScore: r.rank[id] === 0x7fffffff ? 0 : r.count - r.rank[id],
      nbExactWords: 0,
      filters: r.filters,
    };
    if (r.geo) {
      info.geoDistance = candidates?.dists && ci !== undefined ? candidates.dists[ci] : 0;
      info.geoPrecision = 1;
    }
    hit._rankingInfo = info;
  }
  return hit;
}

/** Step 4 (tie-breaks), ranking: docIds of live records sorted by customRanking (then insertion order), and each doc's rank. */
export function rankingOrder(docs: ReadonlyArray<SearchRecord | undefined>, customRanking: readonly string[]): { order: Int32Array; rank: Int32Array } {
  const criteria: Array<{ path: string[]; dir: number }> = [];
  for (const c of customRanking) {
    const m = /^\s*(asc|desc)\((.+)\)\s*$/.exec(c);
    if (m) criteria.push({ path: m[2].trim().split('.'), dir: m[1] === 'asc' ? 1 : -1 });
  }
  const ids: number[] = [];
  for (let id = 0; id < docs.length; id++) if (docs[id]) ids.push(id);
  if (criteria.length > 0) {
    const keys = criteria.map((c) =>
      ids.map((id) => {
        const leaf = scalarLeaves(valuesAtPath(docs[id], c.path))[0];
        return leaf === undefined ? undefined : leaf;
      }),
    );
    const pos = new Map<number, number>();
    ids.forEach((id, i) => pos.set(id, i));
    ids.sort((a, b) => {
      const ia = pos.get(a)!;
      const ib = pos.get(b)!;
      for (let k = 0; k < criteria.length; k++) {
        const va = keys[k][ia];
        const vb = keys[k][ib];
        if (va === vb) continue;
        if (va === undefined) return 1; // missing values last
        if (vb === undefined) return -1;
        const d = typeof va === 'number' && typeof vb === 'number' ? va - vb : String(va).localeCompare(String(vb));
        if (d !== 0) return d * criteria[k].dir;
      }
      return a - b;
    });
  }
  const order = Int32Array.from(ids);
  const rank = new Int32Array(docs.length).fill(0x7fffffff);
  order.forEach((id, i) => (rank[id] = i));
  return { order, rank };
}
