/**
 * The chunk of './recipe-plans': /recipes/my-recipe-lists → {@link RecipeListsPage},
 * /recipes/meal-plan → {@link MealPlanPage} (the URL decides; both share the storage of the shopper:
 * this browser when anonymous, the account when signed in, merged on sign-in).
 */
import { useLocation } from '@storefront/remote-kit';
import type { ListService } from '../../api/listService';
import { MealPlanPage } from './MealPlanPage';
import { RecipeListsPage } from './RecipeListsPage';
import type { RecipePlanStorage } from '../../api/recipePlanStorage';
import { useRemoteRuntime } from '@storefront/remote-kit';
import { usePlanStorage } from '../../hooks/usePlans';
import '../list.css';
import '../page.css';
import './recipes.css';

/** Props: tests may pass a storage and a list service (the custom props come from the kit context). */
export interface RecipePlansPageProps {
  storage?: RecipePlanStorage;
  listService?: Pick<ListService, 'addProducts'>;
}

/** See the module comment. */
export function RecipePlansPage({ storage, listService }: RecipePlansPageProps) {
  const { pathname } = useLocation();
  const { bus, config } = useRemoteRuntime();
  const plans = usePlanStorage(bus, config, storage);
  if (pathname.replace(/\/+$/, '') === '/recipes/meal-plan') return <MealPlanPage plans={plans} listService={listService} />;
  return <RecipeListsPage plans={plans} />;
}
