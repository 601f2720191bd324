import { useCallback, useEffect, useRef, useState } from 'react';
import { addRecipeIngredients, type AddRecipeIngredientsOptions } from '../api/recipesAdd';
import type { RecipeRecord } from '../api/recipes';
import type { IngredientsOutcome } from '../state/recipes';

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
