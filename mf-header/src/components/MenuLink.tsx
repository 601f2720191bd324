import { createContext, useContext, useId, useRef, type KeyboardEvent, type MouseEvent, type ReactNode, type Ref } from 'react';
import { isExternalLink, type MenuNode } from '../state/menu';
import { isCurrentPath } from '../state/navLinks';
import { useHeaderRemote } from '../hooks/useHeaderRemote';
import { linkClick } from './navigation';

/** What every link of one rendered menu shares: the page it is on and what following a link does. */
export interface MenuScope {
  /** Current `location.pathname` (aria-current on the matching link). */
  pathname: string;
  /** Called when a link is followed (analytics nav_header, closing menus). */
  onFollow: (node: MenuNode) => void;
}

/** The {@link MenuScope} of the menu being rendered: the desktop nav and the mobile panel provide one. */
export const MenuScopeContext = createContext<MenuScope>({ pathname: '/', onFollow: () => {} });

export interface MenuLinkProps {
  node: MenuNode;
  /** Also mark the link current on pages under it (top-level links: /recipes on /recipes/soup). */
  matchPrefix?: boolean;
}

/**
 * One menu link: `target="_blank"` links get `rel="noopener"` and '(opens in a new tab)' for screen
 * readers; site links navigate without reload (RemoteProps.navigate); the current page's link has
 * `aria-current="page"`. A 'new' tag shows a "New" badge. Page and follow handler: {@link MenuScopeContext}.
 */
export function MenuLink({ node, matchPrefix = false }: MenuLinkProps) {
  const { pathname, onFollow } = useContext(MenuScopeContext);
  const { navigate } = useHeaderRemote();
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

export interface MenuToggleProps {
  node: MenuNode;
  open: boolean;
  /** The id of the panel the button shows and hides. */
  panelId: string;
  onToggle: () => void;
  buttonRef?: Ref<HTMLButtonElement>;
}

/** A dropdown's WAI-ARIA disclosure button (`aria-expanded`, `aria-controls`) with its chevron. */
export function MenuToggle({ node, open, panelId, onToggle, buttonRef }: MenuToggleProps) {
  return (
    <button type="button" className="mfh-menu__toggle" aria-expanded={open} aria-controls={panelId} ref={buttonRef} onClick={onToggle}>
      <span>{node.label}</span>
      <svg className="mfh-menu__chevron" viewBox="0 0 12 12" width="12" height="12" aria-hidden="true" focusable="false">
        <path d="M2.5 4.5 6 8l3.5-3.5" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
    </button>
  );
}

/** A DOM id for a menu node's panel, unique per rendered tree (`prefix` from `useId`). */
export const menuDomId = (prefix: string, id: string) => `${prefix}-${id.replace(/[^a-zA-Z0-9_-]/g, '_')}`;

export interface MenuLevelProps {
  nodes: readonly MenuNode[];
  /** 1 for the top level, 2 for departments, 3 for aisles (CSS modifiers `--d<depth>`). */
  depth: number;
  /** The open dropdown of this level (at most one), owned by the caller. */
  openId: string | null;
  onOpenChange: (id: string | null) => void;
  /** Called before a dropdown toggles (e.g. to fetch the panels' code). */
  onBeforeToggle?: () => void;
  /** The inside of an open or closed dropdown's panel. */
  renderPanel: (node: MenuNode, open: boolean) => ReactNode;
}

/**
 * One menu level in the WAI-ARIA disclosure navigation pattern (spec §2 Header): a plain item is a
 * link; a dropdown item is a `<button aria-expanded aria-controls>` with its panel (`renderPanel`).
 * Escape on an open dropdown closes it and returns focus to its button. Used by the desktop top level
 * ({@link ./PrimaryNav}, first paint) and the nested levels ({@link ./MenuTree}, on demand).
 */
export function MenuLevel({ nodes, depth, openId, onOpenChange, onBeforeToggle, renderPanel }: MenuLevelProps) {
  const prefix = useId().replace(/:/g, '');
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const onKeyDown = (node: MenuNode) => (e: KeyboardEvent<HTMLLIElement>) => {
    if (e.key !== 'Escape' || openId !== node.id) return;
    e.preventDefault();
    e.stopPropagation();
    onOpenChange(null);
    buttons.current.get(node.id)?.focus();
  };
  return (
    <ul className={`mfh-menu mfh-menu--d${depth}`}>
      {nodes.map((node) => {
        if (!node.isDropdown) {
          return (
            <li key={node.id} className="mfh-menu__item">
              <MenuLink node={node} matchPrefix={depth === 1} />
            </li>
          );
        }
        const open = openId === node.id;
        const panelId = menuDomId(prefix, node.id);
        return (
          <li key={node.id} className={`mfh-menu__item mfh-menu__item--dropdown${open ? ' mfh-menu__item--open' : ''}`} onKeyDown={onKeyDown(node)}>
            <MenuToggle
              node={node}
              open={open}
              panelId={panelId}
              onToggle={() => { onBeforeToggle?.(); onOpenChange(open ? null : node.id); }}
              buttonRef={(el) => { if (el) buttons.current.set(node.id, el); else buttons.current.delete(node.id); }}
            />
            <div id={panelId} className={`mfh-menu__panel mfh-menu__panel--d${depth}`} hidden={!open}>
              {renderPanel(node, open)}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
