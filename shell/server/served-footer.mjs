/**
 * The footer's links in the served HTML (spec §2 Footer): a keyboard user tabbing through a page reaches
 * them and find-in-page finds them before mf-header's './footer' (mounted once its slot comes into view)
 * arrives. The edge reads the managed content `GET {bffUrl}/api/content/footer` (kept 10 s, a miss 2 s,
 * 800 ms at most per read)
 * and writes it into the empty `#slot-mf-footer` with the markup the remote renders from 1024px
 * (mf-header src/components/Footer.tsx, columns), marked `data-served-footer`, in a navigation named
 * 'Site links'. The remote reads those
 * links back as its first render and keeps the focused link focused when it takes over the slot.
 * Every text is escaped; links that are not same-origin paths, `tel:`, `mailto:` or http(s) are dropped.
 */

import { escapeHtml } from './startup-hints.mjs';

const TTL_MS = 10_000;
const MISS_TTL_MS = 2_000;
const TIMEOUT_MS = 800;

/** The served links' navigation name (the remote's is 'Footer'). */
export const SERVED_NAV_LABEL = 'Site links';

/** The Scene+ support phone of the bottom line (spec §8), as mf-header's `SUPPORT_PHONE`. */
export const SUPPORT_PHONE = '1-866-586-2805';

const slug = (s) => s.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '') || 'group';
/** A link the served HTML may carry: a same-origin path, tel:, mailto: or http(s). */
const safeLink = (link) => /^(?:\/(?!\/)|tel:|mailto:|https?:\/\/)/i.test(link) && !/[\s<>"]/.test(link);

/**
 * The footer's groups from the content document, by mf-header's `buildFooter` rules: links without text or
 * link and groups without links dropped, the 'Customer Service' group first. Pure.
 * @param {unknown} content `{ groups: [{ heading, links: [{ label|title, link, target? }] }], legal? }`
 * @returns {{ groups: Array<{ id: string, heading: string, links: Array<{ label: string, link: string, newTab: boolean }> }>, legal: string | null }}
 */
export function footerModel(content) {
  const raw = content && typeof content === 'object' ? content : {};
  const groups = (Array.isArray(raw.groups) ? raw.groups : []).map((g) => {
    const heading = typeof g?.heading === 'string' ? g.heading.trim() : '';
    const links = (Array.isArray(g?.links) ? g.links : []).map((l) => {
      const label = String(l?.label ?? l?.title ?? '').trim();
      const link = typeof l?.link === 'string' ? l.link.trim() : '';
      return label && link && safeLink(link) ? { label, link, newTab: l.target === '_blank' } : null;
    }).filter(Boolean);
    return heading && links.length ? { id: slug(heading), heading, links } : null;
  }).filter(Boolean);
  const cs = groups.findIndex((g) => g.heading.toLowerCase() === 'customer service');
  if (cs > 0) groups.unshift(...groups.splice(cs, 1));
  return { groups, legal: typeof raw.legal === 'string' && raw.legal.trim() ? raw.legal.trim() : null };
}

/**
 * The served footer's HTML, or '' when the content has no group.
 * @param {unknown} content the footer content document
 * @returns {string}
 */
export function servedFooterHtml(content) {
  const { groups, legal } = footerModel(content);
  if (!groups.length) return '';
  const link = (l) => `<li><a class="mfh-footer__link" href="${escapeHtml(l.link)}"${l.newTab ? ' target="_blank" rel="noopener"' : ''}>${escapeHtml(l.label)}`
    + `${l.newTab ? '<span class="mfh-visually-hidden"> (opens in a new tab)</span>' : ''}</a></li>`;
  const group = (g) => `<section class="mfh-footer__group" aria-labelledby="served-footer-${g.id}-h"><h2 class="mfh-footer__heading" id="served-footer-${g.id}-h">${escapeHtml(g.heading)}</h2>`
    + `<ul class="mfh-footer__list">${g.links.map(link).join('')}</ul></section>`;
  // named 'Site links' until the remote's own navigation 'Footer' replaces it: that name is the sign that the
  // footer's behaviour (the live chat, nav_footer analytics, in-site navigation) is in place
  return `<div class="mfh-footer mfh-footer--columns" data-served-footer=""><nav class="mfh-footer__nav" aria-label="${SERVED_NAV_LABEL}">${groups.map(group).join('')}</nav>`
    + `<div class="mfh-footer__bottom"><p>Scene+ support: <a href="tel:+18665862805">${SUPPORT_PHONE}</a></p>${legal ? `<p class="mfh-footer__legal">${escapeHtml(legal)}</p>` : ''}</div></div>`;
}

/** The empty footer slot of the shell's HTML (html-webpack-plugin writes its attributes after the id). */
const EMPTY_FOOTER_SLOT = /(<div id="?slot-mf-footer"?[^>]*>)(<\/div>)/;

/**
 * The page's HTML with `footer` written into the empty `#slot-mf-footer` (unchanged when `footer` is ''
 * or the slot is not there or not empty). Pure.
 * @param {string} html
 * @param {string} footer {@link servedFooterHtml}
 */
export function withServedFooter(html, footer) {
  return footer ? html.replace(EMPTY_FOOTER_SLOT, (_, open, close) => `${open}${footer}${close}`) : html;
}

/**
 * @param {{ bffUrl: string, fetchImpl?: typeof fetch, now?: () => number }} o
 * @returns {{ current: () => Promise<string> }} the served footer's HTML now ('' while the BFF does not
 *   answer 200 with a footer); one request at a time to the BFF
 */
export function createServedFooter({ bffUrl, fetchImpl = fetch, now = Date.now }) {
  let cached = { until: 0, html: '' };
  let pending = null;

  async function read() {
    try {
      const res = await fetchImpl(new URL('/api/content/footer', bffUrl).href, { signal: AbortSignal.timeout(TIMEOUT_MS) });
      // the BFF's envelope `{ status: 'success', data }`, data = services/seed/data/content/footer.json
      const body = res.ok ? await res.json() : null;
      const html = body && body.status === 'success' ? servedFooterHtml(body.data) : '';
      cached = { until: now() + (html ? TTL_MS : MISS_TTL_MS), html };
    } catch {
      cached = { until: now() + MISS_TTL_MS, html: '' };
    }
    return cached.html;
  }

  return {
    async current() {
      if (cached.until > now()) return cached.html;
      pending ??= read().finally(() => { pending = null; });
      return pending;
    },
  };
}
