import type { ReactNode } from 'react';
import type { CategoryListing } from '../api/catalogue';
import { clearRefinements, DIETARY, DIETARY_LABELS, hasRefinements, PRICE_BANDS, refine, toggle, type ListingState } from '../state/catalogue';

interface CheckboxProps {
  label: string;
  count: number;
  checked: boolean;
  onChange: () => void;
  name: string;
  value: string;
}

/** One facet value: a checkbox with its visible count; a value with no products is disabled unless selected. */
function FacetCheckbox({ label, count, checked, onChange, name, value }: CheckboxProps) {
  return (
    <label className="mfs-facet__option">
      <input type="checkbox" name={name} value={value} checked={checked} disabled={!checked && count === 0} onChange={onChange} />
      <span className="mfs-facet__label">{label}</span>
      <span className="mfs-count">{`(${count})`}</span>
    </label>
  );
}

function Facet({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="mfs-facet">
      <legend className="mfs-facet__legend">{legend}</legend>
      {children}
    </fieldset>
  );
}

/**
 * The listing's filters (brand, dietary, price, on flyer) with the engine's counts, and 'Clear all
 * filters' when any is set. `go` navigates to the next URL state. Beside the listing from 1024 px;
 * `inSheet`: the same filters in the phone's sheet (`FiltersSheet`, whose footer has 'Clear all').
 */
export function ListingFacets({ data, state, go, inSheet = false }: { data: CategoryListing; state: ListingState; go: (next: ListingState) => void; inSheet?: boolean }) {
  return (
    <form className={inSheet ? 'mfs-filters-sheet__facets' : 'mfs-catalogue__facets'} aria-label="Filters" onSubmit={(e) => e.preventDefault()}>
      <Facet legend="Brand">
        {data.brands.map((b) => (
          <FacetCheckbox key={b.value} name="brand" value={b.value} label={b.value} count={b.count} checked={state.brands.includes(b.value)}
            onChange={() => go(refine(state, { brands: toggle(state.brands, b.value) }))} />
        ))}
      </Facet>
      <Facet legend="Dietary">
        {DIETARY.map((d) => (
          <FacetCheckbox key={d} name="dietary" value={d} label={DIETARY_LABELS[d]} count={data.dietary[d]} checked={state.dietary.includes(d)}
            onChange={() => go(refine(state, { dietary: toggle(state.dietary, d) }))} />
        ))}
      </Facet>
      <Facet legend="Price">
        {PRICE_BANDS.map((b) => (
          <FacetCheckbox key={b.id} name="price" value={b.id} label={b.label} count={data.priceBands[b.id] ?? 0} checked={state.price.includes(b.id)}
            onChange={() => go(refine(state, { price: toggle(state.price, b.id) }))} />
        ))}
      </Facet>
      <Facet legend="Flyer">
        <FacetCheckbox name="flyer" value="1" label="On flyer this week" count={data.onFlyer} checked={state.onFlyer}
          onChange={() => go(refine(state, { onFlyer: !state.onFlyer }))} />
      </Facet>
      {!inSheet && hasRefinements(state) ? (
        <button type="button" className="mfs-button mfs-catalogue__clear" onClick={() => go(clearRefinements(state))}>
          Clear all filters
        </button>
      ) : null}
    </form>
  );
}
