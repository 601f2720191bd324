import { useState } from 'react';
import { DialogTrigger } from '@storefront/remote-kit';
import { Dialog } from '@storefront/remote-kit/dialog';
import type { CategoryListing } from '../api/catalogue';
import { clearRefinements, refinementCount, type ListingState } from '../state/catalogue';
import { ListingFacets } from './Facets';

const products = (n: number) => `${n} ${n === 1 ? 'product' : 'products'}`;

/**
 * Below 1024 px (catalogue.css): 'Filters (N)' (N = active refinements) opens the facets in a kit
 * sheet, so the product grid is the first thing under the heading. In the sheet every change applies
 * at once (the URL state); 'Clear all' drops the refinements, 'Show N products' (N = the hits with
 * them) closes it. Focus moves into the sheet; Escape, × or 'Show N products' return it to the button.
 */
export function FiltersSheet({ data, state, go }: { data: CategoryListing; state: ListingState; go: (next: ListingState) => void }) {
  const [open, setOpen] = useState(false);
  const count = refinementCount(state);
  return (
    <>
      <DialogTrigger open={open} className="mfs-button mfs-catalogue__filters-button" onClick={() => setOpen(true)}>
        {`Filters (${count})`}
      </DialogTrigger>
      {open ? (
        <Dialog
          variant="sheet"
          title="Filters"
          className="mfs-filters-sheet"
          onClose={() => setOpen(false)}
          footer={(
            <>
              <button type="button" className="mfs-button mfs-filters-sheet__clear" disabled={count === 0} onClick={() => go(clearRefinements(state))}>
                Clear all
              </button>
              <button type="button" className="mfs-button mfs-filters-sheet__show" onClick={() => setOpen(false)}>
                {`Show ${products(data.nbHits)}`}
              </button>
            </>
          )}
        >
          <ListingFacets data={data} state={state} go={go} inSheet />
        </Dialog>
      ) : null}
    </>
  );
}
