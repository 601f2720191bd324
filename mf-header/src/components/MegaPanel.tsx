import type { MenuNode } from '../state/menu';
import { MenuPanelInner } from './MenuTree';
import './mega.css';

export interface MegaPanelProps {
  /** The open top-level dropdown (e.g. Products). */
  node: MenuNode;
}

/**
 * The inside of a desktop mega menu panel (loaded on demand, chunk `mfh-mega`): the open
 * top-level dropdown's entries ('View All {label}' first, then its departments, each opening its
 * aisles beside the list) and its `sameLevelList` as a 'Featured' column. The panel element itself
 * (id, `hidden`, position) and the menu's scope (page, follow handler) belong to {@link ./PrimaryNav}.
 */
export function MegaPanel({ node }: MegaPanelProps) {
  return <MenuPanelInner node={node} depth={2} />;
}
