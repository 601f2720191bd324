import type { EventBus } from 'shared-events';
import { PRIMARY_LINKS, isCurrentPath, type NavLink } from '../state/navLinks';
import { COMPACT_HEADER_QUERY, useMediaQuery } from '../state/useMediaQuery';
import { useCurrentPath } from '../state/useCurrentPath';
import { useDisclosure } from './useDisclosure';
import { linkClick } from './navigation';

export interface PrimaryNavProps {
  bus: EventBus;
  navigate?: (url: string) => void;
  /** Defaults to {@link PRIMARY_LINKS}. */
  links?: readonly NavLink[];
}

/**
 * The primary links (spec §2 Header): `<nav aria-label="Primary">` with Flyer, Offers, Recipes,
 * Products, Store Locator. Each click publishes
 * `analytics/track { event: 'nav_header', params: { label, link } }` (spec §7 Analytics events).
 * The current page's link carries `aria-current="page"`.
 *
 * Responsive (spec §9 Mobile breakpoint): up to 1023px the nav collapses behind a 'Menu' disclosure
 * button (Escape closes and returns focus; choosing a link closes it); from 1024px it shows inline.
 */
export function PrimaryNav({ bus, navigate, links = PRIMARY_LINKS }: PrimaryNavProps) {
  const compact = useMediaQuery(COMPACT_HEADER_QUERY);
  const pathname = useCurrentPath();
  const menu = useDisclosure();

  const list = (
    <ul className="mfh-nav__list">
      {links.map(({ label, href }) => {
        const follow = linkClick(href, navigate);
        return (
          <li key={href}>
            <a
              className="mfh-nav__link"
              href={href}
              aria-current={isCurrentPath(href, pathname) ? 'page' : undefined}
              onClick={(e) => {
                bus.emit('analytics/track', { event: 'nav_header', params: { label, link: href } });
                if (compact) menu.close(false);
                follow(e);
              }}
            >
              {label}
            </a>
          </li>
        );
      })}
    </ul>
  );

  if (!compact) {
    return <nav className="mfh-nav" aria-label="Primary">{list}</nav>;
  }
  return (
    <div className="mfh-nav mfh-nav--compact" {...menu.containerProps}>
      <button className="mfh-nav__toggle" {...menu.buttonProps}>
        <svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true" focusable="false">
          <path d="M3 5h14M3 10h14M3 15h14" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
        Menu
      </button>
      <nav className="mfh-nav__panel" aria-label="Primary" {...menu.panelProps}>{list}</nav>
    </div>
  );
}
