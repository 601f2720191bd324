/**
 * `/flyer` (spec §2 Routes): the weekly flyer of the preferred store, embedded from the
 * flyer provider (contract /tmp/flyer-contract.md §1–§3) with store code, locale en-CA and the
 * store's current publication id.
 *
 * - The provider's script loads once per page (timeout 10 s) while the publication is fetched.
 * - A store change reloads the flyer after 500 ms of quiet (spec §5); the old storefront is destroyed first.
 * - `set_preferred_store_number` asks the store selector for that store (see usePreferredStoreParam).
 * - The provider unreachable (script fails or times out, publications fail, the flyer never says it is
 *   ready): a short explanation with 'Try again'; nothing else on the page depends on it.
 */
import { useMemo, useState } from 'react';
import { useQuery } from '@storefront/remote-kit';
import { useWaitOver } from '@storefront/remote-kit/wait';
import { PageIntro, firstViewFor } from '@storefront/remote-kit/page-intro';
import { useBusState, type EventBus, type RuntimeConfig } from 'shared-events';
import { loadFlyerStorefront } from '../api/providerScript';
import { fetchCurrentPublication, NoPublicationError } from '../api/publications';
import { readFlyerConfig } from '../state/config';
import { flyerStoreOf, storeLabel, type FlyerStore } from '../state/storeLabel';
import { usePreferredStoreParam } from '../hooks/usePreferredStoreParam';
import { useShownStore } from '../hooks/useShownStore';
import { FlyerEmbed } from './FlyerEmbed';
import { FlyerSkeleton } from './FlyerSkeleton';
import firstViews from '../first-view.json';
import './flyer.css';

/** The page intro, also the first view the edge serves (src/first-view.json; kit page-intro). */
const INTRO = firstViewFor(firstViews, '/flyer');

/** How long to wait for the store selector's first store before showing the default store's flyer (ms). */
export const STORE_WAIT_MS = 5_000;

/** Spec-style text when the provider cannot be reached. */
export const UNAVAILABLE_TEXT = 'The weekly flyer is unavailable right now. Please try again later.';

export interface FlyerPageProps {
  bus: EventBus;
  config?: RuntimeConfig;
}

/** 'Valid Nov 20 to Nov 26' from ISO dates (UTC calendar dates, en-CA). */
function validity(from: string, to: string): string | null {
  const fmt = (d: string) => {
    const date = new Date(`${d}T00:00:00Z`);
    return Number.isNaN(date.getTime()) ? null : date.toLocaleDateString('en-CA', { month: 'short', day: 'numeric', timeZone: 'UTC' });
  };
  const a = fmt(from);
  const b = fmt(to);
  return a && b ? `Valid ${a} to ${b}` : null;
}

export function FlyerPage({ bus, config }: FlyerPageProps) {
  const flyer = useMemo(() => readFlyerConfig(config), [config]);
  const busStore = useBusState(bus.state.store);
  const storeWaitOver = useWaitOver(!busStore, STORE_WAIT_MS);

  const defaultNumber = config?.defaultStoreNumber ?? '3299';
  const current: FlyerStore | null = busStore
    ? flyerStoreOf(busStore)
    : storeWaitOver ? { storeNumber: defaultNumber, locationName: null } : null;

  const { holding, notFound } = usePreferredStoreParam(bus, current !== null);
  const shown = useShownStore(current, holding);
  const [attempt, setAttempt] = useState(0);
  const [embedFailed, setEmbedFailed] = useState(false);

  const script = useQuery({
    queryKey: ['mf-flyer', 'script', flyer?.scriptUrl ?? '', attempt],
    queryFn: () => loadFlyerStorefront(flyer!.scriptUrl),
    enabled: flyer !== null,
    retry: false,
    staleTime: Infinity,
  });
  const publication = useQuery({
    queryKey: ['mf-flyer', 'publication', flyer?.origin ?? '', flyer?.merchant ?? '', shown?.storeNumber ?? '', attempt],
    queryFn: ({ signal }) => fetchCurrentPublication({ origin: flyer!.origin, merchant: flyer!.merchant, storeCode: shown!.storeNumber }, signal),
    enabled: flyer !== null && shown !== null,
    retry: (count, error) => !(error instanceof NoPublicationError) && count < 1,
  });

  const retry = () => {
    setEmbedFailed(false);
    setAttempt((a) => a + 1);
  };

  let body;
  if (!flyer || script.isError || embedFailed || (publication.isError && !(publication.error instanceof NoPublicationError))) {
    body = (
      <div className="mf-flyer__frame mf-flyer__frame--message">
        <div className="mf-flyer__unavailable" role="alert">
          <p>{UNAVAILABLE_TEXT}</p>
          {flyer && <button type="button" className="mf-flyer__btn" onClick={retry}>Try again</button>}
        </div>
      </div>
    );
  } else if (publication.isError && shown) {
    body = (
      <div className="mf-flyer__frame mf-flyer__frame--message">
        <p className="mf-flyer__none" role="status">There is no weekly flyer for {storeLabel(shown)} right now.</p>
      </div>
    );
  } else if (!script.data || !publication.data || !shown) {
    body = <div className="mf-flyer__frame"><FlyerSkeleton /></div>;
  } else {
    body = (
      <FlyerEmbed
        key={`${shown.storeNumber}|${publication.data.id}|${attempt}`}
        api={script.data}
        flyer={flyer}
        storeCode={shown.storeNumber}
        publicationId={publication.data.id}
        bus={bus}
        onFailed={() => setEmbedFailed(true)}
      />
    );
  }

  const dates = publication.data ? validity(publication.data.validFrom, publication.data.validTo) : null;
  return (
    <>
    <PageIntro heading={INTRO.heading} lead={INTRO.lead} headingId="mf-flyer-title" />
    <section className="mf-flyer" aria-labelledby="mf-flyer-title">
      <div className="mf-flyer__head">
        <p className="mf-flyer__store">
          {shown ? <>Flyer for <strong>{storeLabel(shown)}</strong>{dates ? <span className="mf-flyer__dates"> · {dates}</span> : null}</> : 'Finding your store…'}
        </p>
      </div>
      <div className="mf-flyer__notice" role="status">
        {notFound && shown && !holding ? `We couldn't find store ${notFound.requested}. Showing the flyer for ${storeLabel(shown)}.` : null}
      </div>
      {body}
    </section>
    </>
  );
}
