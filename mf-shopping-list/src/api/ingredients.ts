/**
 * "Add this week's ingredients to my list" (/recipes/meal-plan): every ingredient of the
 * week's recipes goes into the shopper's shopping list through the list service of this remote
 * (mf-shopping-list owns the list; no bus round trip). Ingredients carry the `articleNumber` of the
 * products index; the item id is spec §3's `articleNumber_uom_storeId` with the product's `uom` (from
 * the products index) and the page's store (`bus.state.store`, else the config's default store).
 */
import { itemId, type RuntimeConfig } from 'shared-events';
import { fetchProducts, type ProductRecord } from './products';
import type { AddProductsResult, ListService } from './listService';
import type { RecipeRecord } from './recipesApi';

/** What one "add the week's ingredients" did; counts are distinct products. */
export interface IngredientAddOutcome {
  /** Distinct ingredients (by article number) of the recipes. */
  ingredients: number;
  /** New items on the list. */
  added: number;
  /** Already on the list (left as they were). */
  alreadyOnList: number;
  /** Not in the products index, or refused by the list (bad id, list full, storage failure). */
  notAdded: number;
}

/** The distinct ingredients of `recipes` by article number (first name seen), in recipe order. */
export function distinctIngredients(recipes: readonly RecipeRecord[]): Array<{ articleNumber: string; name: string }> {
  const out = new Map<string, string>();
  for (const r of recipes) for (const i of r.ingredients ?? []) {
    const n = typeof i.articleNumber === 'string' ? i.articleNumber.trim() : '';
    if (n && !out.has(n)) out.set(n, i.name);
  }
  return [...out].map(([articleNumber, name]) => ({ articleNumber, name }));
}

/** Options of {@link addIngredientsToList}. */
export interface AddIngredientsOptions {
  recipes: readonly RecipeRecord[];
  search: RuntimeConfig['search'];
  /** 4-digit store number of the item ids. */
  storeNumber: string;
  service: Pick<ListService, 'addProducts'>;
  /** Tests: the product lookup (default {@link fetchProducts}). */
  lookup?: (search: RuntimeConfig['search'], articleNumbers: readonly string[]) => Promise<Map<string, ProductRecord | null>>;
}

/**
 * Puts every distinct ingredient of `recipes` on the shopping list (quantity 1; one already on the list
 * is left as it is).
 * @throws Error when the products index cannot be read (nothing is added)
 */
export async function addIngredientsToList(o: AddIngredientsOptions): Promise<IngredientAddOutcome> {
  const wanted = distinctIngredients(o.recipes);
  if (wanted.length === 0) return { ingredients: 0, added: 0, alreadyOnList: 0, notAdded: 0 };
  const records = await (o.lookup ?? fetchProducts)(o.search, wanted.map((w) => w.articleNumber));
  let missing = 0;
  const products = [];
  for (const w of wanted) {
    const r = records.get(w.articleNumber);
    if (!r) {
      missing += 1;
      continue;
    }
    products.push({ itemId: itemId({ articleNumber: w.articleNumber, uom: r.uom, storeId: o.storeNumber }), name: r.title || w.name });
  }
  const result: AddProductsResult = await o.service.addProducts(products);
  return { ingredients: wanted.length, added: result.added.length, alreadyOnList: result.alreadyOnList.length, notAdded: missing + result.failed.length };
}

const n = (k: number, one: string, many: string) => `${k} ${k === 1 ? one : many}`;

/** What the page says after an add, truthfully, e.g. 'Added 12 ingredients to your list. 2 were already on it.' */
export function ingredientMessage(o: IngredientAddOutcome): string {
  if (o.ingredients === 0) return 'The recipes planned this week list no ingredients to add.';
  const parts: string[] = [];
  if (o.added > 0) parts.push(`Added ${n(o.added, 'ingredient', 'ingredients')} to your list.`);
  else if (o.alreadyOnList > 0 && o.notAdded === 0) parts.push(`All ${n(o.alreadyOnList, 'ingredient is', 'ingredients are')} already on your list.`);
  else parts.push('No ingredient was added to your list.');
  const allThere = o.added === 0 && o.notAdded === 0;
  if (o.alreadyOnList > 0 && !allThere) parts.push(`${o.alreadyOnList} ${o.alreadyOnList === 1 ? 'was' : 'were'} already on it.`);
  if (o.notAdded > 0) parts.push(`${n(o.notAdded, 'ingredient', 'ingredients')} could not be added.`);
  return parts.join(' ');
}
