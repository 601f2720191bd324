import { useEffect, useState } from 'react';
import { siteLinkClick } from 'shared-events';
import { safeReturnPath } from '@storefront/remote-kit';
import { CONTENT_LOADING_TEXT, ContentFrame, contentNameFor, type ContentPageRoute } from './content-routes';

/** A link under a section: an in-site path ('/store-locator') or a `tel:` number. */
export interface ContentLink {
  label: string;
  href: string;
}

/** One section of a content page: a heading, its paragraphs (plain text) and optional links. */
export interface ContentSection {
  heading: string;
  paragraphs: string[];
  links: ContentLink[];
}

/**
 * A managed content document (services/seed/data/content/<name>.json), e.g. `privacy-policy`,
 * `about-careers`.
 */
export interface ManagedContent {
  title: string;
  /** 'YYYY-MM-DD' of the last change, or '' when the page does not say. */
  updated: string;
  sections: ContentSection[];
}

const isStringArray = (v: unknown): v is string[] => Array.isArray(v) && v.every((x) => typeof x === 'string');

/**
 * The only links content may carry: a path on this site (the kit's `safeReturnPath` keeps it as it
 * is: no '//host', no other scheme) or a `tel:` number ('tel:+18665862805').
 */
export function isSafeContentHref(href: string): boolean {
  if (href.startsWith('/')) return safeReturnPath(href, { fallback: null }) === href;
  return /^tel:\+?[0-9]+$/.test(href);
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/** The section's valid links: text label, safe href; others are dropped. */
function linksOf(v: unknown): ContentLink[] {
  if (!Array.isArray(v)) return [];
  return v
    .filter((l): l is Record<string, unknown> => isObject(l) && typeof l.label === 'string' && typeof l.href === 'string' && isSafeContentHref(l.href))
    .map((l) => ({ label: l.label as string, href: l.href as string }));
}

/**
 * Validates a content document: sections without a text heading are dropped, paragraphs must be
 * strings, links must be safe ({@link isSafeContentHref}).
 * @param fallbackTitle the title when the document has none (the route's)
 * @throws when the body has no sections
 */
export function parseManagedContent(data: unknown, fallbackTitle = ''): ManagedContent {
  const d = isObject(data) ? data : {};
  if (!Array.isArray(d.sections)) throw new Error('content: no sections');
  const sections = d.sections
    .filter((s): s is Record<string, unknown> => isObject(s) && typeof s.heading === 'string')
    .map((s) => ({ heading: s.heading as string, paragraphs: isStringArray(s.paragraphs) ? s.paragraphs : [], links: linksOf(s.links) }));
  if (sections.length === 0) throw new Error('content: no sections');
  return { title: typeof d.title === 'string' ? d.title : fallbackTitle, updated: typeof d.updated === 'string' ? d.updated : '', sections };
}

/**
 * GETs the BFF's content route `<apiBase>/content/<name>` (envelope `{ status, data }`).
 * @throws on a network error, a non-2xx answer, an error envelope or a body that is not content
 */
export async function fetchManagedContent(apiBase: string, name: string, signal?: AbortSignal): Promise<ManagedContent> {
  const url = `${apiBase.replace(/\/+$/, '')}/content/${encodeURIComponent(name)}`;
  const res = await fetch(url, { headers: { accept: 'application/json' }, signal });
  if (!res.ok) throw new Error(`GET ${url}: HTTP ${res.status}`);
  const body = (await res.json()) as { status?: unknown; data?: unknown };
  if (body.status !== 'success') throw new Error(`GET ${url}: error envelope`);
  return parseManagedContent(body.data);
}

/** 'YYYY-MM-DD' as 'November 23, 2026' (the date's own day whatever the time zone). */
function longDate(iso: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!m) return iso;
  return new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))).toLocaleDateString('en-CA', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
}

/** Props of {@link ContentPage}. */
export interface ContentPageProps {
  /** The page's route (path and heading), from `content-pages.json`. */
  page: ContentPageRoute;
  /** Base path of the BFF (`config.apiBase`, default '/api'). */
  apiBase?: string;
  /** In-site navigation for the content's links (single-spa `navigateToUrl`); without it, a page load. */
  navigate?: (url: string) => void;
}

type State = { state: 'loading' } | { state: 'ready'; content: ManagedContent } | { state: 'failed' };

/**
 * A managed content page (spec §2 Routes '/privacy-policy', the footer's info pages, spec §2 Footer):
 * the `<h1>` at once, then the sections of the content `contentNameFor(page.path)` from the BFF,
 * rendered as text (no HTML from the content) with each section's links. Loading is a polite status;
 * a failure is an alert with a retry button.
 */
export function ContentPage({ page, apiBase = '/api', navigate }: ContentPageProps) {
  const [state, setState] = useState<State>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const name = contentNameFor(page.path);
  useEffect(() => {
    document.title = `${page.title} – Harbour Market`;
  }, [page.title]);
  useEffect(() => {
    const controller = new AbortController();
    setState({ state: 'loading' });
    fetchManagedContent(apiBase, name, controller.signal).then(
      (content) => { if (!controller.signal.aborted) setState({ state: 'ready', content }); },
      () => { if (!controller.signal.aborted) setState({ state: 'failed' }); },
    );
    return () => controller.abort();
  }, [apiBase, name, attempt]);

  return (
    <ContentFrame title={page.title}>
      {state.state === 'loading' && <p role="status" className="shell-content__status">{CONTENT_LOADING_TEXT}</p>}
      {state.state === 'failed' && (
        <div role="alert" className="shell-content__status">
          <p>This page could not be loaded right now.</p>
          <p><button type="button" className="shell-button" onClick={() => setAttempt((n) => n + 1)}>Try again</button></p>
        </div>
      )}
      {state.state === 'ready' && (
        <>
          {state.content.updated && <p className="shell-content__updated">{`Last updated ${longDate(state.content.updated)}`}</p>}
          {state.content.sections.map((s, i) => (
            <section key={`${i}-${s.heading}`} className="shell-content__section" aria-labelledby={`shell-content-s${i}`}>
              <h2 id={`shell-content-s${i}`}>{s.heading}</h2>
              {s.paragraphs.map((p, j) => <p key={j}>{p}</p>)}
              {s.links.length > 0 && (
                <ul className="shell-content__links">
                  {s.links.map((l) => (
                    <li key={`${l.label}|${l.href}`}>
                      <a className="shell-link" href={l.href} onClick={l.href.startsWith('/') ? siteLinkClick(l.href, navigate) : undefined}>{l.label}</a>
                    </li>
                  ))}
                </ul>
              )}
            </section>
          ))}
        </>
      )}
    </ContentFrame>
  );
}
