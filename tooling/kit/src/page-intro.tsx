/**
 * `@storefront/remote-kit/page-intro` (bundled into each user, not shared): the first view of a
 * remote's page, so the first paint is stable and fast however many remotes a page has.
 *
 * Without it a remote page's Largest Contentful Paint waits for every script of the page (Lighthouse
 * mobile LCP ~7 s on /flyer, /offers, results, /store-locator): nothing of the page is in the HTML. So each
 * remote publishes, next to its manifest, `first-view.json` — for each of its page routes the intro's
 * heading and lead — and the edge writes that intro into `#slot-page` of the HTML it serves
 * (shell/server/startup-hints.mjs). The remote renders the same intro, with {@link PageIntro}, as the
 * first child of its page, from the same file; the markup and the CSS (./page-intro.css, inlined by the
 * shell) are the same, so React replacing the edge's copy moves nothing and paints nothing larger.
 *
 * The file's shape ({@link FirstViews}): route pattern of the registry (e.g. '/flyer', '/?query',
 * '/products/category/:category') → `{ heading, lead, picture? }`. `{name}` in a text is filled by the
 * edge (text only, escaped): the route's path parameter `name` ('-' as a space), else a field `name` of
 * the page's record (a page of one search record, e.g. `/products/:slug`: the hit whose `pageSlug` is the
 * path, which the edge looks up anyway to answer 404 for an unknown slug; shell/server/page-lookup.mjs),
 * else the URL's query parameter `name`. E.g. 'Results for “{query}”', '{title}', picture
 * '{featuredImage}'.
 */
import { createElement, type ReactNode, type Ref } from 'react';
import './page-intro.css';

/** One route's first view: plain text, never HTML. */
export interface FirstView {
  /**
   * The page's `<h1>`. A name in braces is filled by the edge: a path parameter of the route, '-' read
   * as a space (e.g. `{category}`), else a query parameter (e.g. `Results for “{query}”`).
   */
  heading: string;
  /** One paragraph under it (≥ 3 lines on a 412 px phone keeps it the page's largest paint). */
  lead: string;
  /**
   * A picture beside the heading (a record page's `{featuredImage}`): after filling, a same-origin image
   * path ('/media/…svg', CSP img-src 'self'), else the edge leaves the picture out. Drawn
   * {@link PAGE_INTRO_PICTURE_PX} px square, decorative (`alt=""`: the heading names it).
   */
  picture?: string;
}

/** Intrinsic size of the intro's picture, px (width = height; its box is reserved by the CSS). */
export const PAGE_INTRO_PICTURE_PX = 240;

/** `first-view.json`: route pattern → first view. */
export type FirstViews = Record<string, FirstView>;

/** Props of {@link PageIntro}. */
export interface PageIntroProps {
  /** The heading's final text (the remote fills in what the edge filled from the URL). */
  heading: string;
  /** The lead paragraph's text. */
  lead: string;
  /** id of the `<h1>` (a section's `aria-labelledby` can point at it). */
  headingId?: string;
  /** ref to the `<h1>`, e.g. to move focus to it after navigation (it has tabIndex -1). */
  headingRef?: Ref<HTMLHeadingElement>;
  /** The picture's URL (as the edge filled `picture`), or null/undefined for none. */
  picture?: string | null;
  /**
   * What the page adds under the lead once its data is in (e.g. a product's price and 'Add to list'), in
   * `<div class="sf-intro__more">`: beside a picture it fills the column under the heading, where the
   * picture's height already made room, so the served intro does not move. The edge never serves it.
   */
  children?: ReactNode;
}

/**
 * The page intro: `<header class="sf-intro"><h1 class="sf-intro__heading" tabindex="-1">…</h1><p
 * class="sf-intro__lead">…</p></header>`; with a picture, `<header class="sf-intro sf-intro--picture">`
 * starting with `<img class="sf-intro__picture" src="…" alt="" width="240" height="240"
 * fetchpriority="high">`. Render it as the first child of the page (directly in `#slot-page`, before
 * the page's own container), so it sits where the edge's first view was. Texts are rendered as text
 * (React escapes them).
 */
export function PageIntro({ heading, lead, headingId, headingRef, picture, children }: PageIntroProps) {
  // createElement, not JSX: like ./ad-slot, this file may be compiled with the classic JSX transform.
  return createElement(
    'header',
    { className: picture ? 'sf-intro sf-intro--picture' : 'sf-intro' },
    picture
      ? createElement('img', { className: 'sf-intro__picture', src: picture, alt: '', width: PAGE_INTRO_PICTURE_PX, height: PAGE_INTRO_PICTURE_PX, fetchPriority: 'high' })
      : null,
    createElement('h1', { className: 'sf-intro__heading', id: headingId, ref: headingRef, tabIndex: -1 }, heading),
    createElement('p', { className: 'sf-intro__lead' }, lead),
    children ? createElement('div', { className: 'sf-intro__more' }, children) : null,
  );
}

/**
 * Fills `{name}` in a first-view text from `values` (a record's fields, as the edge does for a record
 * page), so the remote renders exactly the text the edge served. A name without a value becomes ''.
 * @example fillFirstView('{size} · {brand}', { size: '454 g', brand: 'Harbour Pantry' }) // '454 g · Harbour Pantry'
 */
export function fillFirstView(text: string, values: object): string {
  return text.replace(/\{([A-Za-z][\w-]*)\}/g, (_, name: string) => {
    const v = Object.hasOwn(values, name) ? (values as Record<string, unknown>)[name] : undefined;
    return typeof v === 'string' || typeof v === 'number' ? String(v) : '';
  });
}

/**
 * The first view of a route from a remote's `first-view.json`.
 * @throws Error when the file has no entry for `route` (a missing intro is a build mistake, caught by the remote's tests)
 */
export function firstViewFor(views: FirstViews, route: string): FirstView {
  const view = views[route];
  if (!view) throw new Error(`first-view.json has no entry for the route '${route}'`);
  return view;
}
