import { ServedFirstView } from '@storefront/remote-kit';
import { fillFirstView, type FirstView } from '@storefront/remote-kit/page-intro';
import { pictureSrc } from './Cards';
import './record-intro.css';

/**
 * A record page's intro (the kit's `PageIntro` props) from its first-view.json entry and the record, as
 * the edge fills it (`{field}` from the record); a picture only when it is a same-origin image path
 * (`pictureSrc`), else none.
 * @example introFromRecord({ heading: '{title}', lead: '{size} · {brand}', picture: '{featuredImage}' }, hit)
 */
export function introFromRecord(view: FirstView, record: object): { heading: string; lead: string; picture: string | null } {
  return {
    heading: fillFirstView(view.heading, record),
    lead: fillFirstView(view.lead, record),
    picture: view.picture ? pictureSrc({ featuredImage: fillFirstView(view.picture, record) }) : null,
  };
}

/**
 * While a record page (a product, a recipe: spec §2 `/{type}/{pageSlug}`) looks its record up: the intro
 * the edge served for this URL (picture, title and lead, filled from the record; kit `ServedFirstView`),
 * else bones of the same size (a visit from inside the site), so nothing moves when the record arrives
 * and the page renders its `PageIntro`. Decorative: the page's loading status says what is happening.
 */
export function RecordIntroWhileLoading() {
  return (
    <ServedFirstView fallback={(
      <div className="sf-intro sf-intro--picture" aria-hidden="true">
        <span className="sf-intro__picture mfs-record-bone" />
        <span className="mfs-record-bone" />
      </div>
    )} />
  );
}
