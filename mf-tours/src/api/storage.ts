/**
 * Tour progress in local storage (spec §4 Guided tours, §9 Storage keys):
 * - `completed_tours`: JSON array of tour page keys, e.g. '["welcome"]'; a page in it gets no tour again;
 * - `tourStartByGuidePage`: a tour page key someone asked to (re)play; it starts that page's tour even
 *   when completed; skipping or completing removes it.
 * Storage that throws (private mode, quota) reads as empty and writes are dropped: a tour may then show
 * again, never crash the page.
 */
import { TOUR_PAGES, type TourPage } from '../state/pages';

export const COMPLETED_KEY = 'completed_tours';
export const START_BY_GUIDE_KEY = 'tourStartByGuidePage';

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

const isTourPage = (v: unknown): v is TourPage => typeof v === 'string' && (TOUR_PAGES as readonly string[]).includes(v);

/** The completed tour pages (junk in storage is ignored). */
export function completedTours(): TourPage[] {
  try {
    const raw = storage()?.getItem(COMPLETED_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    return Array.isArray(parsed) ? parsed.filter(isTourPage) : [];
  } catch {
    return [];
  }
}

/** The page whose tour was asked for, or null. */
export function requestedTour(): TourPage | null {
  try {
    const v = storage()?.getItem(START_BY_GUIDE_KEY);
    return isTourPage(v) ? v : null;
  } catch {
    return null;
  }
}

/** Whether `page`'s tour may start: not completed, or asked for by `tourStartByGuidePage`. */
export function mayStart(page: TourPage): boolean {
  return requestedTour() === page || !completedTours().includes(page);
}

/** Records `page` as completed (once) and removes `tourStartByGuidePage` (spec §4: skipping or completing). */
export function finishTour(page: TourPage): void {
  const s = storage();
  if (!s) return;
  try {
    const done = completedTours();
    if (!done.includes(page)) s.setItem(COMPLETED_KEY, JSON.stringify([...done, page]));
    s.removeItem(START_BY_GUIDE_KEY);
  } catch {
    /* storage full or blocked: nothing to do */
  }
}
