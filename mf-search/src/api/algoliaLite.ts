/**
 * Where `algoliasearch/lite` (an MF shared singleton, tooling/webpack/preset.js) comes from: loaded on
 * first use (`import()`, so neither the header search box's first paint nor `/` before any typing
 * downloads it), or handed over by a chunk that imports it statically (`./algoliaLiteEager`,
 * the results page, which searches at once).
 */
export type AlgoliaLite = Pick<typeof import('algoliasearch/lite'), 'liteClient'>;

let lite: Promise<AlgoliaLite> | null = null;

/** The module, imported once (a failed load is forgotten so the next call retries). */
export function loadAlgoliaLite(): Promise<AlgoliaLite> {
  if (!lite) {
    const loading: Promise<AlgoliaLite> = import(/* webpackChunkName: "algolia-lite" */ 'algoliasearch/lite');
    lite = loading;
    loading.catch(() => { if (lite === loading) lite = null; });
  }
  return lite;
}

/** A chunk that imported the module statically provides it, so `loadAlgoliaLite` never fetches it again. */
export function provideAlgoliaLite(module: AlgoliaLite): void {
  lite = Promise.resolve(module);
}
