/** Placeholder until the recipe list and meal plan pages land (issue 16). */
import type { RemoteProps } from 'shared-events';

export function RecipePlansPage(_: RemoteProps) {
  return <section><h1>Recipes</h1></section>;
}
