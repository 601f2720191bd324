/**
 * The footer links the edge served in the slot (shell/server/served-footer.mjs, `[data-served-footer]`):
 * read back before React's first commit clears the slot, so the footer's first render shows the same
 * links (nothing blinks out while its content loads) and the link a keyboard user had focused stays focused.
 */
import { isExternalLink } from '../state/links';
import type { FooterModel } from '../state/footerContent';

/** What the served footer held. */
export interface ServedFooter {
  model: FooterModel;
  /** `href` of the served link that had focus, or null. */
  focusedHref: string | null;
}

/**
 * Reads the served footer in `domElement`, or null when there is none (standalone, a BFF that did not
 * answer the edge). Labels are the links' own text (a new-tab link's hidden '(opens in a new tab)' left out).
 */
export function readServedFooter(domElement: Element | undefined | null): ServedFooter | null {
  const served = domElement?.querySelector(':scope > [data-served-footer]');
  if (!served) return null;
  const groups = [...served.querySelectorAll('.mfh-footer__group')].map((section, i) => {
    const heading = section.querySelector('.mfh-footer__heading')?.textContent?.trim() ?? '';
    const links = [...section.querySelectorAll('a[href]')].map((a) => {
      const link = a.getAttribute('href') ?? '';
      const label = (a.firstChild?.nodeType === 3 ? a.firstChild.textContent : a.textContent)?.trim() ?? '';
      return { label, link, target: a.getAttribute('target') === '_blank' ? '_blank' as const : '_self' as const, external: isExternalLink(link) };
    }).filter((l) => l.label && l.link);
    const id = section.querySelector('.mfh-footer__heading')?.id.replace(/^served-footer-|-h$/g, '') || `group-${i}`;
    return { id, heading, links };
  }).filter((g) => g.heading && g.links.length);
  const legal = served.querySelector('.mfh-footer__legal')?.textContent?.trim() || null;
  const active = domElement?.ownerDocument.activeElement;
  const focusedHref = active && served.contains(active) && active instanceof HTMLAnchorElement ? active.getAttribute('href') : null;
  return { model: { groups, legal }, focusedHref };
}
