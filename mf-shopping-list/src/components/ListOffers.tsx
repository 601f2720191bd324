/**
 * The panel's offers section (spec §2 Shopping-list side panel: "offers sections"): the shopper's
 * loaded offers that match products in the list. Asked through the bus only — `bus.request('offers/matches-requested',
 * { articleNumbers })`, answered by mf-offers with `offers/matches` (same requestId; signed-in
 * shoppers only, shared-events 1.3.0). No answer (anonymous shopper, mf-offers down) or no match: the
 * section is not shown. Offer texts are rendered as text.
 */
import { useEffect, useState } from 'react';
import { newRequestId, type EventBus, type PayloadOf } from 'shared-events';

/** One matching offer, as mf-offers answers it. */
export type ListOffer = PayloadOf<'offers/matches'>['offers'][number];

/**
 * Asks for the loaded offers matching `articleNumbers` (once per change of the set) and returns the
 * latest answer ([] until one arrives).
 */
export function useListOffers(bus: EventBus, articleNumbers: readonly string[], enabled: boolean): ListOffer[] {
  const [offers, setOffers] = useState<ListOffer[]>([]);
  const key = [...new Set(articleNumbers)].sort().join(',');
  useEffect(() => {
    if (!enabled || key === '') {
      setOffers([]);
      return undefined;
    }
    const requestId = newRequestId('list-offers');
    // mf-offers answers again under the same requestId when the shopper's offers change: every answer counts.
    const sub = bus.on('offers/matches').subscribe((e) => {
      if (e.payload.requestId === requestId) setOffers(e.payload.offers);
    });
    const aborter = new AbortController();
    bus.request('offers/matches-requested', { articleNumbers: key.split(',').slice(0, 1000) }, { reply: 'offers/matches', requestId, signal: aborter.signal })
      // No answer (anonymous shopper, mf-offers down) or unmounted: no section.
      .catch(() => undefined);
    return () => {
      aborter.abort();
      sub.unsubscribe();
    };
  }, [bus, key, enabled]);
  return offers;
}

/** 'Offers for your list': badge, description and end date of each matching loaded offer. */
export function ListOffers({ offers, names }: { offers: readonly ListOffer[]; names: ReadonlyMap<string, string> }) {
  if (offers.length === 0) return null;
  return (
    <section className="mfsl-offers" aria-labelledby="mfsl-offers-title">
      <h3 id="mfsl-offers-title" className="mfsl-offers__title">Offers for your list</h3>
      <ul className="mfsl-offers__list">
        {offers.map((o) => (
          <li key={o.offerId} className="mfsl-offers__item">
            <span className="mfsl-offers__badge">{o.badge}</span>
            <span className="mfsl-offers__text">
              {o.description}
              <span className="mfsl-muted">
                {' '}On {o.articleNumbers.map((a) => names.get(a) ?? a).join(', ')} · ends {new Date(o.endDate).toLocaleDateString('en-CA', { month: 'short', day: 'numeric' })}
              </span>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
