/**
 * './recipes': single-spa lifecycles of the recipe pages, through the remote kit's
 * `createRemoteLifecycles` (ARCHITECTURE §2, §4). The shell mounts it into `#slot-page` on `/recipes`
 * and `/recipes/:slug` (registry: app 'mf-search-recipes'; spec §2 Routes "Recipes", "Recipe detail").
 * `/recipes/my-recipe-lists` and `/recipes/meal-plan` are mf-shopping-list's.
 */
import { createRemoteLifecycles } from '@storefront/remote-kit';
// The page looks the recipe up at once: algoliasearch/lite comes with its chunk, not after it.
import './api/algoliaLiteEager';
import { RecipesApp } from './recipes/RecipesApp';

export const { bootstrap, mount, unmount } = createRemoteLifecycles({
  remote: 'mf-search',
  label: 'recipes',
  rootComponent: RecipesApp,
  fallback: <p className="mfs-recipes__error" data-remote-error="mf-search/recipes">The recipes are unavailable right now.</p>,
});
