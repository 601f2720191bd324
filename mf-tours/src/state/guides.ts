/**
 * Guide text content (spec §3 "one guide per tour page, each with isActive and an ordered list of steps
 * each with content; plus the button texts"; §7 Content queries "Guide text"): managed content `guides`
 * from the BFF's `GET <apiBase>/content/guides` (services/seed/data/content/guides.json).
 */
import { TOUR_PAGES, type TourPage } from './pages';

/** One step: where it points (a CSS selector of a stable landmark or `[data-tour=…]`) and what it says (plain text). */
export interface GuideStep {
  target: string;
  title?: string;
  content: string;
  /** The target is not shown under 1024 px (spec §4, §9 mobile breakpoint): the step is skipped there. */
  hideOnMobile?: boolean;
}

export interface Guide {
  page: TourPage;
  isActive: boolean;
  steps: GuideStep[];
}

/** The tour's button texts (spec §2: skip, prev, next, start, close). */
export interface GuideButtons {
  skip: string;
  prev: string;
  next: string;
  start: string;
  close: string;
}

export interface GuideContent {
  buttons: GuideButtons;
  guides: Guide[];
}

export const DEFAULT_BUTTONS: GuideButtons = { skip: 'Skip tour', prev: 'Back', next: 'Next', start: 'Start', close: 'Close' };

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const text = (v: unknown, max: number): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim().slice(0, max) : null);

/** A selector that `document.querySelector` accepts; null otherwise (a bad selector must not break the tour). */
function selector(v: unknown): string | null {
  const s = text(v, 200);
  if (!s) return null;
  try {
    document.createDocumentFragment().querySelector(s);
    return s;
  } catch {
    return null;
  }
}

/**
 * The valid part of the content: guides of known pages with their valid steps (target selector and
 * content text; title ≤ 80, content ≤ 400 characters), buttons with defaults for missing texts.
 * @throws Error('guide content is not an object') when `input` is not an object with a `guides` array
 */
export function parseGuideContent(input: unknown): GuideContent {
  if (!isObj(input) || !Array.isArray(input.guides)) throw new Error('guide content is not an object with guides');
  const b = isObj(input.buttons) ? input.buttons : {};
  const buttons = Object.fromEntries(
    (Object.keys(DEFAULT_BUTTONS) as Array<keyof GuideButtons>).map((k) => [k, text(b[k], 40) ?? DEFAULT_BUTTONS[k]]),
  ) as unknown as GuideButtons;
  const guides: Guide[] = [];
  for (const g of input.guides) {
    if (!isObj(g) || typeof g.page !== 'string' || !(TOUR_PAGES as readonly string[]).includes(g.page) || !Array.isArray(g.steps)) continue;
    const steps: GuideStep[] = [];
    for (const s of g.steps) {
      if (!isObj(s)) continue;
      const target = selector(s.target);
      const content = text(s.content, 400);
      if (!target || !content) continue;
      const title = text(s.title, 80);
      steps.push({ target, content, ...(title ? { title } : {}), ...(s.hideOnMobile === true ? { hideOnMobile: true } : {}) });
    }
    guides.push({ page: g.page as TourPage, isActive: g.isActive === true, steps });
  }
  return { buttons, guides };
}

/** The active guide of `page` with at least one step, or null. */
export function guideFor(content: GuideContent, page: TourPage): Guide | null {
  const g = content.guides.find((x) => x.page === page);
  return g && g.isActive && g.steps.length > 0 ? g : null;
}
