/**
 * 'Add the ingredients to my list' (spec §3 Shopping list item_id = articleNumber_uom_storeId;
 * §4 Shopping list and cart): one `list/add-requested` per ingredient with an `articleNumber`, each
 * answered by mf-shopping-list with `list/item-added` or `list/add-failed` (same `requestId`). The
 * result is known only once every answer arrived (or {@link ADD_TO_LIST_TIMEOUT_MS} ms passed: the rest
 * count as failed), so the page never claims more than the list stored.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { newRequestId, type EventBus } from 'shared-events';
import { fetchIngredientProducts, type RecipeRecord } from '../api/recipes';
import type { SearchClient } from '../api/types';
import { ADD_TO_LIST_TIMEOUT_MS } from '../hooks/useSearchTracking';
import type { IngredientsOutcome } from './recipes';

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
  /** ms to wait for the list's answers (default {@link ADD_TO_LIST_TIMEOUT_MS}). */
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

  const pending = new Map<string, string>(); // requestId → article number
  for (const n of known) pending.set(newRequestId('recipe'), n);
  return new Promise<IngredientsOutcome>((resolve) => {
    const settle = (requestId: string, ok: boolean, reason?: string) => {
      if (!pending.delete(requestId)) return;
      if (ok) outcome.added += 1;
      else {
        outcome.failed += 1;
        if (reason && !outcome.reason) outcome.reason = reason;
      }
      if (pending.size === 0) finish();
    };
    const subscriptions = [
      o.bus.on('list/item-added').subscribe((e) => { if (e.payload.requestId) settle(e.payload.requestId, true); }),
      o.bus.on('list/add-failed').subscribe((e) => settle(e.payload.requestId, false, e.payload.reason)),
    ];
    const timer = setTimeout(() => {
      outcome.failed += pending.size;
      if (pending.size > 0 && !outcome.reason) outcome.reason = LIST_UNAVAILABLE;
      pending.clear();
      finish();
    }, o.timeoutMs ?? ADD_TO_LIST_TIMEOUT_MS);
    function finish() {
      clearTimeout(timer);
      subscriptions.forEach((s) => s.unsubscribe());
      resolve(outcome);
    }
    for (const [requestId, n] of [...pending]) {
      const p = products.get(n)!;
      o.bus.emit('list/add-requested', {
        requestId, itemId: `${n}_${p.uom}_${o.storeNumber}`, quantity: 1, productType: 'product', name: p.title,
      });
    }
  });
}

/** State of the button: idle, adding, or done with the outcome. */
export type IngredientsButtonState = { kind: 'idle' } | { kind: 'adding' } | { kind: 'done'; outcome: IngredientsOutcome };

/**
 * The 'Add the ingredients to my list' button's state: `add()` runs {@link addRecipeIngredients}
 * (a second press while adding is ignored); the outcome stays until the recipe changes. Answers
 * after unmount are dropped.
 */
export function useRecipeIngredientsButton(o: Omit<AddRecipeIngredientsOptions, 'recipe'> & { recipe: RecipeRecord | null }) {
  const [state, setState] = useState<IngredientsButtonState>({ kind: 'idle' });
  const mounted = useRef(true);
  useEffect(() => { mounted.current = true; return () => { mounted.current = false; }; }, []);
  const recipeId = o.recipe?.objectID;
  useEffect(() => { setState({ kind: 'idle' }); }, [recipeId]);
  const { recipe, bus, client, productsIndex, storeNumber, timeoutMs } = o;
  const busy = useRef(false);
  const add = useCallback(() => {
    if (!recipe || busy.current) return;
    busy.current = true;
    setState({ kind: 'adding' });
    void addRecipeIngredients({ recipe, bus, client, productsIndex, storeNumber, timeoutMs }).then((outcome) => {
      busy.current = false;
      if (mounted.current) setState({ kind: 'done', outcome });
    });
  }, [recipe, bus, client, productsIndex, storeNumber, timeoutMs]);
  return { state, add };
}
