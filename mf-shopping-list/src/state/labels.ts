/**
 * The band's texts, in their own tiny module (the band's first chunk imports only this from state/).
 */

/** '99+' above 99, else the number (spec §2, §9 count badge). */
export function badgeText(count: number): string {
  return count > 99 ? '99+' : String(Math.max(0, count));
}

/** '1 item', '3 items'. */
export function itemsLabel(count: number): string {
  return `${count} ${count === 1 ? 'item' : 'items'}`;
}

/** The trigger's accessible name: 'Shopping list, 3 items' (the exact count, also above 99). */
export function triggerLabel(count: number): string {
  return `Shopping list, ${itemsLabel(Math.max(0, count))}`;
}
