import { act, screen, within } from '@testing-library/react';
import { navigate } from '@storefront/remote-kit';
import { DEFAULT_RUNTIME_CONFIG, type EventBus } from 'shared-events';
import { createTestBus } from 'shared-events/testing';
import * as pages from './pages-spa';
import * as recipePlans from './recipe-plans-spa';
import * as spa from './spa';
import { freshIndexedDB } from './test-utils';

type Lifecycles = typeof spa;

function props(domElement: HTMLElement, bus: EventBus) {
  return { name: 'mf-shopping-list', singleSpa: {}, mountParcel: jest.fn(), bus, config: DEFAULT_RUNTIME_CONFIG, domElement, navigate: jest.fn() };
}

/** ARCHITECTURE §7: start the lifecycle inside act(...), await it outside. */
async function lifecycle(fn: Lifecycles['mount'], p: ReturnType<typeof props>) {
  let done!: Promise<unknown>;
  act(() => { done = fn(p as never) as Promise<unknown>; });
  await act(async () => { await done; });
}

function slot(id: string) {
  const el = document.createElement('div');
  el.id = id;
  document.body.appendChild(el);
  return el;
}

beforeEach(() => { freshIndexedDB(); });

describe("single-spa lifecycles (ARCHITECTURE §4; registry 'mf-shopping-list' and 'mf-shopping-list-pages')", () => {
  it("'./spa' mounts the list trigger into #slot-mf-shopping-list; unmount removes it", async () => {
    const el = slot('slot-mf-shopping-list');
    const kit = createTestBus();
    const p = props(el, kit.bus);
    await lifecycle(spa.bootstrap, p);
    await lifecycle(spa.mount, p);
    expect(within(el).getByRole('button', { name: 'Shopping list, 0 items' })).toBeInTheDocument();
    await lifecycle(spa.unmount, p);
    expect(el).toBeEmptyDOMElement();
    el.remove();
  });

  it.each(['/shopping-list', '/shopping-list/weekly'])("'./pages' renders the list page on %s", async (url) => {
    act(() => navigate(url));
    const el = slot('slot-page');
    const kit = createTestBus();
    const p = props(el, kit.bus);
    await lifecycle(pages.bootstrap, p);
    await lifecycle(pages.mount, p);
    expect(await within(el).findByRole('heading', { level: 1, name: 'Shopping list' })).toBeInTheDocument();
    expect(await screen.findByText('Your list is empty')).toBeInTheDocument();
    await lifecycle(pages.unmount, p);
    expect(el).toBeEmptyDOMElement();
    el.remove();
  });

  it.each([
    ['/recipes/my-recipe-lists', 'My recipe lists', 'You have no recipe lists yet.'],
    ['/recipes/meal-plan', 'Meal plan', 'Nothing planned this week yet.'],
  ])("'./recipe-plans' renders %s", async (url, title, empty) => {
    act(() => navigate(url));
    const el = slot('slot-page');
    const kit = createTestBus();
    const p = props(el, kit.bus);
    await lifecycle(recipePlans.bootstrap, p);
    await lifecycle(recipePlans.mount, p);
    expect(await within(el).findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(await screen.findByText(empty)).toBeInTheDocument();
    await lifecycle(recipePlans.unmount, p);
    expect(el).toBeEmptyDOMElement();
    el.remove();
  });
});
