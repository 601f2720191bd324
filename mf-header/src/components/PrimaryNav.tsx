import { useEffect, useMemo, useRef, useState, type FocusEvent } from 'react';
import type { MenuNode } from '../state/menu';
import { useHeaderRemote } from '../hooks/useHeaderRemote';
import { MenuLevel, MenuScopeContext } from './MenuLink';
import { lazyPart, PartBoundary, useLocation } from '@storefront/remote-kit';

/** The mega panels' insides: their own chunk, fetched when the shopper points at or focuses the nav. */
export const megaPanel = lazyPart(() => import(/* webpackChunkName: "mfh-mega" */ './MegaPanel').then((m) => m.MegaPanel));

export interface PrimaryNavProps {
  /** The built menu (`buildMenu` of the menu content, or `FALLBACK_MENU`). */
  menu: readonly MenuNode[];
}

/**
 * The desktop navigation, from 1024px (spec §2 Header "Primary link list and a mega menu with nested
 * dropdowns", spec §9): `<nav aria-label="Primary">` with the top-level items inline. A top-level
 * dropdown (e.g. Products) opens a full-width mega panel: its departments on the left, the open
 * department's aisles beside them; 'View All {label}' heads every dropdown that has its own link.
 *
 * WAI-ARIA disclosure navigation: buttons with `aria-expanded`/`aria-controls`; Escape closes the
 * innermost open dropdown and returns focus to its button; a pointer press outside the nav or focus
 * leaving it closes everything. Every followed link publishes
 * `analytics/track { event: 'nav_header', params: { label, link } }` (spec §7).
 *
 * First paint is the top level only: a panel's inside ({@link ./MegaPanel}, chunk
 * `mfh-mega`) is rendered while it is open and its code is fetched on the first pointerenter, focus or
 * pointerdown in the nav, so it is normally there before the click; if not, the panel shows a
 * `role="status"` "Loading…" until it is.
 */
export function PrimaryNav({ menu }: PrimaryNavProps) {
  const { bus } = useHeaderRemote();
  const { pathname } = useLocation();
  const navRef = useRef<HTMLElement>(null);
  const [openId, setOpenId] = useState<string | null>(null);
  const { Part: Panel, preload } = megaPanel;

  useEffect(() => {
    const onPointerDown = (e: MouseEvent) => {
      if (navRef.current && !navRef.current.contains(e.target as Node)) setOpenId(null);
    };
    document.addEventListener('mousedown', onPointerDown);
    return () => document.removeEventListener('mousedown', onPointerDown);
  }, []);

  const onBlur = (e: FocusEvent<HTMLElement>) => {
    const next = e.relatedTarget as Node | null;
    if (next && !e.currentTarget.contains(next)) setOpenId(null);
  };

  /** Fetches the panels' code (no-op once here; after a failed load, tries again). */
  const warm = () => { preload().catch(() => { /* shown by the panel's PartBoundary */ }); };

  const scope = useMemo(() => ({
    pathname,
    onFollow: (node: MenuNode) => {
      bus.emit('analytics/track', { event: 'nav_header', params: { label: node.label, link: node.link ?? '/' } });
      setOpenId(null);
    },
  }), [bus, pathname]);

  return (
    <nav className="mfh-nav mfh-mega" aria-label="Primary" ref={navRef} onBlur={onBlur} onPointerEnter={warm} onPointerDown={warm} onFocus={warm}>
      <MenuScopeContext.Provider value={scope}>
        <MenuLevel
          nodes={menu}
          depth={1}
          openId={openId}
          onOpenChange={setOpenId}
          onBeforeToggle={warm}
          renderPanel={(node, open) => open && (
            <PartBoundary label="mega menu">
              <Panel node={node} />
            </PartBoundary>
          )}
        />
      </MenuScopeContext.Provider>
    </nav>
  );
}
