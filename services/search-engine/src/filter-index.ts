/**
 * The filter structures of an index, built lazily from its records and dropped on every write: facet
 * value → docIds, facet value bits, numeric attributes sorted for ranges. Evaluates filters and counts facets.
 */
import * as bits from './bits';
import type { Bits } from './bits';
import type { Candidates, FacetEntry, NumericIndex, SearchRecord, SearchResponse } from './engine-types';
import { ApiError } from './errors';
import { type FilterNode, parseFacetFilter, parseFilterList, parseFilters } from './filters';
import type { SearchParams } from './params';
import { facetKey } from './records';
import { scalarLeaves, valuesAtPath } from './text';

export class FilterIndex {
  private facetMaps = new Map<string, Map<string, FacetEntry>>();
  private facetBits = new Map<string, Bits>();
  private numeric = new Map<string, NumericIndex>();

  /** @param docs the index's records by docId; @param alive bits of the live ones */
  constructor(
    private readonly docs: () => ReadonlyArray<SearchRecord | undefined>,
    private readonly alive: () => Bits,
  ) {}

  /** Drops everything built (after a write). */
  clear(): void {
    this.facetMaps.clear();
    this.facetBits.clear();
    this.numeric.clear();
  }

  /** Bits of the live records. */
  universe(): Bits {
    const b = bits.newBits(this.docs().length);
    b.set(this.alive().subarray(0, b.length));
    return b;
  }

  /** Attribute value (normalised) → display value and docIds, built on first use. */
  facetMap(attr: string): Map<string, FacetEntry> {
    let map = this.facetMaps.get(attr);
    if (map) return map;
    map = new Map();
    const path = attr.split('.');
    for (let id = 0; id < this.docs().length; id++) {
      const rec = this.docs()[id];
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

  facetValueBits(attr: string, value: string): Bits {
    const key = `${attr}\u0000${facetKey(value)}`;
    let b = this.facetBits.get(key);
    if (b) return b;
    b = bits.newBits(this.docs().length);
    const entry = this.facetMap(attr).get(facetKey(value));
    if (entry) for (const id of entry.ids) bits.setBit(b, id);
    this.facetBits.set(key, b);
    return b;
  }

  numericIndex(attr: string): NumericIndex {
    let idx = this.numeric.get(attr);
    if (idx) return idx;
    const pairs: Array<[number, number]> = [];
    const path = attr.split('.');
    for (let id = 0; id < this.docs().length; id++) {
      const rec = this.docs()[id];
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
  numericRange(attr: string, lo: number, loIncl: boolean, hi: number, hiIncl: boolean): Bits {
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
    const b = bits.newBits(this.docs().length);
    for (let i = start; i < end; i++) bits.setBit(b, ids[i]);
    return b;
  }

  evaluate(node: FilterNode): Bits {
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
  filterBits(p: SearchParams): Bits | undefined {
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

  /** Step 3, facets: value counts (most frequent first, at most maxValuesPerFacet) and numeric stats over the hits. */
  countFacets(
    p: SearchParams,
    candidates: Candidates | undefined,
    filter: Bits | undefined,
    facetable: () => string[],
  ): { facets: Record<string, Record<string, number>>; stats: NonNullable<SearchResponse['facets_stats']> } {
    let hitBits: Bits;
    if (candidates) {
      hitBits = bits.newBits(this.docs().length);
      for (const id of candidates.ids) bits.setBit(hitBits, id);
    } else {
      hitBits = filter ? bits.and(this.universe(), filter) : this.universe();
    }
    const attrs = p.facets!.includes('*') ? facetable() : p.facets!;
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
