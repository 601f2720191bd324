import { isExternalLink } from './links';

/** A footer link (spec §3 Menu item fields used by the footer: label or title, link, target). */
export interface FooterLink {
  label: string;
  link: string;
  target: '_self' | '_blank';
  /** True for links leaving the site (tel:, https://…): followed by the browser, never `navigate`. */
  external: boolean;
}

/** A footer group: a heading and a vertical list of links (spec §2 Footer). */
export interface FooterGroup {
  /** Stable id from the heading, e.g. 'customer-service'. */
  id: string;
  heading: string;
  links: FooterLink[];
}

/** The rendered footer. */
export interface FooterModel {
  /** 'Customer Service' first (spec §2 Footer "A Customer Service group plus other groups"). */
  groups: FooterGroup[];
  /** The small print line, or null. */
  legal: string | null;
}

/** The heading of the group the footer always puts first (spec §2 Footer). */
export const CUSTOMER_SERVICE_HEADING = 'Customer Service';

const slug = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '') || 'group';

/**
 * Builds the footer from the content of `GET /api/content/footer`
 * (`{ groups: [{ heading, links: [{ label|title, link, target? }] }], legal? }`). Links without text or
 * link and groups without links are dropped; the Customer Service group is moved first. Pure.
 */
export function buildFooter(content: unknown): FooterModel {
  const raw = content && typeof content === 'object' ? (content as { groups?: unknown; legal?: unknown }) : {};
  const groups: FooterGroup[] = (Array.isArray(raw.groups) ? raw.groups : [])
    .map((g: { heading?: unknown; links?: unknown }): FooterGroup | null => {
      const heading = typeof g?.heading === 'string' ? g.heading.trim() : '';
      const links = (Array.isArray(g?.links) ? g.links : [])
        .map((l: { label?: unknown; title?: unknown; link?: unknown; target?: unknown }): FooterLink | null => {
          const label = String(l?.label ?? l?.title ?? '').trim();
          const link = typeof l?.link === 'string' ? l.link.trim() : '';
          if (!label || !link) return null;
          return { label, link, target: l.target === '_blank' ? '_blank' : '_self', external: isExternalLink(link) };
        })
        .filter((l: FooterLink | null): l is FooterLink => l !== null);
      return heading && links.length ? { id: slug(heading), heading, links } : null;
    })
    .filter((g: FooterGroup | null): g is FooterGroup => g !== null);
  const cs = groups.findIndex((g) => g.heading.toLowerCase() === CUSTOMER_SERVICE_HEADING.toLowerCase());
  if (cs > 0) groups.unshift(...groups.splice(cs, 1));
  return { groups, legal: typeof raw.legal === 'string' && raw.legal.trim() ? raw.legal.trim() : null };
}
