import { randomBytes } from 'node:crypto';
import MiniSearch from 'minisearch';
import * as bits from './bits';
import type { Bits } from './bits';
import { badRequest } from './errors';
import type { SearchParams } from './params';
import { RuleSet } from './rules';
import { Scorer } from './scorer';
import { scalarLeaves, valuesAtPath } from './text';
import type { Candidates, Doc, Hit, IndexSettings, SearchField, SearchRecord, SearchResponse } from './engine-types';
import { applyOperation, generateObjectID, nowIso, stripModifier } from './records';
import { FilterIndex } from './filter-index';
import { ALL_FIELD, buildTextIndex } from './text-index';
import { geoCandidates, type HitContext, makeHit, orderedPage, pageWindow, type ParsedQuery, parseQuery, prefixFor, rankedPage, rankingOrder, scanCandidates, textCandidates } from './search-steps';

export type * from './engine-types';
export { retrieve } from './records';

const DEFAULT_HITS_PER_PAGE = 20;
const DEFAULT_PAGINATION_LIMIT = 1000;

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
  private order?: Int32Array;
  private rank?: Int32Array;
  private filters = new FilterIndex(() => this.docs, () => this.alive);

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
    for (const a of this.settings.attributesForFaceting ?? []) this.filters.facetMap(stripModifier(a));
  }

  private invalidate(): void {
    this.filters.clear();
    this.order = undefined;
    this.rank = undefined;
  }

  // ----- text index ---------------------------------------------------------------------

  private rebuildText(): void {
    ({ fields: this.fields, mini: this.mini } = buildTextIndex(this.docs, this.settings.searchableAttributes));
  }

  // ----- filters ------------------------------------------------------------------------

  private capacity(): number {
    return this.docs.length;
  }

  // ----- ranking ------------------------------------------------------------------------

  /** The custom-ranking order of the live records, kept until the next write. */
  private rankingOrder(): { order: Int32Array; rank: Int32Array } {
    if (!this.order || !this.rank) ({ order: this.order, rank: this.rank } = rankingOrder(this.docs, this.settings.customRanking ?? []));
    return { order: this.order, rank: this.rank };
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
    const paginationLimit = typeof this.settings.paginationLimitedTo === 'number' ? this.settings.paginationLimitedTo : DEFAULT_PAGINATION_LIMIT;
    const window = pageWindow(p, hitsPerPage, paginationLimit);
    const filter = this.filters.filterBits(p);
    const { order, rank } = this.rankingOrder();
    const q = parseQuery(p.query);
    const geo = p.aroundLatLng;

    let candidates: Candidates | undefined;
    let orderedIds: number[] = []; // empty query, no geo, no sort: already the page, in final order
    let nbHits: number;
    if (q.norm.length > 0) {
      const text = { fields: this.fields, mini: this.mini as MiniSearch<unknown>, scorer: this.scorer, capacity: () => this.capacity() };
      candidates = textCandidates(text, q, p, filter);
    } else if (geo || p.sort) {
      candidates = scanCandidates(order, filter);
    } else {
      ({ ids: orderedIds, nbHits } = orderedPage(order, filter, window));
    }
    if (candidates && geo) candidates = geoCandidates(candidates, this.docs, geo, p.aroundRadius);

    const found = candidates;
    const hitContext = this.hitContext(p, q, rank);
    let hits: Hit[];
    if (found) {
      nbHits = found.ids.length;
      const sort = p.sort ? { keys: this.sortKeys(found.ids, p.sort), dir: p.sort.dir } : undefined;
      hits = rankedPage(found, window, rank, sort).map((ci) => makeHit(hitContext, found, found.ids[ci], ci));
    } else {
      hits = orderedIds.map((id) => makeHit(hitContext, undefined, id));
    }
    const response = this.response(p, hits, nbHits!, hitsPerPage, paginationLimit);
    if (p.facets && p.facets.length > 0) {
      const { facets, stats } = this.filters.countFacets(p, candidates, filter, () => this.facetableAttributes());
      response.facets = facets;
      if (Object.keys(stats).length > 0) response.facets_stats = stats;
    }
    response.processingTimeMS = Math.round(performance.now() - t0);
    return response;
  }

  /** What the hits of `p` show: retrieved and highlighted attributes, ranking info. */
  private hitContext(p: SearchParams, q: ParsedQuery, rank: Int32Array): HitContext {
    const settings = this.settings;
    return {
      docs: this.docs,
      toRetrieve: p.attributesToRetrieve ?? settings.attributesToRetrieve ?? ['*'],
      toHighlight: p.attributesToHighlight ?? settings.attributesToHighlight ?? this.searchableAttributeNames(),
      highlight: {
        words: q.words,
        norm: q.norm,
        prefix: q.norm.map((_, i) => prefixFor(p.queryType, i, q.norm.length)),
        typo: p.typoTolerance,
        pre: p.highlightPreTag ?? (typeof settings.highlightPreTag === 'string' ? settings.highlightPreTag : '<em>'),
        post: p.highlightPostTag ?? (typeof settings.highlightPostTag === 'string' ? settings.highlightPostTag : '</em>'),
      },
      ranking: p.getRankingInfo
        ? { rank, count: this.count, words: q.norm.length, filters: (p.filters ? 1 : 0) + (p.facetFilters ? 1 : 0) + (p.numericFilters ? 1 : 0), geo: !!p.aroundLatLng }
        : undefined,
    };
  }

  /** The response around the hits: paging, echoes, queryID and the applied query rules (not the facets). */
  private response(p: SearchParams, hits: Hit[], nbHits: number, hitsPerPage: number, paginationLimit: number): SearchResponse {
    const reachable = Math.min(nbHits, paginationLimit);
    const response: SearchResponse = {
      hits,
      nbHits,
      page: p.page,
      nbPages: hitsPerPage === 0 ? 0 : Math.ceil(reachable / hitsPerPage),
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
      response.length = this.hitsAskedBy(p);
    }
    if (p.aroundLatLng) response.aroundLatLng = `${p.aroundLatLng.lat},${p.aroundLatLng.lng}`;
    if (p.clickAnalytics) response.queryID = randomBytes(16).toString('hex');
    if (p.enableRules) {
      const applied = this.rules.match(p.query, p.ruleContexts ?? []);
      if (applied.length > 0) {
        response.appliedRules = applied.map((r) => ({ objectID: r.objectID }));
        const userData = applied.filter((r) => r.consequence.userData !== undefined).map((r) => r.consequence.userData);
        if (userData.length > 0) response.userData = userData;
      }
    }
    return response;
  }

  /** The sort attribute's first scalar value of each candidate (undefined when it has none). */
  private sortKeys(ids: number[], sort: NonNullable<SearchParams['sort']>): Array<number | string | undefined> {
    return ids.map((id) => {
      const leaf = scalarLeaves(valuesAtPath(this.docs[id]!, sort.path))[0];
      return typeof leaf === 'number' || typeof leaf === 'string' ? leaf : undefined;
    });
  }


}

