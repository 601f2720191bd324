import MiniSearch from 'minisearch';
import { Scorer, supportsFastPath } from '../src/scorer';
import { SEPARATOR, maxTypos, normalizeTerm } from '../src/text';
import { products } from './fixtures';

type Doc = { id: number; title: string; brand: string };

// The fast path reads MiniSearch 7.2 internals; this guards it against a version bump.
describe('Scorer (fast path over MiniSearch internals)', () => {
  const mini = new MiniSearch<Doc>({
    fields: ['title', 'brand'],
    idField: 'id',
    tokenize: (t) => t.split(SEPARATOR),
    processTerm: (t) => normalizeTerm(t) || null,
  });
  mini.addAll(products.map((p, id) => ({ id, title: p.title, brand: p.brand })));
  mini.discard(3); // discarded documents must not match

  it('is supported by the installed MiniSearch', () => {
    expect(supportsFastPath(mini as MiniSearch<unknown>)).toBe(true);
  });

  it.each(['chedd', 'chedar', 'cheddar crackers', 'milk', 'creme', 'kraft', 'sourdough', 'zzz'])('matches MiniSearch.search for %p', (q) => {
    const terms = q.split(' ').map(normalizeTerm);
    const words = terms.map((term, i) => ({ term, prefix: i === terms.length - 1, maxTypos: maxTypos(term) }));
    const boost = { title: 3, brand: 2 };
    const fast = new Scorer().run(mini as MiniSearch<unknown>, words, boost, undefined, products.length);
    const ref = mini.search(q, {
      boost,
      combineWith: 'AND',
      prefix: (_t, i, all) => i === all.length - 1,
      fuzzy: (t) => (t.length >= 4 ? 0.2 : false),
      maxFuzzy: 6,
    });
    const refScores = new Map(ref.map((r) => [r.id as number, r.score]));
    expect(new Set(fast.ids)).toEqual(new Set(refScores.keys()));
    // MiniSearch multiplies by the number of matched query terms: a constant under AND
    fast.ids.forEach((id, i) => expect(fast.scores[i] * terms.length).toBeCloseTo(refScores.get(id)!, 6));
  });
});
