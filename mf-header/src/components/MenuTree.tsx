import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { isExternalLink, type MenuNode } from '../state/menu';
import { isCurrentPath } from '../state/navLinks';
import { linkClick } from './navigation';

export interface MenuTreeProps {
  nodes: readonly MenuNode[];
  /** 1 for the top level (primary list), 2 for departments, 3 for aisles. */
  depth?: number;
  /** Current `location.pathname` (aria-current on the matching link). */
  pathname: string;
  /** Navigate without reload (RemoteProps.navigate). */
  navigate?: (url: string) => void;
  /** Called when a link is followed (analytics nav_header, closing menus). */
  onFollow: (node: MenuNode) => void;
  /** Bumped by the owner to close every open dropdown (e.g. after a link was followed). */
  closeSignal?: number;
}

const domId = (prefix: string, id: string) => `${prefix}-${id.replace(/[^a-zA-Z0-9_-]/g, '_')}`;

/**
 * A menu level (spec §2 Header "a mega menu with nested dropdowns"), rendered with the WAI-ARIA
 * disclosure navigation pattern: a dropdown item is a `<button aria-expanded aria-controls>` whose
 * panel holds the next level (the generated 'View All {label}' link first) and its `sameLevelList`;
 * a plain item is a link. One dropdown per level is open at a time; Escape closes the innermost
 * open dropdown and returns focus to its button. Used by the desktop mega menu and the mobile panel
 * (layout differs by CSS only).
 */
export function MenuTree({ nodes, depth = 1, pathname, navigate, onFollow, closeSignal = 0 }: MenuTreeProps) {
  const [openId, setOpenId] = useState<string | null>(null);
  const prefix = useId().replace(/:/g, '');
  const buttons = useRef(new Map<string, HTMLButtonElement>());

  useEffect(() => setOpenId(null), [closeSignal]);

  const onKeyDown = useCallback((node: MenuNode) => (e: KeyboardEvent<HTMLLIElement>) => {
    if (e.key !== 'Escape' || openId !== node.id) return;
    e.preventDefault();
    e.stopPropagation();
    setOpenId(null);
    buttons.current.get(node.id)?.focus();
  }, [openId]);

  return (
    <ul className={`mfh-menu mfh-menu--d${depth}`}>
      {nodes.map((node) => {
        if (!node.isDropdown) {
          return (
            <li key={node.id} className="mfh-menu__item">
              <MenuLink node={node} pathname={pathname} navigate={navigate} onFollow={onFollow} matchPrefix={depth === 1} />
            </li>
          );
        }
        const open = openId === node.id;
        const panelId = domId(prefix, node.id);
        return (
          <li key={node.id} className={`mfh-menu__item mfh-menu__item--dropdown${open ? ' mfh-menu__item--open' : ''}`} onKeyDown={onKeyDown(node)}>
            <button
              type="button"
              className="mfh-menu__toggle"
              aria-expanded={open}
              aria-controls={panelId}
              ref={(el) => { if (el) buttons.current.set(node.id, el); else buttons.current.delete(node.id); }}
              onClick={() => setOpenId(open ? null : node.id)}
            >
              <span>{node.label}</span>
              <svg className="mfh-menu__chevron" viewBox="0 0 12 12" width="12" height="12" aria-hidden="true" focusable="false">
                <path d="M2.5 4.5 6 8l3.5-3.5" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
              </svg>
            </button>
            <div id={panelId} className={`mfh-menu__panel mfh-menu__panel--d${depth}`} hidden={!open}>
              <div className={`mfh-menu__inner${node.sameLevelList.length ? ' mfh-menu__inner--with-same' : ''}`}>
                <MenuTree nodes={node.children} depth={depth + 1} pathname={pathname} navigate={navigate} onFollow={onFollow} closeSignal={closeSignal} />
                {node.sameLevelList.length > 0 && (
                  <ul className="mfh-menu mfh-menu--same" aria-label={`Featured in ${node.label}`}>
                    {node.sameLevelList.map((item) => (
                      <li key={item.id} className="mfh-menu__item">
                        <MenuLink node={item} pathname={pathname} navigate={navigate} onFollow={onFollow} />
                      </li>
                    ))}
                  </ul>
                )}
              </div>
            </div>
          </li>
        );
      })}
    </ul>
  );
}

interface MenuLinkProps {
  node: MenuNode;
  pathname: string;
  navigate?: (url: string) => void;
  onFollow: (node: MenuNode) => void;
  /** Also mark the link current on pages under it (top-level links: /recipes on /recipes/soup). */
  matchPrefix?: boolean;
}

/**
 * One menu link: `target="_blank"` links get `rel="noopener"` and '(opens in a new tab)' for screen
 * readers; site links navigate without reload; the current page's link has `aria-current="page"`.
 * A 'new' tag shows a "New" badge.
 */
export function MenuLink({ node, pathname, navigate, onFollow, matchPrefix = false }: MenuLinkProps) {
  const link = node.link ?? '/';
  const newTab = node.target === '_blank';
  const internal = !newTab && !isExternalLink(link);
  const follow = linkClick(link, internal ? navigate : undefined);
  const current = internal && !node.generated && !link.includes('?') && (matchPrefix ? isCurrentPath(link, pathname) : link === pathname);
  return (
    <a
      className={`mfh-menu__link${node.generated ? ' mfh-menu__link--view-all' : ''}`}
      href={link}
      target={newTab ? '_blank' : undefined}
      rel={newTab ? 'noopener' : undefined}
      aria-current={current ? 'page' : undefined}
      onClick={(e: MouseEvent<HTMLAnchorElement>) => {
        onFollow(node);
        follow(e);
      }}
    >
      {node.label}
      {node.tags.includes('new') && <span className="mfh-badge">New</span>}
      {newTab && <span className="mfh-visually-hidden"> (opens in a new tab)</span>}
    </a>
  );
}
