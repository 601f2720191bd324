import { useLocation } from '@storefront/remote-kit';
import { SearchAppProvider, type AppProps } from '../components/appClient';
import { RecipeDetail } from './RecipeDetail';
import { RecipeList } from './RecipeList';
import { RecipeNotFound } from './RecipeParts';
import { recipePageSlugFromPath, isRecipeListingPath } from '../state/recipes';
import './recipes.css';

/**
 * Root of './recipes' (registry app 'mf-search-recipes', routes `/recipes` and `/recipes/:slug`; spec §2):
 * the listing on `/recipes`, the detail page on `/recipes/{slug}`, the not-found message for any other
 * path it is mounted on (e.g. a slug with characters no recipe has). `/recipes/my-recipe-lists` and
 * `/recipes/meal-plan` are mf-shopping-list's; this root renders nothing there.
 */
export function RecipesApp(props: AppProps) {
  return <SearchAppProvider app={props}><RecipeRoutes /></SearchAppProvider>;
}

/** The recipe page for the current path. */
function RecipeRoutes() {
  const { pathname } = useLocation();
  if (isRecipeListingPath(pathname)) return <RecipeList />;
  if (/^\/recipes\/(?:my-recipe-lists|meal-plan)\/?$/.test(pathname)) return null;
  const pageSlug = recipePageSlugFromPath(pathname);
  if (!pageSlug) return <RecipeNotFound />;
  return <RecipeDetail pageSlug={pageSlug} />;
}
