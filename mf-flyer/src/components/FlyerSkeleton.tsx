/** The flyer's loading state: a grid of grey tiles in the flyer's reserved box (no layout shift). */
export function FlyerSkeleton() {
  return (
    <div className="mf-flyer__skeleton" role="status" aria-live="polite" aria-busy="true">
      <span className="mf-flyer__sr">Loading the weekly flyer…</span>
      {Array.from({ length: 8 }, (_, i) => <div key={i} className="mf-flyer__tile" aria-hidden="true" />)}
    </div>
  );
}
