export interface PaginationProps {
  /** 0-based current page. */
  page: number;
  /** Total pages (≥ 1). */
  pageCount: number;
  onChange: (page: number) => void;
  /** Accessible name of the nav landmark, e.g. 'Product pages'. */
  label: string;
}

/** 'Previous' / 'Next' buttons and 'Page X of Y' (1-based for people). Hidden when there is one page. */
export function Pagination({ page, pageCount, onChange, label }: PaginationProps) {
  if (pageCount <= 1) return null;
  return (
    <nav className="mfs-pagination" aria-label={label}>
      <button type="button" className="mfs-button" disabled={page <= 0} onClick={() => onChange(page - 1)}>Previous</button>
      <span className="mfs-pagination__label">{`Page ${page + 1} of ${pageCount}`}</span>
      <button type="button" className="mfs-button" disabled={page >= pageCount - 1} onClick={() => onChange(page + 1)}>Next</button>
    </nav>
  );
}
