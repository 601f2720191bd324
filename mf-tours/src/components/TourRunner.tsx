/**
 * One guided tour with react-joyride 3 (spec §2 Guided tours; §4): its tooltip is an `alertdialog`
 * (aria-modal, focus trapped inside it, so focus moves into the tour), buttons skip / prev / next —
 * 'start' on the first step — and close (ends the tour, like skip); Escape skips too. When the tour
 * ends (finished or skipped) it is recorded in `completed_tours` and `tourStartByGuidePage` is removed
 * (../state/storage), and focus goes back where it was before the tour (else to `<main>`).
 */
import { useEffect, useMemo, useRef } from 'react';
import { EVENTS, STATUS, useJoyride, type EventData, type Step } from 'react-joyride';
import { finishTour } from '../api/storage';
import type { ReadyTour } from '../hooks/useTourTrigger';
import './App.css';

export interface TourRunnerProps {
  tour: ReadyTour;
  /** Called once when the tour ended (finished, skipped, closed). */
  onEnd: () => void;
}

/** The joyride steps of a ready tour: no beacon, the first step's primary button says `start`. */
export function joyrideSteps(tour: ReadyTour): Step[] {
  return tour.steps.map((s, i) => ({
    target: s.target,
    content: s.content,
    ...(s.title ? { title: s.title } : {}),
    placement: 'auto',
    ...(i === 0 && tour.steps.length > 1 ? { locale: { next: tour.buttons.start, nextWithProgress: tour.buttons.start } } : {}),
  }));
}

/** How long after a step's tooltip shows its primary button gets focus if focus is still outside, ms. */
export const FOCUS_DELAY_MS = 150;

/** Moves focus into the shown tooltip (its primary button) unless it is there already. */
function focusIntoTooltip(): void {
  setTimeout(() => {
    const tip = document.querySelector<HTMLElement>('.react-joyride__tooltip');
    if (!tip || tip.contains(document.activeElement)) return;
    (tip.querySelector<HTMLElement>('[data-action=primary]') ?? tip.querySelector<HTMLElement>('button'))?.focus({ preventScroll: true });
  }, FOCUS_DELAY_MS);
}

export default function TourRunner({ tour, onEnd }: TourRunnerProps) {
  const returnFocus = useRef<Element | null>(typeof document !== 'undefined' ? document.activeElement : null);
  const ended = useRef(false);
  const steps = useMemo(() => joyrideSteps(tour), [tour]);

  const end = () => {
    if (ended.current) return;
    ended.current = true;
    finishTour(tour.page);
    const back = returnFocus.current;
    if (back instanceof HTMLElement && back.isConnected && back !== document.body) back.focus();
    else document.getElementById('main-content')?.focus();
    onEnd();
  };

  const { controls, Tour } = useJoyride({
    steps,
    run: true,
    continuous: true,
    locale: { back: tour.buttons.prev, close: tour.buttons.close, last: tour.buttons.close, next: tour.buttons.next, nextWithProgress: tour.buttons.next, skip: tour.buttons.skip },
    options: {
      buttons: ['skip', 'back', 'close', 'primary'],
      skipBeacon: true,
      closeButtonAction: 'skip',
      dismissKeyAction: false,
      overlayClickAction: false,
      targetWaitTimeout: 0,
      primaryColor: '#1b7f3b',
      zIndex: 2147482500,
      scrollOffset: 80,
    },
    onEvent: (data: EventData) => {
      if (data.type === EVENTS.TOOLTIP) focusIntoTooltip();
      if (data.type === EVENTS.TOUR_END || data.status === STATUS.FINISHED || data.status === STATUS.SKIPPED) end();
    },
  });

  // Escape ends the tour (the library's own Escape only closes a step).
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') controls.skip('button_skip');
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [controls]);

  return <div className="mf-tours" data-tour-page={tour.page}>{Tour}</div>;
}
