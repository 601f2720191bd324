import { badRequest } from './errors';
import type { FilterList } from './filters';

/** Maximum query length in characters (Algolia's limit). */
export const MAX_QUERY_LENGTH = 512;
/** Maximum `hitsPerPage`. */
export const MAX_HITS_PER_PAGE = 1000;

/**
 * Validated search parameters (the subset of Algolia's search parameters this engine honours).
 * Unknown parameters are accepted and ignored.
 */
export interface SearchParams {
  /** Full-text query; empty = all records. At most 512 characters. */
  query: string;
  /** Algolia filter expression, see {@link parseFilters}. */
  filters?: string;
  facetFilters?: FilterList;
  numericFilters?: FilterList;
  /** Facet attributes to count (`['*']` = every attribute in `attributesForFaceting` not `filterOnly`). */
  facets?: string[];
  /** Max values per facet in `facets` counts (default 100). */
  maxValuesPerFacet?: number;
  /** 0..1000; default from index settings, else 20. */
  hitsPerPage?: number;
  /** 0-based page number. */
  page: number;
  /** Algolia's alternative to `page`: 0-based position of the first hit (≥ 0); used with `length`. */
  offset?: number;
  /** Hits from `offset` (0..1000; default `hitsPerPage`); ignored without `offset`, as on Algolia. */
  length?: number;
  attributesToRetrieve?: string[];
  attributesToHighlight?: string[];
  highlightPreTag?: string;
  highlightPostTag?: string;
  restrictSearchableAttributes?: string[];
  /** `{ lat, lng }` in degrees, from `aroundLatLng: 'lat,lng'`. */
  aroundLatLng?: { lat: number; lng: number };
  /** Radius in metres, or undefined for no limit (`'all'`). */
  aroundRadius?: number;
  getRankingInfo: boolean;
  clickAnalytics: boolean;
  analytics: boolean;
  /** false disables fuzzy matching. */
  typoTolerance: boolean;
  queryType: 'prefixLast' | 'prefixAll' | 'prefixNone';
  userToken?: string;
  /** Apply query rules (default true). */
  enableRules: boolean;
  /** Contexts for rule conditions with a `context`. */
  ruleContexts?: string[];
  /**
   * Engine extension (not an Algolia parameter): sort every hit by one attribute before relevance,
   * `asc(attr)` / `desc(attr)`, dotted paths allowed (e.g. `asc(storePrices.3299)`); records without
   * a numeric or text value of the attribute come last. On Algolia the same order comes from a
   * standard replica whose `ranking` starts with that criterion. Malformed → 400.
   */
  sort?: { path: string[]; dir: 1 | -1; raw: string };
  /** The parameters as received, URL-encoded (echoed back as `params` in the response). */
  raw: string;
}

type Raw = Record<string, unknown>;

/** Keys of a multi-query request that are not search parameters. */
const NON_PARAM_KEYS = new Set(['indexName', 'params', 'type', 'facet', 'facetQuery', 'maxFacetHits']);

/**
 * Merges a v4-style `params` URL-encoded string with v5-style flat keys (flat keys win) into one
 * plain object of raw values. Array/object values in the string form are JSON-decoded.
 */
export function collectRawParams(body: Raw): Raw {
  const out: Raw = {};
  if (typeof body.params === 'string') {
    for (const [k, v] of new URLSearchParams(body.params)) {
      out[k] = v;
    }
  } else if (body.params && typeof body.params === 'object' && !Array.isArray(body.params)) {
    Object.assign(out, body.params as Raw);
  }
  for (const [k, v] of Object.entries(body)) {
    if (!NON_PARAM_KEYS.has(k) && v !== undefined) out[k] = v;
  }
  return out;
}

function invalid(name: string): never {
  throw badRequest(`Invalid value for parameter ${name}`);
}

function asString(name: string, v: unknown): string | undefined {
  if (v === undefined || v === null) return undefined;
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  return invalid(name);
}

function asInt(name: string, v: unknown): number | undefined {
  if (v === undefined || v === null || v === '') return undefined;
  const n = typeof v === 'number' ? v : typeof v === 'string' ? Number(v) : NaN;
  if (!Number.isInteger(n)) return invalid(name);
  return n;
}

function asBool(name: string, v: unknown, dflt: boolean): boolean {
  if (v === undefined || v === null || v === '') return dflt;
  if (typeof v === 'boolean') return v;
  if (v === 'true' || v === 1 || v === '1') return true;
  if (v === 'false' || v === 0 || v === '0') return false;
  return invalid(name);
}

function asStringList(name: string, v: unknown): string[] | undefined {
  if (v === undefined || v === null) return undefined;
  if (Array.isArray(v)) {
    if (!v.every((x) => typeof x === 'string')) return invalid(name);
    return v as string[];
  }
  if (typeof v === 'string') {
    const s = v.trim();
    if (s.startsWith('[')) {
      try {
        return asStringList(name, JSON.parse(s));
      } catch {
        return invalid(name);
      }
    }
    return s === '' ? [] : s.split(',').map((x) => x.trim());
  }
  return invalid(name);
}

function asFilterList(name: string, v: unknown): FilterList | undefined {
  if (v === undefined || v === null || v === '') return undefined;
  if (typeof v === 'string') {
    const s = v.trim();
    if (s.startsWith('[')) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(s);
      } catch {
        return invalid(name);
      }
      return asFilterList(name, parsed);
    }
    return s.includes(',') ? s.split(',').map((x) => x.trim()) : s;
  }
  if (Array.isArray(v)) {
    for (const item of v) {
      if (typeof item === 'string' || typeof item === 'number') continue;
      if (Array.isArray(item) && item.every((x) => typeof x === 'string' || typeof x === 'number')) continue;
      return invalid(name);
    }
    return v.map((item) => (Array.isArray(item) ? item.map(String) : String(item)));
  }
  return invalid(name);
}

function parseLatLng(v: unknown): { lat: number; lng: number } | undefined {
  if (v === undefined || v === null || v === '') return undefined;
  if (typeof v !== 'string') return invalid('aroundLatLng');
  const parts = v.split(',');
  if (parts.length !== 2) return invalid('aroundLatLng');
  const [a, b] = parts.map((p) => p.trim());
  const lat = Number(a);
  const lng = Number(b);
  if (a === '' || b === '' || !Number.isFinite(lat) || !Number.isFinite(lng) || Math.abs(lat) > 90 || Math.abs(lng) > 180) {
    return invalid('aroundLatLng');
  }
  return { lat, lng };
}

function serializeRaw(raw: Raw): string {
  const usp = new URLSearchParams();
  for (const [k, v] of Object.entries(raw)) {
    usp.append(k, typeof v === 'string' ? v : JSON.stringify(v));
  }
  return usp.toString();
}

/**
 * Validates raw search parameters (merged from `params` string and flat keys).
 * Throws 400 `ApiError`s for bad values: query over 512 characters, `hitsPerPage` or `length` outside
 * 0..1000, negative `page` or `offset`, malformed `aroundLatLng`, wrong types.
 */
export function parseSearchParams(raw: Raw): SearchParams {
  const query = asString('query', raw.query) ?? '';
  if (query.length > MAX_QUERY_LENGTH) {
    throw badRequest(`Query is too long: ${query.length} characters, the maximum is ${MAX_QUERY_LENGTH}`);
  }
  const hitsPerPage = asInt('hitsPerPage', raw.hitsPerPage);
  if (hitsPerPage !== undefined && (hitsPerPage < 0 || hitsPerPage > MAX_HITS_PER_PAGE)) {
    throw badRequest(`hitsPerPage must be between 0 and ${MAX_HITS_PER_PAGE}, got ${hitsPerPage}`);
  }
  const page = asInt('page', raw.page) ?? 0;
  if (page < 0) throw badRequest(`page must be a non-negative integer, got ${page}`);
  const offset = asInt('offset', raw.offset);
  if (offset !== undefined && offset < 0) throw badRequest(`offset must be a non-negative integer, got ${offset}`);
  const length = asInt('length', raw.length);
  if (length !== undefined && (length < 0 || length > MAX_HITS_PER_PAGE)) {
    throw badRequest(`length must be between 0 and ${MAX_HITS_PER_PAGE}, got ${length}`);
  }
  let aroundRadius: number | undefined;
  if (raw.aroundRadius !== undefined && raw.aroundRadius !== null && raw.aroundRadius !== 'all') {
    const r = typeof raw.aroundRadius === 'number' ? raw.aroundRadius : Number(raw.aroundRadius);
    if (!Number.isFinite(r) || r < 1) invalid('aroundRadius');
    aroundRadius = r;
  }
  const typo = raw.typoTolerance;
  const typoTolerance = typo === undefined || typo === null ? true : typo === 'min' || typo === 'strict' ? true : asBool('typoTolerance', typo, true);
  const queryType = asString('queryType', raw.queryType) ?? 'prefixLast';
  if (queryType !== 'prefixLast' && queryType !== 'prefixAll' && queryType !== 'prefixNone') invalid('queryType');
  const maxValuesPerFacet = asInt('maxValuesPerFacet', raw.maxValuesPerFacet);
  if (maxValuesPerFacet !== undefined && (maxValuesPerFacet < 0 || maxValuesPerFacet > 1000)) invalid('maxValuesPerFacet');
  const filters = asString('filters', raw.filters);
  const sortRaw = asString('sort', raw.sort);
  let sort: SearchParams['sort'];
  if (sortRaw !== undefined && sortRaw.trim() !== '') {
    const m = /^\s*(asc|desc)\(\s*([A-Za-z0-9_.$-]+)\s*\)\s*$/.exec(sortRaw);
    if (!m) throw badRequest(`sort must be asc(attribute) or desc(attribute), got "${sortRaw.slice(0, 100)}"`);
    sort = { path: m[2].split('.'), dir: m[1] === 'asc' ? 1 : -1, raw: sortRaw.trim() };
  }
  return {
    sort,
    query,
    filters: filters && filters.trim() !== '' ? filters : undefined,
    facetFilters: asFilterList('facetFilters', raw.facetFilters),
    numericFilters: asFilterList('numericFilters', raw.numericFilters),
    facets: asStringList('facets', raw.facets),
    maxValuesPerFacet,
    hitsPerPage,
    page,
    offset,
    length: offset === undefined ? undefined : length,
    attributesToRetrieve: asStringList('attributesToRetrieve', raw.attributesToRetrieve),
    attributesToHighlight: asStringList('attributesToHighlight', raw.attributesToHighlight),
    highlightPreTag: asString('highlightPreTag', raw.highlightPreTag),
    highlightPostTag: asString('highlightPostTag', raw.highlightPostTag),
    restrictSearchableAttributes: asStringList('restrictSearchableAttributes', raw.restrictSearchableAttributes),
    aroundLatLng: parseLatLng(raw.aroundLatLng),
    aroundRadius,
    getRankingInfo: asBool('getRankingInfo', raw.getRankingInfo, false),
    clickAnalytics: asBool('clickAnalytics', raw.clickAnalytics, false),
    analytics: asBool('analytics', raw.analytics, true),
    typoTolerance,
    queryType,
    userToken: asString('userToken', raw.userToken),
    enableRules: asBool('enableRules', raw.enableRules, true),
    ruleContexts: asStringList('ruleContexts', raw.ruleContexts),
    raw: serializeRaw(raw),
  };
}
