import { useEffect, useState } from 'react';
import type { MenuNode } from '../state/menu';
import { MenuLevel, MenuLink } from './MenuLink';
import './menu-tree.css';

export interface MenuTreeProps {
  nodes: readonly MenuNode[];
  /** 1 for the top level (primary list), 2 for departments, 3 for aisles. */
  depth?: number;
  /** Bumped by the owner to close every open dropdown (e.g. after a link was followed). */
  closeSignal?: number;
}

/**
 * A menu level (spec §2 Header "a mega menu with nested dropdowns"), rendered with the WAI-ARIA
 * disclosure navigation pattern: a dropdown item is a `<button aria-expanded aria-controls>` whose
 * panel holds the next level (the generated 'View All {label}' link first) and its `sameLevelList`;
 * a plain item is a link. One dropdown per level is open at a time; Escape closes the innermost
 * open dropdown and returns focus to its button.
 *
 * Only in the on-demand chunks: the desktop mega panels ({@link ./MegaPanel}) render the
 * levels below the top one with it, the mobile panel dialog ({@link ./MobilePanelDialog}) the whole
 * menu. The desktop top level is {@link ./PrimaryNav} (first paint). Layout differs by CSS only.
 * The page and the follow handler come from the owner's menu scope (`MenuScopeContext`, {@link ./MenuLink}).
 */
export function MenuTree({ nodes, depth = 1, closeSignal = 0 }: MenuTreeProps) {
  const [openId, setOpenId] = useState<string | null>(null);
  useEffect(() => setOpenId(null), [closeSignal]);
  return (
    <MenuLevel
      nodes={nodes}
      depth={depth}
      openId={openId}
      onOpenChange={setOpenId}
      renderPanel={(node) => <MenuPanelInner node={node} depth={depth + 1} closeSignal={closeSignal} />}
    />
  );
}

export interface MenuPanelInnerProps extends Omit<MenuTreeProps, 'nodes' | 'depth'> {
  /** The dropdown whose entries are shown. */
  node: MenuNode;
  /** Depth of the entries (2 for the departments of a top-level dropdown). */
  depth: number;
}

/** The inside of a dropdown's panel: its entries (next level) and its `sameLevelList` as a 'Featured' list. */
export function MenuPanelInner({ node, depth, closeSignal }: MenuPanelInnerProps) {
  return (
    <div className={`mfh-menu__inner${node.sameLevelList.length ? ' mfh-menu__inner--with-same' : ''}`}>
      <MenuTree nodes={node.children} depth={depth} closeSignal={closeSignal} />
      {node.sameLevelList.length > 0 && (
        <ul className="mfh-menu mfh-menu--same" aria-label={`Featured in ${node.label}`}>
          {node.sameLevelList.map((item) => (
            <li key={item.id} className="mfh-menu__item">
              <MenuLink node={item} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
