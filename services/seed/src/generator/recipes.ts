import type { ProductRecord, RecipeRecord } from '../types';
import { slugify } from './prng';
import recipeSpecs from './recipe-specs.json';

/** An ingredient as written in recipe-specs.json: candidate product titles, tried in order. */
interface IngredientSpec {
  titles: string[];
  name: string;
  quantityText: string;
}

interface RecipeSpec {
  title: string;
  description: string;
  servings: number;
  /** Minutes, preparation plus cooking. */
  totalTimeMinutes: number;
  tags: string[];
  ingredients: IngredientSpec[];
  steps: string[];
}

/** In-house demo recipes (written for this project; not from any external recipe set): recipe-specs.json. */
export const RECIPE_SPECS: RecipeSpec[] = recipeSpecs;

/**
 * Resolves the recipe specs against the product catalogue: every ingredient gets the articleNumber of
 * the first candidate title found (case-insensitive exact match). Throws when one is missing, so the
 * generator cannot write a recipe with a dangling ingredient.
 */
export function buildRecipes(products: ProductRecord[], specs: RecipeSpec[] = RECIPE_SPECS): RecipeRecord[] {
  const byTitle = new Map<string, ProductRecord>();
  for (const p of products) if (!byTitle.has(p.title.toLowerCase())) byTitle.set(p.title.toLowerCase(), p);
  return specs.map((spec, n) => {
    const slug = slugify(spec.title);
    return {
      objectID: `recipe-${String(n + 1).padStart(3, '0')}`,
      title: spec.title,
      slug,
      pageSlug: `recipes/${slug}`,
      description: spec.description,
      servings: spec.servings,
      totalTimeMinutes: spec.totalTimeMinutes,
      bannerImage: null,
      featuredImage: null,
      videoUrl: null,
      videoThumbnail: null,
      banners: ['standard', 'coop'],
      tags: spec.tags,
      ingredients: spec.ingredients.map((ing) => {
        const product = ing.titles.map((t) => byTitle.get(t.toLowerCase())).find(Boolean);
        if (!product) throw new Error(`Recipe "${spec.title}": no product titled ${ing.titles.join(' / ')}`);
        return { articleNumber: product.articleNumber, name: ing.name, quantityText: ing.quantityText };
      }),
      steps: spec.steps,
    };
  });
}
