/** The engine's record, settings, response and internal index shapes (Algolia's where they are public). */
import type { HighlightTree } from './highlight';

export type SearchRecord = { objectID: string } & Record<string, unknown>;

/**
 * Index settings honoured by the engine. Any other Algolia setting is stored and returned by
 * `getSettings` but has no effect.
 */
export interface IndexSettings {
  /** Attributes searched, most important first; `'a,b'` = same priority; `unordered(x)` accepted; dotted paths allowed. Unset = all attributes. */
  searchableAttributes?: string[] | null;
  /** Attributes usable for faceting: `x`, `filterOnly(x)`, `searchable(x)`, `afterDistinct(x)`. */
  attributesForFaceting?: string[] | null;
  /** Tie-breakers such as `desc(popularity)`, `asc(price)`. */
  customRanking?: string[] | null;
  /** Default page size (default 20). */
  hitsPerPage?: number | null;
  /** Default attributes to retrieve (default `['*']`). */
  attributesToRetrieve?: string[] | null;
  /** Default attributes to highlight (default: the searchable attributes). */
  attributesToHighlight?: string[] | null;
  /** Hits reachable by paging (default 1000). */
  paginationLimitedTo?: number | null;
  [setting: string]: unknown;
}

/** One hit of a search response: the record's retrieved attributes plus highlight/ranking info. */
export interface Hit {
  objectID: string;
  _highlightResult?: Record<string, HighlightTree>;
  _rankingInfo?: RankingInfo;
  [attr: string]: unknown;
}

/** `_rankingInfo` returned when `getRankingInfo` is true. */
export interface RankingInfo {
  /** Distance in metres from `aroundLatLng` (only with `aroundLatLng`). */
  geoDistance?: number;
  /** Geo precision in metres (always 1). */
  geoPrecision?: number;
  /** Text relevance score from MiniSearch (0 for an empty query). */
  textScore: number;
  /** Number of query words matched. */
  words: number;
  nbTypos: number;
  firstMatchedWord: number;
  proximityDistance: number;
  userScore: number;
  nbExactWords: number;
  filters: number;
}

/** A search response in Algolia's shape. */
export interface SearchResponse {
  hits: Hit[];
  /** Number of matching records (exact). */
  nbHits: number;
  /** 0-based page returned. */
  page: number;
  nbPages: number;
  hitsPerPage: number;
  /** Server-side time spent on this query, in milliseconds. */
  processingTimeMS: number;
  query: string;
  /** The parameters as received, URL-encoded. */
  params: string;
  index: string;
  exhaustiveNbHits: true;
  exhaustive: { nbHits: true; typo: true };
  /** 32 hex characters, only when `clickAnalytics` is true. */
  queryID?: string;
  /** Facet value counts, only when `facets` was requested: attribute → value → count. */
  facets?: Record<string, Record<string, number>>;
  /**
   * For every requested facet whose values in the hits are all numbers: `{ min, max, avg, sum }`
   * over the hits (Algolia's `facets_stats`; units are the attribute's, e.g. cents for `price`).
   */
  facets_stats?: Record<string, { min: number; max: number; avg: number; sum: number }>;
  /** Echoed when `offset` was given (`length`: the hits asked for from `offset`). */
  offset?: number;
  length?: number;
  /** `lat,lng` echoed when `aroundLatLng` was given. */
  aroundLatLng?: string;
  /** The `consequence.userData` of every applied query rule (only when at least one applied and has userData). */
  userData?: unknown[];
  /** objectIDs of the applied query rules (only when at least one applied). */
  appliedRules?: Array<{ objectID: string }>;
}

export interface Doc {
  id: number;
  rec: SearchRecord;
}

export interface SearchField {
  name: string;
  paths: string[][];
  attrs: string[];
  boost: number;
}

export interface FacetEntry {
  display: string;
  ids: number[];
}

export interface NumericIndex {
  values: Float64Array;
  ids: Int32Array;
}

/** Matching docs as parallel arrays (no per-candidate objects: keeps GC pauses short). */
export interface Candidates {
  ids: number[];
  /** Text score (0 for an empty query). */
  scores: number[];
  /** Relevance bucket 0..10 (score relative to the best score). */
  buckets?: Uint8Array;
  /** Distance in metres to `aroundLatLng`. */
  dists?: Float64Array;
}


export interface OperationParams {
  operation: 'copy' | 'move';
  destination: string;
  /** For copy: only these parts (`settings`, `synonyms`, `rules`); records are then not copied. */
  scope?: string[];
}

/** Summary of an index as listed by `GET /1/indexes`. */
export interface IndexSummary {
  name: string;
  createdAt: string;
  updatedAt: string;
  /** Number of records. */
  entries: number;
  dataSize: number;
  fileSize: number;
  lastBuildTimeS: number;
  numberOfPendingTasks: number;
  pendingTask: boolean;
}

