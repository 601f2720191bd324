/**
 * The chunk of './recipe-plans': /recipes/my-recipe-lists → {@link RecipeListsPage},
 * /recipes/meal-plan → {@link MealPlanPage} (the URL decides; both share the storage of the shopper:
 * this browser when anonymous, the account when signed in, merged on sign-in).
 */
import { useLocation } from '@storefront/remote-kit';
import type { RemoteProps } from 'shared-events';
import type { ListService } from '../api/listService';
import { MealPlanPage } from './MealPlanPage';
import { RecipeListsPage } from './RecipeListsPage';
import type { RecipePlanStorage } from './storage';
import { usePlanStorage } from './usePlans';
import '../components/list.css';
import '../pages/page.css';
import './recipes.css';

/** Props: the shell's custom props; tests may pass a storage and a list service. */
export interface RecipePlansPageProps extends RemoteProps {
  storage?: RecipePlanStorage;
  listService?: Pick<ListService, 'addProducts'>;
}

/** See the module comment. */
export function RecipePlansPage(props: RecipePlansPageProps) {
  const { pathname } = useLocation();
  const plans = usePlanStorage(props.bus, props.config, props.storage);
  if (pathname.replace(/\/+$/, '') === '/recipes/meal-plan') return <MealPlanPage {...props} plans={plans} />;
  return <RecipeListsPage {...props} plans={plans} />;
}
