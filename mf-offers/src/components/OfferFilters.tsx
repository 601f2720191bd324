import { useId } from 'react';
import type { OfferFilters as Filters } from '../state/offer';

/**
 * The shopper's filters on /offers: loaded / not loaded, category, and the end-date sort. Native
 * `<select>`s (keyboard and screen readers for free); changes apply at once.
 */
export function OfferFilters({ filters, categories, onChange }: { filters: Filters; categories: readonly string[]; onChange: (next: Filters) => void }) {
  const id = useId();
  return (
    <form className="mfo-filters" aria-label="Filter and sort offers" onSubmit={(e) => e.preventDefault()}>
      <label className="mfo-field" htmlFor={`${id}-loaded`}>
        <span>Show</span>
        <select id={`${id}-loaded`} value={filters.loaded} onChange={(e) => onChange({ ...filters, loaded: e.target.value as Filters['loaded'] })}>
          <option value="all">All offers</option>
          <option value="loaded">Loaded to card</option>
          <option value="not-loaded">Not loaded</option>
        </select>
      </label>
      <label className="mfo-field" htmlFor={`${id}-category`}>
        <span>Category</span>
        <select id={`${id}-category`} value={filters.category} onChange={(e) => onChange({ ...filters, category: e.target.value })}>
          <option value="">All categories</option>
          {categories.map((c) => <option key={c} value={c}>{c}</option>)}
        </select>
      </label>
      <label className="mfo-field" htmlFor={`${id}-sort`}>
        <span>Sort by end date</span>
        <select id={`${id}-sort`} value={filters.sort} onChange={(e) => onChange({ ...filters, sort: e.target.value as Filters['sort'] })}>
          <option value="soonest">Ending soonest</option>
          <option value="latest">Ending latest</option>
        </select>
      </label>
    </form>
  );
}
