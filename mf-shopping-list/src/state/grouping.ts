/**
 * The list page's sections: custom items first, then products grouped by the category of
 * their product record (alphabetical, 'Other' last for a record without one or with none at all),
 * then products whose record is still loading.
 */
import type { ProductRecord } from './productRecord';
import { articleNumberOf, isCustom, type ListItem } from './model';

/** The heading of products without a known category. */
export const OTHER_CATEGORY = 'Other';

/** One category section. */
export interface CategoryGroup {
  name: string;
  items: ListItem[];
}

/** What {@link groupItems} returns. Items keep their list order inside each section. */
export interface GroupedItems {
  custom: ListItem[];
  categories: CategoryGroup[];
  /** Products whose record has not arrived yet. */
  pending: ListItem[];
}

/**
 * @param items the shown items of the page (already cut to the page's length)
 * @param records articleNumber → record (null: not in the index; absent: still loading)
 * @param options `settled`: no more records will come (the fetch failed): products without one go to 'Other'
 */
export function groupItems(items: readonly ListItem[], records: ReadonlyMap<string, ProductRecord | null>, { settled = false } = {}): GroupedItems {
  const custom: ListItem[] = [];
  const pending: ListItem[] = [];
  const byName = new Map<string, ListItem[]>();
  for (const item of items) {
    if (isCustom(item)) { custom.push(item); continue; }
    const key = articleNumberOf(item.item_id);
    if (!records.has(key) && !settled) { pending.push(item); continue; }
    const name = records.get(key)?.category?.trim() || OTHER_CATEGORY;
    const list = byName.get(name);
    if (list) list.push(item);
    else byName.set(name, [item]);
  }
  const categories = [...byName.entries()]
    .map(([name, list]) => ({ name, items: list }))
    .sort((a, b) => (a.name === OTHER_CATEGORY ? 1 : b.name === OTHER_CATEGORY ? -1 : a.name.localeCompare(b.name, 'en-CA')));
  return { custom, categories, pending };
}
