/** The list's toasts, through the bus (the shell shows them). */
import type { EventBus } from 'shared-events';

/** Toast id of every list toast (a newer one replaces the older). */
export const LIST_TOAST_ID = 'shopping-list';
/** List toasts close after 3 s (spec §4, §8, §9). */
export const LIST_TOAST_MS = 3000;

/**
 * Publishes `toast/show` with the list's toast id.
 * @param autoCloseMs ms until it closes (none: it stays until closed)
 */
export function showListToast(bus: EventBus, message: string, kind: 'success' | 'error', autoCloseMs?: number): void {
  bus.emit('toast/show', { id: LIST_TOAST_ID, message, kind, ...(autoCloseMs ? { autoCloseMs } : {}) });
}
