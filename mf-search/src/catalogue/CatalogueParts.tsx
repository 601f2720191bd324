import { useEffect, useMemo } from 'react';
import { LoadError, Skeleton } from '@storefront/remote-kit/blocks';
import { useBusState, type Store } from 'shared-events';
import { scopeFrom } from '../api/queries';
import type { ProductHit } from '../api/types';
import { useSearchApp } from '../components/appClient';
import { useAddToList } from '../hooks/useAddToList';
import type { EngineQuery } from '../hooks/useEngineQuery';
import { useSearchTracking } from '../hooks/useSearchTracking';
import { useStoreGate, type StoreGate } from '../hooks/useStoreGate';
import type { AddToListOutcome } from '../state/listAdd';
import { EAGER_CARDS } from '../state/layout';
import { ProductCard } from '../components/Cards';

/**
 * A catalogue query failed, or there is no store and the engine does not answer: the product search
 * behind these pages is unavailable (say what is unavailable, rather than spec §8's generic
 * 'Something went wrong. please try later.'). With 'Try again'.
 */
export const CATALOGUE_ERROR = 'Products are unavailable right now. Please try again later.';
/** Heading of an unknown catalogue path (same words as the shell's not-found page). */
export const CATALOGUE_NOT_FOUND = 'Page not found';
/** Placeholder cards of the loading skeleton. */
const SKELETON_CARDS = 8;

/** 'Page not found' inside the page (the edge answers 404 for unknown category slugs). */
export function CatalogueNotFound() {
  useDocumentTitle(CATALOGUE_NOT_FOUND);
  return (
    <section className="mfs-catalogue" aria-labelledby="mfs-catalogue-missing">
      <h1 id="mfs-catalogue-missing" className="mfs-catalogue__title">{CATALOGUE_NOT_FOUND}</h1>
      <p>We could not find this category. It may have moved.</p>
      <p><a className="mfs-catalogue__link" href="/products">See all products</a></p>
    </section>
  );
}

/** Sets `document.title` to '<title> – Harbour Market' once the title is known. */
export function useDocumentTitle(title: string | null) {
  useEffect(() => {
    if (title) document.title = `${title} – Harbour Market`;
  }, [title]);
}

/** The catalogue's error state with 'Try again'. */
export function ErrorState({ onRetry }: { onRetry: () => void }) {
  return (
    <LoadError message={CATALOGUE_ERROR} onRetry={onRetry} className="mfs-results__error" buttonClassName="mfs-button" />
  );
}

/** The loading state (kit Skeleton): the label for screen readers and placeholder cards in the grid's box. */
export function SkeletonCards({ label }: { label: string }) {
  return <Skeleton label={label} variant="cards" count={SKELETON_CARDS} className="mfs-catalogue__loading" />;
}

/** Product cards of a page in a grid; the first row loads its pictures at once. */
export function CardGrid({ hits, store, addToList, label }: { hits: ProductHit[]; store: Store | null; addToList: (hit: ProductHit) => Promise<AddToListOutcome>; label: string }) {
  return (
    <ul className="mfs-catalogue__grid" aria-label={label}>
      {hits.map((hit, i) => (
        <ProductCard key={hit.objectID} hit={hit} storeNumber={store?.storeNumber ?? null} onAddToList={addToList} imageLoading={i < EAGER_CARDS ? 'eager' : 'lazy'} />
      ))}
    </ul>
  );
}

/**
 * What both catalogue pages read: the preferred store's search scope and its gate (`useStoreGate`:
 * when to search, whether the engine is down without a store), the products index and the cards'
 * 'Add to list' (with search tracking), for the shopper's session; and the app's search client.
 */
export function useStoreCatalogue() {
  const { bus, config, client } = useSearchApp();
  const indexName = config.search.indices.products;
  const gate = useStoreGate(bus, client, indexName);
  const { store } = gate;
  const session = useBusState(bus.state.session);
  const scope = useMemo(() => scopeFrom(store), [store]);
  const tracking = useSearchTracking(bus, config, session);
  const addToList = useAddToList(bus, config, scope.storeNumber, tracking, indexName);
  return { client, store, gate, scope, indexName, addToList };
}

/**
 * The error state of a catalogue query: the query settled in error, or no store and the engine is
 * down; `retry` asks again (the gate's probe, or the query) and shows loading meanwhile.
 */
export function failureOf(gate: StoreGate, query: Pick<EngineQuery<unknown>, 'failed' | 'retry'>) {
  return {
    failed: gate.engineDown || query.failed,
    retry: () => { if (gate.engineDown) gate.retry(); else query.retry(); },
  };
}
