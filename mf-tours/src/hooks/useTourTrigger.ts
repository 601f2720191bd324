/**
 * When a tour starts (spec §4 Guided tours, §9): on a tour page (state/pages), **1.5 s** after the page
 * loaded (or after consent was given on it), only while consent group **C0002** is active
 * (`bus.state.consent`, published by the shell's consent adapter), only when the page's tour is not
 * completed (api/storage) and its guide is active with at least one visible step (state/guides, api/targets).
 * Leaving the page or losing consent cancels a pending start and hides a running tour.
 */
import { useEffect, useState } from 'react';
import { useLocation } from '@storefront/remote-kit';
import { useBusState, type EventBus } from 'shared-events';
import { loadGuideContent } from '../api/guides';
import { mayStart } from '../api/storage';
import { findVisibleSteps } from '../api/targets';
import { guideFor, type GuideButtons, type GuideContent, type GuideStep } from '../state/guides';
import { tourPageFor, type TourPage } from '../state/pages';

/** Delay between an eligible page's load and its tour, ms (spec §9 "Tour start delay 1.5 s"). */
export const START_DELAY_MS = 1500;
/** The consent group tours need (spec §9). */
export const TOUR_CONSENT_GROUP = 'C0002';

/** A tour ready to run: its page, the steps whose targets are visible, the button texts. */
export interface ReadyTour {
  /** Unique per start (the location it belongs to + a counter). */
  id: string;
  page: TourPage;
  steps: GuideStep[];
  buttons: GuideButtons;
}

let starts = 0;

/** The tour to show now, or null. */
export function useTourTrigger(bus: EventBus, apiBase: string): ReadyTour | null {
  const location = useLocation();
  const consent = useBusState(bus.state.consent);
  const allowed = consent.includes(TOUR_CONSENT_GROUP);
  const page = tourPageFor(location);
  const locationKey = `${location.pathname}${location.search}`;
  const [tour, setTour] = useState<(ReadyTour & { locationKey: string }) | null>(null);

  useEffect(() => {
    if (!page || !allowed || !mayStart(page)) return undefined;
    const ac = new AbortController();
    const timer = setTimeout(() => {
      void (async () => {
        let content: GuideContent;
        try {
          content = await loadGuideContent(apiBase);
        } catch (error) {
          console.warn('[mf-tours] guide content unavailable: no tour', error);
          return;
        }
        const guide = guideFor(content, page);
        if (!guide || ac.signal.aborted) return;
        const steps = await findVisibleSteps(guide.steps, { signal: ac.signal });
        if (ac.signal.aborted || steps.length === 0 || !mayStart(page)) return;
        starts += 1;
        setTour({ id: `${locationKey}#${starts}`, page, steps, buttons: content.buttons, locationKey });
      })();
    }, START_DELAY_MS);
    return () => {
      clearTimeout(timer);
      ac.abort();
    };
  }, [page, allowed, apiBase, locationKey]);

  return tour && allowed && tour.locationKey === locationKey ? tour : null;
}
