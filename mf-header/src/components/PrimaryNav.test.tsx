import { screen, within } from '@testing-library/react';
import { renderHeader, settle } from '../test-utils';

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

/** Renders the desktop header and waits for the menu content. */
async function desktop(options: Parameters<typeof renderHeader>[0] = {}) {
  const view = renderHeader(options);
  await settle();
  const nav = screen.getByRole('navigation', { name: 'Primary' });
  return { ...view, nav };
}

describe('Mega menu from the menu content (spec §2 Header, desktop from 1024px)', () => {
  it('loads GET /api/content/menu and shows the top level inline: dropdowns as buttons, links as links', async () => {
    const { nav, fetchMock } = await desktop();
    expect(fetchMock).toHaveBeenCalledWith('/api/content/menu', expect.objectContaining({ method: 'GET' }));
    const top = within(nav).getAllByRole('listitem').filter((li) => li.parentElement?.classList.contains('mfh-menu--d1'));
    expect(top.map((li) => li.firstElementChild!.textContent)).toEqual(['Products', 'Flyer', 'Recipes', 'Scene+', 'Store Locator']);
    expect(within(nav).getByRole('button', { name: 'Products' })).toHaveAttribute('aria-expanded', 'false');
    expect(within(nav).getByRole('link', { name: 'Flyer' })).toHaveAttribute('href', '/flyer');
    expect(screen.queryByRole('button', { name: 'Menu' })).not.toBeInTheDocument();
  });

  it("opening Products shows 'View All Products' first, then the departments (WAI-ARIA disclosure)", async () => {
    const { nav, user } = await desktop();
    const products = within(nav).getByRole('button', { name: 'Products' });
    await user.click(products);
    expect(products).toHaveAttribute('aria-expanded', 'true');
    const panel = document.getElementById(products.getAttribute('aria-controls')!)!;
    expect(panel).toBeVisible();
    const first = within(panel).getAllByRole('link')[0];
    expect(first).toHaveTextContent('View All Products');
    expect(first).toHaveAttribute('href', '/products');
    expect(within(panel).getByRole('button', { name: 'Dairy & Eggs' })).toBeVisible();
  });

  it('opens a nested department with its own View All and aisles; one department open at a time', async () => {
    const { nav, user } = await desktop();
    await user.click(within(nav).getByRole('button', { name: 'Products' }));
    const dairy = within(nav).getByRole('button', { name: 'Dairy & Eggs' });
    await user.click(dairy);
    const dairyPanel = document.getElementById(dairy.getAttribute('aria-controls')!)!;
    expect(within(dairyPanel).getAllByRole('link').map((a) => a.textContent)).toEqual(['View All Dairy & Eggs', 'Cheese', 'Plant-BasedNew']);
    await user.click(within(nav).getByRole('button', { name: 'Bakery' }));
    expect(dairy).toHaveAttribute('aria-expanded', 'false');
    expect(dairyPanel).not.toBeVisible();
  });

  it('a dropdown without its own link has no View All; sameLevelList shows beside it', async () => {
    const { nav, user } = await desktop();
    await user.click(within(nav).getByRole('button', { name: 'Recipes' }));
    await user.click(within(nav).getByRole('button', { name: 'Recipe Ideas' }));
    const ideas = within(nav).getByRole('button', { name: 'Recipe Ideas' });
    const panel = document.getElementById(ideas.getAttribute('aria-controls')!)!;
    expect(within(panel).getAllByRole('link').map((a) => a.textContent)).toEqual(['Seafood']);
    expect(within(screen.getByRole('list', { name: 'Featured in Recipes' })).getByRole('link', { name: 'Maple-Glazed Salmon' })).toBeVisible();
  });

  it('publishes nav_header { label, link } for a followed link, navigates and closes the menu (spec §7)', async () => {
    const navigate = jest.fn();
    const { nav, user, kit } = await desktop({ navigate });
    const products = within(nav).getByRole('button', { name: 'Products' });
    await user.click(products);
    await user.click(screen.getByRole('link', { name: 'View All Products' }));
    expect(kit.published('analytics/track').map((e) => e.payload)).toEqual([{ event: 'nav_header', params: { label: 'View All Products', link: '/products' } }]);
    expect(navigate).toHaveBeenCalledWith('/products');
    expect(products).toHaveAttribute('aria-expanded', 'false');
  });

  it("opens '_blank' links in a new tab, told to screen readers, without navigate", async () => {
    const navigate = jest.fn();
    const { nav, user } = await desktop({ navigate });
    await user.click(within(nav).getByRole('button', { name: 'Scene+' }));
    const register = screen.getByRole('link', { name: 'Register a Scene+ Card (opens in a new tab)' });
    expect(register).toHaveAttribute('target', '_blank');
    expect(register).toHaveAttribute('rel', 'noopener');
  });

  it('Escape closes the innermost open dropdown and returns focus to its button, then the outer one', async () => {
    const { nav, user } = await desktop();
    const products = within(nav).getByRole('button', { name: 'Products' });
    await user.click(products);
    const dairy = within(nav).getByRole('button', { name: 'Dairy & Eggs' });
    await user.click(dairy);
    screen.getByRole('link', { name: 'Cheese' }).focus();
    await user.keyboard('{Escape}');
    expect(dairy).toHaveAttribute('aria-expanded', 'false');
    expect(dairy).toHaveFocus();
    expect(products).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{Escape}');
    expect(products).toHaveAttribute('aria-expanded', 'false');
    expect(products).toHaveFocus();
  });

  it('closes on a click outside and when focus leaves the nav', async () => {
    const { nav, user } = await desktop();
    const products = within(nav).getByRole('button', { name: 'Products' });
    await user.click(products);
    await user.click(document.body);
    expect(products).toHaveAttribute('aria-expanded', 'false');
    await user.click(products);
    await user.click(screen.getByRole('button', { name: 'Account' }));
    expect(products).toHaveAttribute('aria-expanded', 'false');
  });

  it('is operable from the keyboard: Enter opens, Tab reaches View All', async () => {
    const { nav, user } = await desktop();
    const products = within(nav).getByRole('button', { name: 'Products' });
    products.focus();
    await user.keyboard('{Enter}');
    expect(products).toHaveAttribute('aria-expanded', 'true');
    await user.tab();
    expect(screen.getByRole('link', { name: 'View All Products' })).toHaveFocus();
  });

  it('marks the current top-level page with aria-current', async () => {
    window.history.pushState({}, '', '/store-locator');
    const { nav } = await desktop();
    expect(within(nav).getByRole('link', { name: 'Store Locator' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Flyer' })).not.toHaveAttribute('aria-current');
    window.history.pushState({}, '', '/');
  });

  it('shows the primary links when the menu content cannot be loaded (spec §8 failures ignored)', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
    const { nav } = await desktop({ routes: { 'GET /content/menu': { envelope: { status: 'error', code: 404, message: 'Not Found', data: null }, httpStatus: 404 } } });
    expect(within(nav).getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Products', '/products'], ['Flyer', '/flyer'], ['Offers', '/offers'], ['Recipes', '/recipes'], ['Scene+', '/scene'], ['Store Locator', '/store-locator'],
    ]);
    warn.mockRestore();
  });
});
