/**
 * The header menu model (spec §2 Header "Primary link list and a mega menu with nested dropdowns",
 * spec §3 Menu item). Content comes from `GET /api/content/menu` (services/seed/data/content/menu.json);
 * everything here is pure.
 */

/** Where a link opens (spec §3 Menu item `target`). */
export type MenuTarget = '_self' | '_blank';

/**
 * One menu item and the menu document as the content source writes them: the shared contract
 * (shared-events/contracts, spec §3 Menu item); `label` wins over `title`, `dropdown` nests,
 * `sameLevelList` is a flat group beside it, the 'new' tag shows a "New" badge.
 */
export type { MenuContent, MenuItemContent } from 'shared-events/contracts';
import type { MenuContent, MenuItemContent } from 'shared-events/contracts';

/** A normalised menu entry, ready to render. */
export interface MenuNode {
  /** Stable id from the labels on its path, e.g. 'products/dairy-eggs' (React key, DOM ids). */
  id: string;
  label: string;
  /** Own link, or null when the item only opens a dropdown. */
  link: string | null;
  target: MenuTarget;
  /** True when the item opens a dropdown (it has `children`). */
  isDropdown: boolean;
  /**
   * The dropdown entries, generated: 'View All {label}' first when the item has its own link
   * (see {@link withViewAll}), then the `dropdown` entries in content order.
   */
  children: MenuNode[];
  /** The `sameLevelList` entries (flat links, no dropdowns). */
  sameLevelList: MenuNode[];
  tags: string[];
  /** 'view-all' for a generated 'View All {label}' entry. */
  generated?: 'view-all';
}

/** Prefix of the generated entry (spec §2 Header: "an extra entry 'View All {label}'"). */
export const VIEW_ALL_PREFIX = 'View All ';

const slug = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '') || 'item';

function text(item: MenuItemContent): string {
  return (item.label ?? item.title ?? '').trim();
}

/**
 * Normalises one content item and its descendants (label from `label` or `title`, target
 * `_self` unless `_blank`, empty lists for missing ones). Items with no text are dropped, and so
 * is a dropdown with neither entries nor its own link.
 */
function normalise(item: MenuItemContent, parentId: string, depth: number): MenuNode | null {
  const label = text(item);
  if (!label) return null;
  const id = parentId ? `${parentId}/${slug(label)}` : slug(label);
  const link = typeof item.link === 'string' && item.link.trim() ? item.link.trim() : null;
  const dropdown = depth < MAX_DEPTH
    ? (item.dropdown ?? []).map((c) => normalise(c, id, depth + 1)).filter((c): c is MenuNode => c !== null)
    : [];
  const sameLevelList = (item.sameLevelList ?? [])
    .map((c) => normalise({ ...c, dropdown: null, sameLevelList: null, isDropdown: false }, `${id}/same`, depth + 1))
    .filter((c): c is MenuNode => c !== null && c.link !== null);
  if (!link && dropdown.length === 0 && sameLevelList.length === 0) return null;
  return {
    id,
    label,
    link,
    target: item.target === '_blank' ? '_blank' : '_self',
    isDropdown: dropdown.length > 0 || sameLevelList.length > 0,
    children: dropdown,
    sameLevelList,
    tags: Array.isArray(item.tags) ? item.tags.filter((t): t is string => typeof t === 'string') : [],
  };
}

/** Nesting limit of the mega menu: top level, departments, aisles (deeper entries are ignored). */
export const MAX_DEPTH = 3;

/**
 * Adds 'View All {label}' to every dropdown that has its own link, at every depth
 * (spec §2 Header: "Any dropdown that has its own link gets an extra entry 'View All {label}'";
 * spec §3 "view-all entries are added"). The entry is the first of the dropdown, links to the
 * item's own link with its target, and is never itself a dropdown. A dropdown without a link gets
 * none; a plain link gets none. Idempotent (an existing view-all entry is not doubled). Pure.
 *
 * @example withViewAll([{ label: 'Products', link: '/products', children: [dairy], ... }])
 *   // → Products.children = [{ label: 'View All Products', link: '/products', generated: 'view-all' }, dairy']
 */
export function withViewAll(nodes: readonly MenuNode[]): MenuNode[] {
  return nodes.map((node) => {
    const children = withViewAll(node.children.filter((c) => c.generated !== 'view-all'));
    if (node.isDropdown && node.link) {
      const viewAll: MenuNode = {
        id: `${node.id}/view-all`,
        label: `${VIEW_ALL_PREFIX}${node.label}`,
        link: node.link,
        target: node.target,
        isDropdown: false,
        children: [],
        sameLevelList: [],
        tags: [],
        generated: 'view-all',
      };
      return { ...node, children: [viewAll, ...children] };
    }
    return { ...node, children };
  });
}

/**
 * Turns the content document of `GET /api/content/menu` into the rendered menu: normalised items
 * (see {@link MenuItemContent}) with the generated 'View All {label}' entries ({@link withViewAll}).
 * Accepts `{ items: [...] }` or a bare array; anything else gives `[]` (the header then shows
 * {@link FALLBACK_MENU}). Pure.
 */
export function buildMenu(content: unknown): MenuNode[] {
  const items = Array.isArray(content)
    ? content
    : content && typeof content === 'object' && Array.isArray((content as MenuContent).items)
      ? (content as MenuContent).items
      : [];
  const nodes = items
    .filter((i): i is MenuItemContent => !!i && typeof i === 'object')
    .map((i) => normalise(i, '', 1))
    .filter((n): n is MenuNode => n !== null);
  return withViewAll(nodes);
}

/**
 * The primary links shown while the menu content loads or when it cannot be loaded (spec §2 Header
 * "Primary link list"; spec §8 "Other failures are silently ignored").
 */
export const FALLBACK_MENU: readonly MenuNode[] = Object.freeze(buildMenu([
  { label: 'Products', link: '/products' },
  { label: 'Flyer', link: '/flyer' },
  { label: 'Offers', link: '/offers' },
  { label: 'Recipes', link: '/recipes' },
  { label: 'Scene+', link: '/scene' },
  { label: 'Store Locator', link: '/store-locator' },
]));

// In its own module so the footer expose does not bundle the menu model.
export { isExternalLink } from './links';
