import { PageIntro, firstViewFor } from '@storefront/remote-kit/page-intro';
import { useEngineQuery } from '../hooks/useEngineQuery';
import { fetchOverview, type ProductsOverview } from '../api/catalogue';
import { categoryUrl } from '../state/catalogue';
import firstViews from '../first-view.json';
import { CardGrid, ErrorState, SkeletonCards, failureOf, useDocumentTitle, useStoreCatalogue } from './CatalogueParts';

/** The page intro's lead, also in the first view the edge serves (src/first-view.json; kit page-intro). */
const PRODUCTS_LEAD = firstViewFor(firstViews, '/products').lead;

/** `/products`: departments with their categories (counts at the store) and featured products. */
export function ProductsIndex() {
  const { client, store, gate, scope, indexName, addToList } = useStoreCatalogue();
  useDocumentTitle('Products');
  const query = useEngineQuery<ProductsOverview>({
    queryKey: ['catalogue-overview', indexName, scope.storeNumber, scope.bannerCode],
    queryFn: () => fetchOverview(client, indexName, scope),
    enabled: gate.ready,
  });
  const { result } = query;
  const { failed, retry } = failureOf(gate, query);
  const data = failed ? undefined : result.data;
  return (
    <>
    <PageIntro heading="Products" lead={PRODUCTS_LEAD} headingId="mfs-catalogue-products" />
    <section className="mfs-catalogue" aria-labelledby="mfs-catalogue-products">
      {failed ? <ErrorState onRetry={retry} /> : null}
      {!failed && !data ? <SkeletonCards label="Loading products…" /> : null}
      {data ? (
        <>
          {data.featured.length > 0 ? (
            <section className="mfs-catalogue__section" aria-labelledby="mfs-catalogue-featured">
              <h2 id="mfs-catalogue-featured" className="mfs-catalogue__subtitle">{`On the flyer at ${store?.locationName ?? 'your store'}`}</h2>
              <CardGrid hits={data.featured} store={store} addToList={addToList} label="Featured products" />
            </section>
          ) : null}
          <Departments departments={data.departments} />
        </>
      ) : null}
    </section>
    </>
  );
}

/** 'Shop by department': each department and its categories, with counts at the store. */
function Departments({ departments }: { departments: ProductsOverview['departments'] }) {
  return (
    <section className="mfs-catalogue__section" aria-labelledby="mfs-catalogue-departments">
      <h2 id="mfs-catalogue-departments" className="mfs-catalogue__subtitle">Shop by department</h2>
      <ul className="mfs-catalogue__departments">
        {departments.map((d) => (
          <li key={d.slug} className="mfs-catalogue__department">
            <h3 className="mfs-catalogue__department-title">
              <a href={categoryUrl(d.slug)}>{d.name}</a> <span className="mfs-count">{`(${d.count})`}</span>
            </h3>
            <ul className="mfs-catalogue__categories">
              {d.categories.map((c) => (
                <li key={c.slug}><a href={categoryUrl(d.slug, c.slug)}>{c.name}</a> <span className="mfs-count">{`(${c.count})`}</span></li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </section>
  );
}
