/**
 * The shell's managed content pages (spec §2 Routes '/privacy-policy', and the info links of the
 * footer, spec §2 Footer): the route table (`content-pages.json`, also read by the edge's
 * `SHELL_CONTENT_ROUTES`) and the page frame that shows the `<h1>` at once. The page body is the lazy
 * chunk `./ContentPage` (nothing of it in the first-load JS of '/').
 */
import type { ReactNode } from 'react';
import table from './content-pages.json';

/** One managed content page: its path and the heading it shows before its content arrives. */
export interface ContentPageRoute {
  /** e.g. '/about/careers' */
  path: string;
  /** The page's `<h1>` and document title, e.g. 'Careers'. */
  title: string;
}

/** Every managed content page, in footer order (`content-pages.json`). */
export const CONTENT_PAGES: readonly ContentPageRoute[] = table.pages;

/**
 * The managed content name of a page path: the path without its first '/' and with '/' as '-'
 * ('/about/careers' → 'about-careers'), i.e. `services/seed/data/content/<name>.json`, served by the BFF
 * at `GET /api/content/<name>`.
 */
export function contentNameFor(path: string): string {
  return path.replace(/^\/+/, '').replace(/\/+$/, '').split('/').join('-');
}

/** The content page at exactly `pathname`, or undefined (no prefix matching: '/about/x' is not found). */
export function contentPageFor(pathname: string): ContentPageRoute | undefined {
  return CONTENT_PAGES.find((p) => p.path === pathname);
}

/** The heading id of a content page (its `<article>` is labelled by it). */
export const CONTENT_HEADING_ID = 'shell-content-heading';

/** Props of {@link ContentFrame}. */
export interface ContentFrameProps {
  title: string;
  children?: ReactNode;
}

/** The frame of a content page: an `<article>` labelled by its `<h1>`, then `children`. */
export function ContentFrame({ title, children }: ContentFrameProps) {
  return (
    <article className="shell-page shell-content" aria-labelledby={CONTENT_HEADING_ID}>
      <h1 id={CONTENT_HEADING_ID} className="shell-page__title">{title}</h1>
      {children}
    </article>
  );
}

/** The text of the loading status (while the chunk or the content loads). */
export const CONTENT_LOADING_TEXT = 'Loading this page…';

/** What a content page shows while its chunk or its content loads: the heading and a polite status. */
export function ContentLoading({ title }: { title: string }) {
  return (
    <ContentFrame title={title}>
      <p role="status" className="shell-content__status">{CONTENT_LOADING_TEXT}</p>
    </ContentFrame>
  );
}
