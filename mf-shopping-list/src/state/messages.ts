/** Shopper-facing texts of the list (toasts, `list/add-failed` reasons) and the list-full error. */
import { MAX_BROWSER_ITEMS } from './model';

/** Toast texts. */
export const TOASTS = {
  added: 'Added to your list',
  removed: 'Removed from your list',
  /** Spec §8 "Adding a flyer item to the list fails" (every add uses it). */
  addFailed: 'An error occurred while adding the product. Please try again.',
  removeFailed: 'The item could not be removed from your list. Please try again.',
  syncRefused: 'A change to your shopping list could not be saved to your account.',
  full: `Your list is full (${MAX_BROWSER_ITEMS} items). Remove some items or sign in.`,
  mergeRefused: 'The items saved in this browser could not be added to your list.',
  merged: (n: number) => `Added ${n} ${n === 1 ? 'item' : 'items'} from this browser to your list`,
} as const;

/** `list/add-failed` reason when the item already holds the most there can be. */
export const AT_MOST_999 = 'Invalid quantity: the list already holds 999 of this item';

/** The browser list already holds {@link MAX_BROWSER_ITEMS} items. */
export class ListFullError extends Error {
  constructor() {
    super(TOASTS.full);
    this.name = 'ListFullError';
  }
}

/** A shopper-facing reason for a storage failure (`list/add-failed` reason). */
export function storageReason(error: unknown): string {
  if (error instanceof ListFullError) return error.message;
  const name = (error as { name?: string } | null)?.name;
  if (name === 'QuotaExceededError') return 'The browser has no room left to store the list';
  return `The list could not be stored (${(error as Error)?.message ?? String(error)})`;
}
