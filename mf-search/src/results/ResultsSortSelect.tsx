import { useId } from 'react';
import { useNavigate } from '@storefront/remote-kit';
import { RESULTS_SORT_LABELS, RESULTS_SORTS, sortedResultsUrl, type ResultsSort } from '../state/resultsSort';

/**
 * 'Sort by' for the products tab: relevance or 'Unit price: low to high'. A change navigates (the
 * shell's navigate) to the same query with `&sort=`, back to the first page.
 */
export function ResultsSortSelect({ query, sort }: { query: string; sort: ResultsSort }) {
  const navigate = useNavigate();
  const id = useId();
  return (
    <div className="mfs-results__sort">
      <label htmlFor={id} className="mfs-results__sort-label">Sort by</label>
      <select id={id} className="mfs-results__sort-select" value={sort}
        onChange={(e) => navigate(sortedResultsUrl(query, 'product', e.target.value as ResultsSort))}>
        {RESULTS_SORTS.map((s) => <option key={s} value={s}>{RESULTS_SORT_LABELS[s]}</option>)}
      </select>
    </div>
  );
}
