import type MiniSearch from 'minisearch';
import type { Bits } from './bits';

/** Postings of one term: fieldId → (MiniSearch short doc id → term frequency). */
type FieldTermData = Map<number, Map<number, number>>;

/**
 * The MiniSearch 7.2 internals the fast path reads (the package is pinned to 7.2.0). Terms are
 * expanded with MiniSearch's own radix tree (exact, prefix, fuzzy) and scored with its BM25 formula.
 */
interface MiniInternals {
  _index: {
    get(term: string): FieldTermData | undefined;
    atPrefix(prefix: string): Iterable<[string, FieldTermData]>;
    fuzzyGet(term: string, maxDistance: number): Map<string, [FieldTermData, number]>;
  };
  _documentIds: Map<number, unknown>;
  _fieldIds: Record<string, number>;
  _fieldLength: Map<number, number[]>;
  _avgFieldLength: number[];
  _documentCount: number;
}

/** One query word as the scorer needs it. */
export interface QueryWord {
  /** Normalised term. */
  term: string;
  prefix: boolean;
  /** Max edit distance (0 = exact/prefix only). */
  maxTypos: number;
}

/** Matching docIds and their scores (same order). */
export interface ScoredDocs {
  ids: number[];
  scores: number[];
}

// MiniSearch defaults
const BM25 = { k: 1.2, b: 0.7, d: 0.5 };
const PREFIX_WEIGHT = 0.375;
const FUZZY_WEIGHT = 0.45;

/** Whether a MiniSearch instance exposes the internals the fast path needs. */
export function supportsFastPath(mini: MiniSearch<unknown>): boolean {
  const m = mini as unknown as Partial<MiniInternals>;
  return (
    !!m._index &&
    typeof m._index.get === 'function' &&
    typeof m._index.atPrefix === 'function' &&
    typeof m._index.fuzzyGet === 'function' &&
    m._documentIds instanceof Map &&
    m._fieldLength instanceof Map &&
    Array.isArray(m._avgFieldLength) &&
    typeof m._fieldIds === 'object' &&
    typeof m._documentCount === 'number'
  );
}

/**
 * Scratch buffers reused across queries of one index (the server is single-threaded and scoring
 * is synchronous).
 */
export class Scorer {
  private score = new Float64Array(0);
  private matched = new Uint16Array(0);
  private lastWord = new Int32Array(0);

  private ensure(capacity: number): void {
    if (this.score.length >= capacity) return;
    const size = Math.max(capacity, this.score.length * 2, 64);
    this.score = new Float64Array(size);
    this.matched = new Uint16Array(size);
    this.lastWord = new Int32Array(size).fill(-1);
  }

  /**
   * Documents matching every query word (AND; each word matches exactly, by prefix, or within its
   * typo budget), restricted to `filter`, with MiniSearch-compatible BM25 scores.
   *
   * @param capacity - Upper bound (exclusive) of docIds.
   * @param boosts - Field name → boost; only these fields are searched.
   */
  run(mini: MiniSearch<unknown>, words: QueryWord[], boosts: Record<string, number>, filter: Bits | undefined, capacity: number): ScoredDocs {
    const m = mini as unknown as MiniInternals;
    this.ensure(capacity);
    const { score, matched, lastWord } = this;
    const touched: number[] = [];
    const fields = Object.entries(boosts)
      .map(([name, boost]) => ({ id: m._fieldIds[name], boost }))
      .filter((f) => f.id !== undefined);
    const total = m._documentCount;

    const scoreTerm = (data: FieldTermData | undefined, weight: number, wi: number): void => {
      if (!data) return;
      for (const f of fields) {
        const freqs = data.get(f.id);
        if (!freqs) continue;
        const idf = Math.log(1 + (total - freqs.size + 0.5) / (freqs.size + 0.5));
        const avg = m._avgFieldLength[f.id] || 1;
        const fieldId = f.id;
        const boost = weight * f.boost;
        // forEach: no [key, value] entry allocation per posting
        freqs.forEach((tf, shortId) => {
          const docId = m._documentIds.get(shortId) as number | undefined;
          if (docId === undefined || docId >= capacity) return;
          if (filter && (filter[docId >>> 5] & (1 << (docId & 31))) === 0) return;
          if (lastWord[docId] !== wi) {
            if (wi === 0) {
              touched.push(docId);
              matched[docId] = 1;
              score[docId] = 0;
            } else if (lastWord[docId] === wi - 1 && matched[docId] === wi) {
              matched[docId] = wi + 1;
            } else {
              return; // already eliminated by an earlier word
            }
            lastWord[docId] = wi;
          }
          const lens = m._fieldLength.get(shortId);
          const len = lens ? lens[fieldId] : avg;
          score[docId] += boost * idf * (BM25.d + (tf * (BM25.k + 1)) / (tf + BM25.k * (1 - BM25.b + (BM25.b * len) / avg)));
        });
      }
    };

    for (let wi = 0; wi < words.length; wi++) {
      const w = words[wi];
      scoreTerm(m._index.get(w.term), 1, wi);
      const seen = new Set<string>([w.term]);
      if (w.prefix) {
        for (const [term, data] of m._index.atPrefix(w.term)) {
          if (term === w.term) continue;
          seen.add(term);
          const distance = term.length - w.term.length;
          scoreTerm(data, (PREFIX_WEIGHT * term.length) / (term.length + 0.3 * distance), wi);
        }
      }
      if (w.maxTypos > 0) {
        for (const [term, [data, distance]] of m._index.fuzzyGet(w.term, w.maxTypos)) {
          if (distance === 0 || seen.has(term)) continue;
          scoreTerm(data, (FUZZY_WEIGHT * term.length) / (term.length + distance), wi);
        }
      }
    }

    const ids: number[] = [];
    const scores: number[] = [];
    const need = words.length;
    for (const id of touched) {
      if (matched[id] === need && lastWord[id] === need - 1) {
        ids.push(id);
        scores.push(score[id]);
      }
      lastWord[id] = -1;
      matched[id] = 0;
    }
    return { ids, scores };
  }
}
