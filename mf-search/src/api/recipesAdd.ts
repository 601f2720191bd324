/**
 * 'Add the ingredients to my list' (spec §3 Shopping list item_id = articleNumber_uom_storeId;
 * §4 Shopping list and cart): one `list/add-requested` per ingredient with an `articleNumber`, each
 * answered by mf-shopping-list with `list/item-added` or `list/add-failed` (same `requestId`). The
 * result is known only once every answer arrived (or ADD_TO_LIST_TIMEOUT_MS, 5 s, passed: the rest
 * count as failed), so the page never claims more than the list stored.
 */
import { itemId, type EventBus } from 'shared-events';
import type { IngredientsOutcome } from '../state/recipes';
import { requestListAdd } from './listAdd';
import { fetchIngredientProducts, type RecipeRecord } from './recipes';
import type { SearchClient } from './types';

/** Reason used when the list did not answer in time. */
export const LIST_UNAVAILABLE = 'Your shopping list is not available right now.';
/** Reason used when the products index could not be read. */
export const PRODUCTS_UNAVAILABLE = 'The products could not be looked up right now.';

/** Options of {@link addRecipeIngredients}. */
export interface AddRecipeIngredientsOptions {
  recipe: RecipeRecord;
  bus: EventBus;
  client: SearchClient;
  /** The products index (config.search.indices.products). */
  productsIndex: string;
  /** The preferred store number (4 digits) of the item ids. */
  storeNumber: string;
  /** ms to wait for the list's answers (default ADD_TO_LIST_TIMEOUT_MS, 5 s). */
  timeoutMs?: number;
}

/**
 * Publishes one `list/add-requested` (quantity 1, productType 'product') per distinct ingredient
 * article number of `recipe` that the products index knows, and resolves with the counts once each
 * was answered. Never rejects: a failed lookup resolves with every ingredient failed.
 */
export async function addRecipeIngredients(o: AddRecipeIngredientsOptions): Promise<IngredientsOutcome> {
  const numbers = [...new Set((o.recipe.ingredients ?? []).map((i) => (typeof i.articleNumber === 'string' ? i.articleNumber.trim() : '')).filter(Boolean))];
  if (numbers.length === 0) return { requested: 0, added: 0, failed: 0 };
  let products;
  try {
    products = await fetchIngredientProducts(o.client, o.productsIndex, numbers);
  } catch {
    return { requested: numbers.length, added: 0, failed: numbers.length, reason: PRODUCTS_UNAVAILABLE };
  }
  const known = numbers.filter((n) => products.has(n));
  const outcome: IngredientsOutcome = { requested: numbers.length, added: 0, failed: numbers.length - known.length };
  if (known.length === 0) return outcome;

  const answers = await Promise.all(known.map((n) => {
    const p = products.get(n)!;
    return requestListAdd(o.bus, {
      itemId: itemId({ articleNumber: n, uom: p.uom, storeId: o.storeNumber }), quantity: 1, productType: 'product', name: p.title,
    }, o.timeoutMs);
  }));
  for (const answer of answers) {
    if (answer.ok) outcome.added += 1;
    else {
      outcome.failed += 1;
      outcome.reason ??= answer.timedOut ? LIST_UNAVAILABLE : answer.reason;
    }
  }
  return outcome;
}
