import { describeRemoteLifecycles } from '@storefront/remote-kit/testing';
import { freshIndexedDB } from './test-utils';

// ARCHITECTURE §4; registry 'mf-shopping-list', 'mf-shopping-list-pages', 'mf-shopping-list-recipe-plans'.
const setup = () => { freshIndexedDB(); };

describeRemoteLifecycles("'./spa'", () => import('./spa'), {
  remote: 'mf-shopping-list', label: 'band', slotId: 'slot-mf-shopping-list', setup,
  expectMounted: async ({ view }) => { await view.findByRole('button', { name: 'Shopping list, 0 items' }); },
});

describeRemoteLifecycles("'./pages'", () => import('./pages-spa'), {
  remote: 'mf-shopping-list', label: 'page', slotId: 'slot-page', url: '/shopping-list', setup,
  expectMounted: async ({ view }) => {
    await view.findByRole('heading', { level: 1, name: 'Shopping list' });
    await view.findByText('Your list is empty');
  },
  routes: [{ url: '/shopping-list/weekly', expectMounted: async ({ view }) => { await view.findByRole('heading', { level: 1, name: 'Shopping list' }); } }],
  expectFallback: ({ view }) => { view.getByText(/Your shopping list could not be shown/); },
});

describeRemoteLifecycles("'./recipe-plans'", () => import('./recipe-plans-spa'), {
  remote: 'mf-shopping-list', label: 'page', slotId: 'slot-page', url: '/recipes/my-recipe-lists', setup,
  expectMounted: async ({ view }) => {
    await view.findByRole('heading', { level: 1, name: 'My recipe lists' });
    await view.findByText('You have no recipe lists yet.');
  },
  routes: [{
    url: '/recipes/meal-plan',
    expectMounted: async ({ view }) => {
      await view.findByRole('heading', { level: 1, name: 'Meal plan' });
      await view.findByText('Nothing planned this week yet.');
    },
  }],
  expectFallback: ({ view }) => { view.getByText(/This page could not be shown/); },
});
