/**
 * Parts of the search engine's index records that several packages read or write (spec §3 Search
 * hit): the seed writes them (services/seed), the engine serves them, the remotes show them.
 */
import * as z from 'zod/mini';

const per100g = z.nullable(z.number().check(z.nonnegative()));

/**
 * Nutrition facts per 100 g of edible portion, as USDA SR21 gives them (nutrient numbers 208, 203,
 * 204, 606, 205, 291, 269, 307): `energyKcal` in kcal, `sodium` in mg, the others in g
 * (`carbohydrate` by difference, `fibre` total dietary fibre, `sugars` total sugars); null = USDA has
 * no value for that food (show 'Not available', never 0).
 */
export const nutritionFactsSchema = z.object({
  energyKcal: per100g,
  protein: per100g,
  totalFat: per100g,
  saturatedFat: per100g,
  carbohydrate: per100g,
  fibre: per100g,
  sugars: per100g,
  sodium: per100g,
});
export type NutritionFacts = z.infer<typeof nutritionFactsSchema>;
