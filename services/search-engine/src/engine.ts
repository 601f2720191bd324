import { randomBytes } from 'node:crypto';
import MiniSearch from 'minisearch';
import * as bits from './bits';
import type { Bits } from './bits';
import { ApiError, badRequest } from './errors';
import { type FilterNode, parseFacetFilter, parseFilterList, parseFilters } from './filters';
import { buildHighlight, type HighlightQuery, type HighlightTree } from './highlight';
import type { SearchParams } from './params';
import { RuleSet } from './rules';
import { Scorer, supportsFastPath } from './scorer';
import { SEPARATOR, maxTypos, normalizeTerm, scalarLeaves, textOf, tokenize, valuesAtPath } from './text';
import { topK } from './topk';

/** A stored record: any JSON object with a string `objectID`. */
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

interface Doc {
  id: number;
  rec: SearchRecord;
}

interface SearchField {
  name: string;
  paths: string[][];
  attrs: string[];
  boost: number;
}

interface FacetEntry {
  display: string;
  ids: number[];
}

interface NumericIndex {
  values: Float64Array;
  ids: Int32Array;
}

/** Matching docs as parallel arrays (no per-candidate objects: keeps GC pauses short). */
interface Candidates {
  ids: number[];
  /** Text score (0 for an empty query). */
  scores: number[];
  /** Relevance bucket 0..10 (score relative to the best score). */
  buckets?: Uint8Array;
  /** Distance in metres to `aroundLatLng`. */
  dists?: Float64Array;
}

const ALL_FIELD = '_all';
const DEFAULT_HITS_PER_PAGE = 20;
const DEFAULT_PAGINATION_LIMIT = 1000;
const EARTH_RADIUS_M = 6371008.8;

function stripModifier(attr: string): string {
  const m = /^\s*(?:unordered|ordered|filterOnly|searchable|afterDistinct)\((.*)\)\s*$/.exec(attr);
  return (m ? m[1] : attr).trim();
}

function distanceM(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const toRad = Math.PI / 180;
  const dLat = (lat2 - lat1) * toRad;
  const dLng = (lng2 - lng1) * toRad;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * toRad) * Math.cos(lat2 * toRad) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(a)));
}

function geoPoints(rec: SearchRecord): Array<{ lat: number; lng: number }> {
  const g = rec._geoloc;
  const list = Array.isArray(g) ? g : g ? [g] : [];
  const out: Array<{ lat: number; lng: number }> = [];
  for (const p of list) {
    if (p && typeof p === 'object') {
      const lat = Number((p as Record<string, unknown>).lat);
      const lng = Number((p as Record<string, unknown>).lng);
      if (Number.isFinite(lat) && Number.isFinite(lng)) out.push({ lat, lng });
    }
  }
  return out;
}

function facetKey(v: string | number | boolean): string {
  return normalizeTerm(String(v));
}

function nowIso(): string {
  return new Date().toISOString();
}

/** Generates an objectID for records added without one. */
function generateObjectID(): string {
  return randomBytes(8).toString('hex');
}

/** Applies Algolia's built-in partial-update operations (`{ _operation, value }`) to one attribute. */
function applyOperation(current: unknown, update: unknown): unknown {
  if (!update || typeof update !== 'object' || Array.isArray(update) || !('_operation' in update)) return update;
  const { _operation: op, value } = update as { _operation: unknown; value: unknown };
  const num = typeof current === 'number' ? current : 0;
  const arr = Array.isArray(current) ? current : current === undefined ? [] : [current];
  switch (op) {
    case 'Increment':
      return num + Number(value ?? 1);
    case 'Decrement':
      return num - Number(value ?? 1);
    case 'IncrementFrom':
      return current === value || (current === undefined && value === 0) ? num + 1 : current;
    case 'IncrementSet':
      return typeof value === 'number' && value > num ? value : current;
    case 'Add':
      return [...arr, value];
    case 'AddUnique':
      return arr.includes(value) ? arr : [...arr, value];
    case 'Remove':
      return arr.filter((x) => x !== value);
    default:
      throw badRequest(`Unknown partial update operation: ${String(op)}`);
  }
}

/**
 * One index: records by objectID, settings, a MiniSearch full-text index kept up to date on every
 * write, and lazily built filter structures (attribute → value → docIds, numeric sorted arrays,
 * custom-ranking order) that are dropped on writes and rebuilt on the next query that needs them.
 */
export class Index {
  /** Index name (changes when the index is moved). */
  name: string;
  createdAt = nowIso();
  updatedAt = nowIso();
  private settings: IndexSettings = {};
  /** Query rules of the index (kept on clearObjects; copied with scope `rules`). */
  readonly rules = new RuleSet();
  private docs: Array<SearchRecord | undefined> = [];
  private idOf = new Map<string, number>();
  private alive: Bits = bits.newBits(0);
  private count = 0;
  private fields: SearchField[] = [];
  private mini!: MiniSearch<Doc>;
  private scorer = new Scorer();
  // caches, dropped on writes
  private facetMaps = new Map<string, Map<string, FacetEntry>>();
  private facetBits = new Map<string, Bits>();
  private numeric = new Map<string, NumericIndex>();
  private order?: Int32Array;
  private rank?: Int32Array;

  constructor(name: string) {
    this.name = name;
    this.rebuildText();
  }

  /** Number of records. */
  get size(): number {
    return this.count;
  }

  // ----- settings -------------------------------------------------------------------------

  /** Hits a query asks for: `length` with `offset`, else `hitsPerPage`, else the index's default, else 20. */
  hitsAskedBy(p: Pick<SearchParams, 'hitsPerPage' | 'offset' | 'length'>): number {
    const hitsPerPage = this.defaultHitsPerPage(p);
    return p.offset === undefined ? hitsPerPage : p.length ?? hitsPerPage;
  }

  /**
   * Facet values `p` may return: its facet attributes (`*` = every facetable one) × `maxValuesPerFacet`
   * (default 100); 0 without `facets`.
   */
  facetValuesAskedBy(p: Pick<SearchParams, 'facets' | 'maxValuesPerFacet'>): number {
    if (!p.facets || p.facets.length === 0) return 0;
    const attrs = p.facets.includes('*') ? this.facetableAttributes().length : p.facets.length;
    return attrs * (p.maxValuesPerFacet ?? 100);
  }

  private defaultHitsPerPage(p: Pick<SearchParams, 'hitsPerPage'>): number {
    return p.hitsPerPage ?? (typeof this.settings.hitsPerPage === 'number' ? this.settings.hitsPerPage : DEFAULT_HITS_PER_PAGE);
  }

  /** Current settings (only the ones that were set, plus defaults for hitsPerPage/pagination). */
  getSettings(): IndexSettings {
    return {
      hitsPerPage: DEFAULT_HITS_PER_PAGE,
      paginationLimitedTo: DEFAULT_PAGINATION_LIMIT,
      searchableAttributes: null,
      attributesForFaceting: null,
      customRanking: null,
      ...this.settings,
    };
  }

  /**
   * Merges settings (a `null` value resets a setting). Rebuilds the text index when
   * `searchableAttributes` changes.
   */
  setSettings(patch: IndexSettings): void {
    const before = JSON.stringify(this.settings.searchableAttributes ?? null);
    for (const [k, v] of Object.entries(patch)) {
      if (v === null || v === undefined) delete this.settings[k];
      else this.settings[k] = v;
    }
    for (const key of ['searchableAttributes', 'attributesForFaceting', 'customRanking', 'attributesToRetrieve', 'attributesToHighlight']) {
      const v = this.settings[key];
      if (v !== undefined && (!Array.isArray(v) || !v.every((x) => typeof x === 'string'))) {
        delete this.settings[key];
        throw badRequest(`Invalid value for setting ${key}: expected an array of strings`);
      }
    }
    if (JSON.stringify(this.settings.searchableAttributes ?? null) !== before) this.rebuildText();
    this.invalidate();
  }

  /** Replaces all settings (used by copy/move). */
  replaceSettings(settings: IndexSettings): void {
    this.settings = structuredClone(settings);
    this.rebuildText();
    this.invalidate();
  }

  /** A deep copy of the raw settings. */
  rawSettings(): IndexSettings {
    return structuredClone(this.settings);
  }

  // ----- records ------------------------------------------------------------------------

  /** The record with this objectID, or undefined. */
  get(objectID: string): SearchRecord | undefined {
    const id = this.idOf.get(objectID);
    return id === undefined ? undefined : this.docs[id];
  }

  /** All records, in insertion order. */
  all(): SearchRecord[] {
    const out: SearchRecord[] = [];
    for (const d of this.docs) if (d) out.push(d);
    return out;
  }

  /**
   * Adds or replaces a record. A missing objectID is generated.
   *
   * @returns The record's objectID.
   */
  save(record: Record<string, unknown>): string {
    if (!record || typeof record !== 'object' || Array.isArray(record)) throw badRequest('A record must be a JSON object');
    let objectID = record.objectID;
    if (objectID === undefined || objectID === null || objectID === '') objectID = generateObjectID();
    if (typeof objectID === 'number') objectID = String(objectID);
    if (typeof objectID !== 'string') throw badRequest('objectID must be a string');
    const rec = { ...record, objectID } as SearchRecord;
    const existing = this.idOf.get(objectID);
    if (existing !== undefined) {
      this.mini.discard(existing);
      this.docs[existing] = rec;
      this.mini.add({ id: existing, rec });
    } else {
      const id = this.docs.length;
      this.docs.push(rec);
      this.idOf.set(objectID, id);
      this.count++;
      if ((id >>> 5) >= this.alive.length) {
        const grown = new Uint32Array(Math.max(8, this.alive.length * 2));
        grown.set(this.alive);
        this.alive = grown;
      }
      bits.setBit(this.alive, id);
      this.mini.add({ id, rec });
    }
    this.touch();
    return objectID;
  }

  /**
   * Updates some attributes of a record (Algolia built-in operations such as
   * `{ _operation: 'Increment', value: 1 }` are supported).
   *
   * @param createIfNotExists - Create the record when it does not exist (default true).
   * @returns false when the record does not exist and was not created.
   */
  partialUpdate(objectID: string, attrs: Record<string, unknown>, createIfNotExists = true): boolean {
    if (!attrs || typeof attrs !== 'object' || Array.isArray(attrs)) throw badRequest('Attributes to update must be a JSON object');
    const current = this.get(objectID);
    if (!current && !createIfNotExists) return false;
    const next: Record<string, unknown> = { ...(current ?? {}) };
    for (const [k, v] of Object.entries(attrs)) {
      if (k === 'objectID') continue;
      next[k] = applyOperation(next[k], v);
    }
    next.objectID = objectID;
    this.save(next);
    return true;
  }

  /** Deletes a record; returns whether it existed. */
  delete(objectID: string): boolean {
    const id = this.idOf.get(objectID);
    if (id === undefined) return false;
    this.mini.discard(id);
    this.docs[id] = undefined;
    this.idOf.delete(objectID);
    bits.clearBit(this.alive, id);
    this.count--;
    this.touch();
    return true;
  }

  /** Removes every record (settings are kept). */
  clear(): void {
    this.docs = [];
    this.idOf.clear();
    this.alive = bits.newBits(0);
    this.count = 0;
    this.rebuildText();
    this.touch();
  }

  private touch(): void {
    this.updatedAt = nowIso();
    this.invalidate();
    this.scheduleWarm();
  }

  private warmTimer?: ReturnType<typeof setTimeout>;

  /** Rebuilds the ranking order and facet maps 100 ms after the last write (off the query path). */
  private scheduleWarm(): void {
    if (this.warmTimer) clearTimeout(this.warmTimer);
    this.warmTimer = setTimeout(() => {
      this.warmTimer = undefined;
      this.warm();
    }, 100);
    this.warmTimer.unref?.();
  }

  /** Builds the lazily computed structures now: custom-ranking order and facet maps of `attributesForFaceting`. */
  warm(): void {
    this.rankingOrder();
    for (const a of this.settings.attributesForFaceting ?? []) this.facetMap(stripModifier(a));
  }

  private invalidate(): void {
    this.facetMaps.clear();
    this.facetBits.clear();
    this.numeric.clear();
    this.order = undefined;
    this.rank = undefined;
  }

  // ----- text index ---------------------------------------------------------------------

  private rebuildText(): void {
    const sa = this.settings.searchableAttributes;
    if (Array.isArray(sa) && sa.length > 0) {
      const n = sa.length;
      this.fields = sa.map((entry, i) => {
        const attrs = stripModifier(entry)
          .split(',')
          .map((a) => a.trim())
          .filter(Boolean);
        return { name: `f${i}`, attrs, paths: attrs.map((a) => a.split('.')), boost: 1 + ((n - 1 - i) * 2) / Math.max(1, n - 1) };
      });
    } else {
      this.fields = [{ name: ALL_FIELD, attrs: ['*'], paths: [], boost: 1 }];
    }
    const byName = new Map(this.fields.map((f) => [f.name, f]));
    this.mini = new MiniSearch<Doc>({
      fields: this.fields.map((f) => f.name),
      idField: 'id',
      storeFields: [],
      extractField: (doc, fieldName) => {
        if (fieldName === 'id') return doc.id as unknown as string;
        const f = byName.get(fieldName);
        if (!f) return '';
        if (f.name === ALL_FIELD) {
          const rest: Record<string, unknown> = { ...doc.rec };
          delete rest.objectID;
          delete rest._geoloc;
          return textOf(rest);
        }
        let s = '';
        for (const p of f.paths) {
          const t = textOf(valuesAtPath(doc.rec, p));
          if (t) s += (s ? ' ' : '') + t;
        }
        return s;
      },
      tokenize: (text) => text.split(SEPARATOR),
      processTerm: (term) => {
        const t = normalizeTerm(term);
        return t === '' ? null : t;
      },
    });
    const docs: Doc[] = [];
    this.docs.forEach((rec, id) => {
      if (rec) docs.push({ id, rec });
    });
    this.mini.addAll(docs);
  }

  // ----- filters ------------------------------------------------------------------------

  private capacity(): number {
    return this.docs.length;
  }

  private universe(): Bits {
    const b = bits.newBits(this.capacity());
    b.set(this.alive.subarray(0, b.length));
    return b;
  }

  private facetMap(attr: string): Map<string, FacetEntry> {
    let map = this.facetMaps.get(attr);
    if (map) return map;
    map = new Map();
    const path = attr.split('.');
    for (let id = 0; id < this.docs.length; id++) {
      const rec = this.docs[id];
      if (!rec) continue;
      for (const leaf of scalarLeaves(valuesAtPath(rec, path))) {
        const key = facetKey(leaf);
        let entry = map.get(key);
        if (!entry) {
          entry = { display: String(leaf), ids: [] };
          map.set(key, entry);
        }
        if (entry.ids[entry.ids.length - 1] !== id) entry.ids.push(id);
      }
    }
    this.facetMaps.set(attr, map);
    return map;
  }

  private facetValueBits(attr: string, value: string): Bits {
    const key = `${attr}\u0000${facetKey(value)}`;
    let b = this.facetBits.get(key);
    if (b) return b;
    b = bits.newBits(this.capacity());
    const entry = this.facetMap(attr).get(facetKey(value));
    if (entry) for (const id of entry.ids) bits.setBit(b, id);
    this.facetBits.set(key, b);
    return b;
  }

  private numericIndex(attr: string): NumericIndex {
    let idx = this.numeric.get(attr);
    if (idx) return idx;
    const pairs: Array<[number, number]> = [];
    const path = attr.split('.');
    for (let id = 0; id < this.docs.length; id++) {
      const rec = this.docs[id];
      if (!rec) continue;
      for (const leaf of scalarLeaves(valuesAtPath(rec, path))) {
        if (typeof leaf === 'number' && Number.isFinite(leaf)) pairs.push([leaf, id]);
      }
    }
    pairs.sort((a, b) => a[0] - b[0]);
    idx = { values: Float64Array.from(pairs, (p) => p[0]), ids: Int32Array.from(pairs, (p) => p[1]) };
    this.numeric.set(attr, idx);
    return idx;
  }

  /** Docs with a numeric value of `attr` in [lo, hi] (inclusive flags). */
  private numericRange(attr: string, lo: number, loIncl: boolean, hi: number, hiIncl: boolean): Bits {
    const { values, ids } = this.numericIndex(attr);
    const lowerBound = (x: number, strict: boolean): number => {
      let a = 0;
      let b = values.length;
      while (a < b) {
        const m = (a + b) >>> 1;
        if (strict ? values[m] <= x : values[m] < x) a = m + 1;
        else b = m;
      }
      return a;
    };
    const start = lo === -Infinity ? 0 : lowerBound(lo, !loIncl);
    const end = hi === Infinity ? values.length : lowerBound(hi, hiIncl);
    const b = bits.newBits(this.capacity());
    for (let i = start; i < end; i++) bits.setBit(b, ids[i]);
    return b;
  }

  private evaluate(node: FilterNode): Bits {
    switch (node.type) {
      case 'facet':
        return this.facetValueBits(node.attr, node.value);
      case 'range':
        return this.numericRange(node.attr, node.lo, true, node.hi, true);
      case 'num': {
        const v = node.value;
        switch (node.op) {
          case '<':
            return this.numericRange(node.attr, -Infinity, true, v, false);
          case '<=':
            return this.numericRange(node.attr, -Infinity, true, v, true);
          case '>':
            return this.numericRange(node.attr, v, false, Infinity, true);
          case '>=':
            return this.numericRange(node.attr, v, true, Infinity, true);
          case '=':
            return this.numericRange(node.attr, v, true, v, true);
          case '!=':
            return bits.andNot(this.universe(), this.numericRange(node.attr, v, true, v, true));
        }
        break;
      }
      case 'not':
        return bits.andNot(this.universe(), this.evaluate(node.child));
      case 'and': {
        let acc = this.evaluate(node.children[0]);
        for (let i = 1; i < node.children.length; i++) acc = bits.and(acc, this.evaluate(node.children[i]));
        return acc;
      }
      case 'or': {
        let acc = this.evaluate(node.children[0]);
        for (let i = 1; i < node.children.length; i++) acc = bits.or(acc, this.evaluate(node.children[i]));
        return acc;
      }
    }
    throw new ApiError(500, 'Unknown filter node');
  }

  /** Parses and evaluates filters, facetFilters and numericFilters; undefined = no filtering. */
  private filterBits(p: SearchParams): Bits | undefined {
    const nodes: FilterNode[] = [];
    if (p.filters) nodes.push(parseFilters(p.filters));
    if (p.facetFilters) {
      const n = parseFilterList(p.facetFilters, parseFacetFilter);
      if (n) nodes.push(n);
    }
    if (p.numericFilters) {
      const n = parseFilterList(p.numericFilters, (s) => parseFilters(s, 'numericFilters'));
      if (n) nodes.push(n);
    }
    if (nodes.length === 0) return undefined;
    let acc = this.evaluate(nodes[0]);
    for (let i = 1; i < nodes.length; i++) acc = bits.and(acc, this.evaluate(nodes[i]));
    return acc;
  }

  // ----- ranking ------------------------------------------------------------------------

  /** docIds of live records sorted by customRanking (then insertion order), and each doc's rank. */
  private rankingOrder(): { order: Int32Array; rank: Int32Array } {
    if (this.order && this.rank) return { order: this.order, rank: this.rank };
    const criteria: Array<{ path: string[]; dir: number }> = [];
    for (const c of this.settings.customRanking ?? []) {
      const m = /^\s*(asc|desc)\((.+)\)\s*$/.exec(c);
      if (m) criteria.push({ path: m[2].trim().split('.'), dir: m[1] === 'asc' ? 1 : -1 });
    }
    const ids: number[] = [];
    for (let id = 0; id < this.docs.length; id++) if (this.docs[id]) ids.push(id);
    if (criteria.length > 0) {
      const keys = criteria.map((c) =>
        ids.map((id) => {
          const leaf = scalarLeaves(valuesAtPath(this.docs[id], c.path))[0];
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
    const rank = new Int32Array(this.docs.length).fill(0x7fffffff);
    order.forEach((id, i) => (rank[id] = i));
    this.order = order;
    this.rank = rank;
    return { order, rank };
  }

  private searchableAttributeNames(): string[] {
    if (this.fields.length === 1 && this.fields[0].name === ALL_FIELD) return ['*'];
    return this.fields.flatMap((f) => f.attrs);
  }

  private facetableAttributes(): string[] {
    return (this.settings.attributesForFaceting ?? []).filter((a) => !/^\s*filterOnly\(/.test(a)).map(stripModifier);
  }

  // ----- search -------------------------------------------------------------------------

  /**
   * Runs one query.
   *
   * Ranking: empty query → customRanking order; text query → MiniSearch score bucketed to 10 % of the
   * best score, then customRanking, then raw score. With `aroundLatLng`, records without `_geoloc`
   * are excluded and distance (m) sorts before customRanking (after the text bucket).
   */
  search(p: SearchParams): SearchResponse {
    const t0 = performance.now();
    const hitsPerPage = this.defaultHitsPerPage(p);
    // Algolia's offset/length pagination replaces page × hitsPerPage when offset is given
    const first = p.offset ?? p.page * hitsPerPage;
    const size = p.offset === undefined ? hitsPerPage : p.length ?? hitsPerPage;
    const paginationLimit = typeof this.settings.paginationLimitedTo === 'number' ? this.settings.paginationLimitedTo : DEFAULT_PAGINATION_LIMIT;
    const filter = this.filterBits(p);
    const { order, rank } = this.rankingOrder();

    const words = tokenize(p.query);
    const norm = words.map(normalizeTerm);
    const kept = norm.map((w, i) => ({ w, i })).filter((x) => x.w !== '');
    const queryWords = kept.map((x) => words[x.i]);
    const queryNorm = kept.map((x) => x.w);
    const prefixFor = (i: number, n: number): boolean => (p.queryType === 'prefixAll' ? true : p.queryType === 'prefixNone' ? false : i === n - 1);
    const geo = p.aroundLatLng;
    const hasText = queryNorm.length > 0;

    let candidates: Candidates | undefined;
    let orderedIds: number[] | undefined; // empty query, no geo: already in final order
    let nbHits = 0;

    if (hasText) {
      const fieldNames = p.restrictSearchableAttributes
        ? this.fields.filter((f) => f.attrs.some((a) => p.restrictSearchableAttributes!.includes(a))).map((f) => f.name)
        : undefined;
      candidates = { ids: [], scores: [] };
      if (!fieldNames || fieldNames.length > 0) {
        const searchBoosts: Record<string, number> = {};
        for (const f of this.fields) if (!fieldNames || fieldNames.includes(f.name)) searchBoosts[f.name] = f.boost;
        if (supportsFastPath(this.mini as MiniSearch<unknown>)) {
          const words = queryNorm.map((term, i) => ({ term, prefix: prefixFor(i, queryNorm.length), maxTypos: p.typoTolerance ? maxTypos(term) : 0 }));
          candidates = this.scorer.run(this.mini as MiniSearch<unknown>, words, searchBoosts, filter, this.capacity());
        } else {
          const results = this.mini.search(queryNorm.join(' '), {
            fields: Object.keys(searchBoosts),
            boost: searchBoosts,
            combineWith: 'AND',
            prefix: (_t, i, terms) => prefixFor(i, terms.length),
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
    } else if (geo) {
      candidates = { ids: [], scores: [] };
      for (let i = 0; i < order.length; i++) {
        const id = order[i];
        if (filter && !bits.hasBit(filter, id)) continue;
        candidates.ids.push(id);
        candidates.scores.push(0);
      }
    } else if (p.sort) {
      // Sorted listing: every filtered record is a candidate; the sort key orders them below.
      candidates = { ids: [], scores: [] };
      for (let i = 0; i < order.length; i++) {
        const id = order[i];
        if (filter && !bits.hasBit(filter, id)) continue;
        candidates.ids.push(id);
        candidates.scores.push(0);
      }
    } else {
      orderedIds = [];
      const start = first;
      const end = Math.min(start + size, paginationLimit);
      for (let i = 0; i < order.length; i++) {
        const id = order[i];
        if (filter && !bits.hasBit(filter, id)) continue;
        if (nbHits >= start && nbHits < end) orderedIds.push(id);
        nbHits++;
      }
    }

    if (candidates && geo) {
      const radius = p.aroundRadius;
      const kept: Candidates = { ids: [], scores: [] };
      const keptBuckets: number[] = [];
      const keptDists: number[] = [];
      for (let i = 0; i < candidates.ids.length; i++) {
        const pts = geoPoints(this.docs[candidates.ids[i]]!);
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
      candidates = kept;
    }

    let pageIdx: number[] | undefined; // indexes into candidates
    if (candidates) {
      const { ids, scores, buckets, dists } = candidates;
      nbHits = ids.length;
      const start = first;
      const end = Math.min(start + size, paginationLimit, nbHits);
      if (start < end) {
        const idx = new Int32Array(nbHits);
        for (let i = 0; i < nbHits; i++) idx[i] = i;
        const sortKeys = p.sort ? this.sortKeys(ids, p.sort) : undefined;
        const cmp = (a: number, b: number): number =>
          (sortKeys ? compareSortKeys(sortKeys[a], sortKeys[b], p.sort!.dir) : 0) ||
          (buckets ? buckets[b] - buckets[a] : 0) || (dists ? dists[a] - dists[b] : 0) || rank[ids[a]] - rank[ids[b]] || scores[b] - scores[a];
        pageIdx = topK(idx, end, cmp).slice(start, end);
      } else {
        pageIdx = [];
      }
    }

    const reachable = Math.min(nbHits, paginationLimit);
    const nbPages = hitsPerPage === 0 ? 0 : Math.ceil(reachable / hitsPerPage);
    const hq: HighlightQuery = {
      words: queryWords,
      norm: queryNorm,
      prefix: queryNorm.map((_, i) => prefixFor(i, queryNorm.length)),
      typo: p.typoTolerance,
      pre: p.highlightPreTag ?? (typeof this.settings.highlightPreTag === 'string' ? this.settings.highlightPreTag : '<em>'),
      post: p.highlightPostTag ?? (typeof this.settings.highlightPostTag === 'string' ? this.settings.highlightPostTag : '</em>'),
    };
    const toRetrieve = p.attributesToRetrieve ?? this.settings.attributesToRetrieve ?? ['*'];
    const toHighlight = p.attributesToHighlight ?? this.settings.attributesToHighlight ?? this.searchableAttributeNames();
    const filterCount = (p.filters ? 1 : 0) + (p.facetFilters ? 1 : 0) + (p.numericFilters ? 1 : 0);

    const makeHit = (id: number, ci?: number): Hit => {
      const rec = this.docs[id]!;
      const hit = retrieve(rec, toRetrieve);
      if (toHighlight.length > 0) hit._highlightResult = buildHighlight(rec, toHighlight, hq);
      if (p.getRankingInfo) {
        const info: RankingInfo = {
          textScore: candidates && ci !== undefined ? candidates.scores[ci] : 0,
          words: queryNorm.length,
          nbTypos: 0,
          firstMatchedWord: 0,
          proximityDistance: 0,
          userScore: rank[id] === 0x7fffffff ? 0 : this.count - rank[id],
          nbExactWords: 0,
          filters: filterCount,
        };
        if (geo) {
          info.geoDistance = candidates?.dists && ci !== undefined ? candidates.dists[ci] : 0;
          info.geoPrecision = 1;
        }
        hit._rankingInfo = info;
      }
      return hit;
    };

    const hits: Hit[] = pageIdx && candidates ? pageIdx.map((ci) => makeHit(candidates!.ids[ci], ci)) : (orderedIds ?? []).map((id) => makeHit(id));

    const response: SearchResponse = {
      hits,
      nbHits,
      page: p.page,
      nbPages,
      hitsPerPage,
      exhaustiveNbHits: true,
      exhaustive: { nbHits: true, typo: true },
      query: p.query,
      params: p.raw,
      index: this.name,
      processingTimeMS: 0,
    };
    if (p.offset !== undefined) {
      response.offset = p.offset;
      response.length = size;
    }
    if (geo) response.aroundLatLng = `${geo.lat},${geo.lng}`;
    if (p.facets && p.facets.length > 0) {
      const { facets, stats } = this.countFacets(p, candidates, filter);
      response.facets = facets;
      if (Object.keys(stats).length > 0) response.facets_stats = stats;
    }
    if (p.clickAnalytics) response.queryID = randomBytes(16).toString('hex');
    if (p.enableRules) {
      const applied = this.rules.match(p.query, p.ruleContexts ?? []);
      if (applied.length > 0) {
        response.appliedRules = applied.map((r) => ({ objectID: r.objectID }));
        const userData = applied.filter((r) => r.consequence.userData !== undefined).map((r) => r.consequence.userData);
        if (userData.length > 0) response.userData = userData;
      }
    }
    response.processingTimeMS = Math.round(performance.now() - t0);
    return response;
  }

  /** The sort attribute's first scalar value of each candidate (undefined when it has none). */
  private sortKeys(ids: number[], sort: NonNullable<SearchParams['sort']>): Array<number | string | undefined> {
    return ids.map((id) => {
      const leaf = scalarLeaves(valuesAtPath(this.docs[id]!, sort.path))[0];
      return typeof leaf === 'number' || typeof leaf === 'string' ? leaf : undefined;
    });
  }

  private countFacets(
    p: SearchParams,
    candidates: Candidates | undefined,
    filter: Bits | undefined,
  ): { facets: Record<string, Record<string, number>>; stats: NonNullable<SearchResponse['facets_stats']> } {
    let hitBits: Bits;
    if (candidates) {
      hitBits = bits.newBits(this.capacity());
      for (const id of candidates.ids) bits.setBit(hitBits, id);
    } else {
      hitBits = filter ? bits.and(this.universe(), filter) : this.universe();
    }
    const attrs = p.facets!.includes('*') ? this.facetableAttributes() : p.facets!;
    const max = p.maxValuesPerFacet ?? 100; // as facetValuesAskedBy counts
    const out: Record<string, Record<string, number>> = {};
    const stats: NonNullable<SearchResponse['facets_stats']> = {};
    for (const attr of attrs) {
      const counts: Array<[string, number]> = [];
      let numeric = true;
      let min = Infinity;
      let max2 = -Infinity;
      let sum = 0;
      let n2 = 0;
      for (const entry of this.facetMap(attr).values()) {
        let n = 0;
        for (const id of entry.ids) if (bits.hasBit(hitBits, id)) n++;
        if (n > 0) {
          counts.push([entry.display, n]);
          const v = Number(entry.display);
          if (entry.display.trim() === '' || !Number.isFinite(v)) numeric = false;
          else {
            min = Math.min(min, v);
            max2 = Math.max(max2, v);
            sum += v * n;
            n2 += n;
          }
        }
      }
      counts.sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
      out[attr] = Object.fromEntries(counts.slice(0, max));
      if (numeric && n2 > 0) stats[attr] = { min, max: max2, avg: sum / n2, sum };
    }
    return { facets: out, stats };
  }
}

/** Orders two sort keys (`dir` 1 = ascending); a missing key comes last either way. */
function compareSortKeys(a: number | string | undefined, b: number | string | undefined, dir: 1 | -1): number {
  if (a === b) return 0;
  if (a === undefined) return 1;
  if (b === undefined) return -1;
  const d = typeof a === 'number' && typeof b === 'number' ? a - b : String(a).localeCompare(String(b));
  return d * dir;
}

/**
 * Picks the attributes to return: `['*']` = all, `'-attr'` excludes, dotted paths keep their
 * top-level attribute. `objectID` is always returned.
 */
export function retrieve(rec: SearchRecord, attrs: string[]): Hit {
  if (attrs.includes('*')) {
    const out: Hit = { ...rec };
    for (const a of attrs) if (a.startsWith('-')) delete out[a.slice(1)];
    out.objectID = rec.objectID;
    return out;
  }
  const out: Hit = { objectID: rec.objectID };
  for (const a of attrs) {
    const top = a.split('.')[0];
    if (top in rec) out[top] = rec[top];
  }
  return out;
}

/** Arguments of `POST /1/indexes/:indexName/operation`. */
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

/**
 * All indices of the application plus the task counter. Every write is applied synchronously, so
 * each task is `published` as soon as its taskID is returned.
 */
export class Engine {
  private indices = new Map<string, Index>();
  private lastTask = 0;

  /** A fresh task id (monotonic integer). */
  nextTaskID(): number {
    this.lastTask += 1;
    return this.lastTask;
  }

  /** Whether a task id was ever issued. */
  knowsTask(taskID: number): boolean {
    return Number.isInteger(taskID) && taskID > 0 && taskID <= this.lastTask;
  }

  /** The index, or undefined. */
  find(name: string): Index | undefined {
    return this.indices.get(name);
  }

  /** The index; throws 404 "Index does not exist" when missing. */
  get(name: string): Index {
    const idx = this.indices.get(name);
    if (!idx) throw new ApiError(404, 'Index does not exist');
    return idx;
  }

  /** The index, created empty when missing (writes create indices, as in Algolia). */
  getOrCreate(name: string): Index {
    if (typeof name !== 'string' || name === '' || name.length > 512) throw badRequest('Invalid index name');
    let idx = this.indices.get(name);
    if (!idx) {
      idx = new Index(name);
      this.indices.set(name, idx);
    }
    return idx;
  }

  /** Deletes an index; returns whether it existed. */
  delete(name: string): boolean {
    return this.indices.delete(name);
  }

  /** All indices, sorted by name. */
  list(): IndexSummary[] {
    return [...this.indices.values()]
      .sort((a, b) => a.name.localeCompare(b.name))
      .map((i) => ({
        name: i.name,
        createdAt: i.createdAt,
        updatedAt: i.updatedAt,
        entries: i.size,
        dataSize: 0,
        fileSize: 0,
        lastBuildTimeS: 0,
        numberOfPendingTasks: 0,
        pendingTask: false,
      }));
  }

  /**
   * Copy or move an index (Algolia semantics): copy of a missing source creates an empty
   * destination; move of a missing source is ignored; a scoped copy only replaces the destination's
   * settings and/or rules (synonyms are not supported and are ignored).
   */
  operation(source: string, params: OperationParams): void {
    if (!params || typeof params !== 'object') throw badRequest('Invalid operation');
    const { operation, destination, scope } = params;
    if (operation !== 'copy' && operation !== 'move') throw badRequest(`Invalid operation: ${String(operation)}`);
    if (typeof destination !== 'string' || destination === '') throw badRequest('Invalid destination');
    if (scope !== undefined && (!Array.isArray(scope) || !scope.every((s) => ['settings', 'synonyms', 'rules'].includes(s)))) {
      throw badRequest('Invalid scope');
    }
    if (source === destination) return;
    const src = this.indices.get(source);
    if (operation === 'move') {
      if (!src) return;
      this.indices.delete(source);
      src.name = destination;
      src.updatedAt = nowIso();
      this.indices.set(destination, src);
      return;
    }
    if (scope && scope.length > 0) {
      const dest = this.getOrCreate(destination);
      if (scope.includes('settings')) dest.replaceSettings(src ? src.rawSettings() : {});
      if (scope.includes('rules')) dest.rules.replaceAll(src ? src.rules.all() : []);
      return;
    }
    const dest = new Index(destination);
    if (src) {
      dest.replaceSettings(src.rawSettings());
      dest.rules.replaceAll(src.rules.all());
      for (const rec of src.all()) dest.save(rec);
    }
    this.indices.set(destination, dest);
  }
}
