/**
 * Rules of one 'Add to list' (spec §3 Shopping list item, §4 Shopping list and cart): the shopping list
 * (mf-shopping-list) owns the list and answers every `list/add-requested`; nobody says 'Added' before it did.
 */

/** How long an add waits for the shopping list to answer, in ms (then it counts as failed). */
export const ADD_TO_LIST_TIMEOUT_MS = 5000;

/** Shown (toast, recipe page) when the shopping list did not answer in time. */
export const LIST_DOWN_REASON = 'Your shopping list is not available right now. Nothing was added; please try again.';

/** What became of one 'Add to list': stored by the shopping list, or not (with the reason shown). */
export type AddToListOutcome = { ok: true } | { ok: false; reason: string; timedOut?: boolean };
