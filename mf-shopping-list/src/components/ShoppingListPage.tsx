/**
 * The shopping list page, /shopping-list and its subpaths (spec §2 Routes, §3, §4 "The list loads 100
 * items per page with a 'Load More' control", §5, §9). Its own chunk (`mfsl-page`).
 */
import { useId, useLayoutEffect, useRef, useState } from 'react';
import { useNavigate } from '@storefront/remote-kit';
import { siteLinkClick, useBusState } from 'shared-events';
import { LoadError, Skeleton } from '@storefront/remote-kit/blocks';
import { CustomItemForm } from './CustomItemForm';
import { ItemRow } from './ItemRow';
import { ListNotices } from './ListNotices';
import { useRemovalFocus } from './removalFocus';
import { groupItems } from '../state/grouping';
import { itemsLabel } from '../state/labels';
import { getListService, type ListService } from '../api/listService';
import { articleNumberOf, isCustom, PAGE_SIZE, type ListItem } from '../state/model';
import { useListSnapshot, useProductRecords } from '../hooks/useList';
import { useRemoteRuntime } from '@storefront/remote-kit';
import './list.css';
import './page.css';

/** Props of {@link ShoppingListPage}: a service (tests; the custom props come from the kit context). */
export interface ShoppingListPageProps {
  service?: ListService;
}

/**
 * `<h1>Shopping list</h1>`, the count and the preferred store, 'Add a custom item', then the list 100
 * items at a time ('Load More' shows the next 100; focus stays on it, or moves to the first new item
 * when it goes away; the new count is announced politely): custom items first ('Custom List Items',
 * renamable inline), then products grouped by their category ('Other' when unknown). Each row has a
 * check-off box (checked items stay, shown as done), a quantity stepper (1–999) and Remove. Only items
 * with quantity > 0 and a non-empty item_id are shown (spec §5). Loading skeleton, empty state with a
 * link to /products, error state with 'Try again'.
 */
export function ShoppingListPage({ service: given }: ShoppingListPageProps) {
  const { bus, config } = useRemoteRuntime();
  const navigate = useNavigate();
  const [service] = useState(() => given ?? getListService(bus, config));
  const snapshot = useListSnapshot(service);
  const store = useBusState(bus.state.store);
  const [limit, setLimit] = useState(PAGE_SIZE);
  const [announcement, setAnnouncement] = useState('');
  const titleId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const focusAfterMore = useRef<string | null>(null);
  const beforeRemove = useRemovalFocus(rootRef, headingRef);

  const total = snapshot.items.length;
  const visible = snapshot.items.slice(0, limit);
  const products = visible.filter((i) => !isCustom(i));
  const details = useProductRecords(config.search, products.map((i) => articleNumberOf(i.item_id)));
  // When details cannot be loaded, the products are shown anyway (under 'Other').
  const groups = groupItems(visible, details.records, { settled: details.isError });
  const loading = snapshot.status === 'loading';
  const empty = snapshot.status === 'ready' && total === 0;

  // 'Load More' went away (everything shown): focus the first item it revealed, once it is shown.
  useLayoutEffect(() => {
    const id = focusAfterMore.current;
    if (!id || !rootRef.current) return;
    const row = Array.from(rootRef.current.querySelectorAll<HTMLElement>('[data-item-row]')).find((r) => r.dataset.itemRow === id);
    if (!row) return;
    focusAfterMore.current = null;
    row.querySelector<HTMLElement>('input, button, a')?.focus();
  });

  const loadMore = () => {
    const next = Math.min(total, limit + PAGE_SIZE);
    if (next >= total) focusAfterMore.current = snapshot.items[limit]?.item_id ?? null;
    setLimit(limit + PAGE_SIZE);
    setAnnouncement(`Showing ${next} of ${itemsLabel(total)}.`);
  };

  const row = (item: ListItem) => (
    <ItemRow
      key={item.item_id}
      item={item}
      record={isCustom(item) ? undefined : details.records.get(articleNumberOf(item.item_id))}
      store={store}
      service={service}
      variant="page"
      detailsFailed={details.isError}
      navigate={navigate}
      onBeforeRemove={beforeRemove}
    />
  );
  const section = (key: string, title: string, items: ListItem[]) => {
    const id = `${titleId}-${key.replace(/[^A-Za-z0-9_-]/g, '_')}`;
    return (
      <section key={key} className="mfsl-page__group" aria-labelledby={id}>
        <h2 id={id} className="mfsl-page__group-title">{title}</h2>
        <ul className="mfsl-items">{items.map(row)}</ul>
      </section>
    );
  };

  return (
    <section className="mfsl-page" aria-labelledby={titleId}>
      <h1 id={titleId} ref={headingRef} tabIndex={-1} className="mfsl-page__title">Shopping list</h1>
      <p className="mfsl-page__summary">
        {loading ? 'Loading your list…' : itemsLabel(snapshot.count)}
        {store && <span> · Prices and availability for {store.locationName || store.storeNumber}</span>}
      </p>
      <ListNotices snapshot={snapshot} onRetry={() => { void service.retry(); }} />
      <div className="mfsl-page__add"><CustomItemForm service={service} disabled={loading} /></div>

      {loading && (
        <Skeleton label="Loading your list…" count={5} className="mfsl-skeleton" />
      )}

      {empty && (
        <div className="mfsl-page__empty">
          <p className="mfsl-empty">Your list is empty</p>
          <p>Add products while you browse, or add your own items above.</p>
          <a className="mfsl-btn" href="/products" onClick={siteLinkClick('/products', navigate)}>Browse products</a>
        </div>
      )}

      {!loading && total > 0 && (
        <div ref={rootRef} className="mfsl-page__list">
          {details.isError && (
            <LoadError message="Product details could not be loaded." onRetry={details.retry} className="mfsl-notice mfsl-notice--error" buttonClassName="mfsl-link-btn" />
          )}
          {groups.custom.length > 0 && section('custom', 'Custom List Items', groups.custom)}
          {groups.categories.map((g, i) => section(`c${i}`, g.name, g.items))}
          {groups.pending.length > 0 && (
            // Rows appear once their category is known, so they never move (and lose focus) when it arrives.
            <Skeleton label={`Loading ${itemsLabel(groups.pending.length)}…`} count={Math.min(5, groups.pending.length)} className="mfsl-skeleton" />
          )}
          {total > visible.length && (
            <div className="mfsl-page__more">
              <p className="mfsl-muted">Showing {visible.length} of {itemsLabel(total)}</p>
              <button type="button" className="mfsl-btn mfsl-btn--quiet" onClick={loadMore}>Load More</button>
            </div>
          )}
        </div>
      )}
      <p className="mfsl-visually-hidden" role="status" aria-live="polite" data-testid="list-announcer">{announcement}</p>
    </section>
  );
}
