import { useEffect, useRef, useState, type FocusEvent } from 'react';
import type { EventBus } from 'shared-events';
import type { MenuNode } from '../state/menu';
import { useLocation } from '@storefront/remote-kit';
import { MenuTree } from './MenuTree';

export interface PrimaryNavProps {
  bus: EventBus;
  navigate?: (url: string) => void;
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
 */
export function PrimaryNav({ bus, navigate, menu }: PrimaryNavProps) {
  const { pathname } = useLocation();
  const navRef = useRef<HTMLElement>(null);
  const [closeSignal, setCloseSignal] = useState(0);
  const closeAll = () => setCloseSignal((n) => n + 1);

  useEffect(() => {
    const onPointerDown = (e: MouseEvent) => {
      if (navRef.current && !navRef.current.contains(e.target as Node)) setCloseSignal((n) => n + 1);
    };
    document.addEventListener('mousedown', onPointerDown);
    return () => document.removeEventListener('mousedown', onPointerDown);
  }, []);

  const onBlur = (e: FocusEvent<HTMLElement>) => {
    const next = e.relatedTarget as Node | null;
    if (next && !e.currentTarget.contains(next)) closeAll();
  };

  return (
    <nav className="mfh-nav mfh-mega" aria-label="Primary" ref={navRef} onBlur={onBlur}>
      <MenuTree
        nodes={menu}
        pathname={pathname}
        navigate={navigate}
        closeSignal={closeSignal}
        onFollow={(node) => {
          bus.emit('analytics/track', { event: 'nav_header', params: { label: node.label, link: node.link ?? '/' } });
          closeAll();
        }}
      />
    </nav>
  );
}
