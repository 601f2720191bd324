import { buildMenu, FALLBACK_MENU, isExternalLink, VIEW_ALL_PREFIX, withViewAll, type MenuNode } from './menu';
import { realContent, TEST_MENU } from '../test-utils';

const labels = (nodes: MenuNode[]) => nodes.map((n) => n.label);

describe("View All generation (spec §2 Header: \"Any dropdown that has its own link gets an extra entry 'View All {label}'\")", () => {
  const menu = buildMenu(TEST_MENU);
  const byLabel = (nodes: MenuNode[], label: string) => nodes.find((n) => n.label === label)!;

  it("adds 'View All Products' as the first entry of the Products dropdown, linking to /products", () => {
    const products = byLabel(menu, 'Products');
    expect(products.isDropdown).toBe(true);
    expect(products.children[0]).toMatchObject({ label: 'View All Products', link: '/products', generated: 'view-all', isDropdown: false, children: [] });
    expect(labels(products.children)).toEqual(['View All Products', 'Dairy & Eggs', 'Bakery']);
  });

  it('adds it at every depth (a department with its own link)', () => {
    const dairy = byLabel(byLabel(menu, 'Products').children, 'Dairy & Eggs');
    expect(labels(dairy.children)).toEqual(['View All Dairy & Eggs', 'Cheese', 'Plant-Based']);
    expect(dairy.children[0].link).toBe('/products/category/dairy-eggs');
  });

  it('adds none to a dropdown without its own link', () => {
    const ideas = byLabel(byLabel(menu, 'Recipes').children, 'Recipe Ideas');
    expect(ideas.link).toBeNull();
    expect(labels(ideas.children)).toEqual(['Seafood']);
  });

  it('adds none to a plain link', () => {
    const flyer = byLabel(menu, 'Flyer');
    expect(flyer).toMatchObject({ isDropdown: false, link: '/flyer', children: [] });
  });

  it('keeps the target of the dropdown on its View All entry', () => {
    const node: MenuNode = { id: 'x', label: 'Partners', link: 'https://example.com', target: '_blank', isDropdown: true, children: [
      { id: 'x/a', label: 'A', link: '/a', target: '_self', isDropdown: false, children: [], sameLevelList: [], tags: [] },
    ], sameLevelList: [], tags: [] };
    expect(withViewAll([node])[0].children[0]).toMatchObject({ label: 'View All Partners', target: '_blank' });
  });

  it('is idempotent: applying it twice gives one View All entry', () => {
    const twice = withViewAll(menu);
    expect(labels(byLabel(twice, 'Products').children).filter((l) => l.startsWith(VIEW_ALL_PREFIX))).toEqual(['View All Products']);
  });
});

describe('buildMenu (spec §3 Menu item fields: label or title, link, target, dropdown, sameLevelList, isDropdown, tags)', () => {
  it("reads 'title' when there is no 'label'", () => {
    expect(buildMenu(TEST_MENU).map((n) => n.label)).toEqual(['Products', 'Flyer', 'Recipes', 'Scene+', 'Store Locator']);
  });

  it('keeps sameLevelList as flat links beside the dropdown', () => {
    const recipes = buildMenu(TEST_MENU)[2];
    expect(labels(recipes.sameLevelList)).toEqual(['Maple-Glazed Salmon']);
    expect(recipes.sameLevelList[0]).toMatchObject({ link: '/recipes/maple-glazed-salmon', isDropdown: false });
  });

  it("keeps target '_blank' and tags; defaults target to '_self'", () => {
    const menu = buildMenu(TEST_MENU);
    expect(menu[3].children[1]).toMatchObject({ label: 'Register a Scene+ Card', target: '_blank' });
    expect(menu[1].target).toBe('_self');
    expect(menu[0].children[1].children[2].tags).toEqual(['new']);
  });

  it('makes an item a dropdown when it has entries, even without isDropdown', () => {
    expect(buildMenu([{ label: 'Scene+', link: '/scene', dropdown: [{ label: 'About', link: '/scene/about' }] }])[0].isDropdown).toBe(true);
  });

  it('drops items with no text, and dropdowns with neither entries nor a link', () => {
    expect(buildMenu([{ link: '/x' }, { label: '  ' }, { label: 'Empty', isDropdown: true, dropdown: [] }, { label: 'Ok', link: '/ok' }]).map((n) => n.label)).toEqual(['Ok']);
  });

  it('accepts a bare array, and gives [] for anything else', () => {
    expect(buildMenu([{ label: 'Flyer', link: '/flyer' }])).toHaveLength(1);
    expect(buildMenu(null)).toEqual([]);
    expect(buildMenu({ nope: true })).toEqual([]);
    expect(buildMenu('menu')).toEqual([]);
  });

  it('gives unique ids along the path', () => {
    const ids: string[] = [];
    const walk = (nodes: MenuNode[]) => nodes.forEach((n) => { ids.push(n.id); walk(n.children); walk(n.sameLevelList); });
    walk(buildMenu(realContent('menu')));
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('the fallback primary links are plain links', () => {
    expect(FALLBACK_MENU.map((n) => [n.label, n.link, n.isDropdown])).toEqual([
      ['Products', '/products', false], ['Flyer', '/flyer', false], ['Offers', '/offers', false],
      ['Recipes', '/recipes', false], ['Scene+', '/scene', false], ['Store Locator', '/store-locator', false],
    ]);
  });

  it('tells external links', () => {
    expect(isExternalLink('https://example.com')).toBe(true);
    expect(isExternalLink('tel:+18665862805')).toBe(true);
    expect(isExternalLink('/offers')).toBe(false);
  });
});

describe('the committed grocery menu (services/seed/data/content/menu.json)', () => {
  const menu = buildMenu(realContent('menu'));

  it('has departments, flyer, offers, recipes, Scene+ and the store locator at the top', () => {
    expect(labels(menu)).toEqual(['Products', 'Flyer', 'Offers', 'Recipes', 'Scene+', 'Store Locator']);
  });

  it('lists the ten catalogue departments, each with View All and its aisles', () => {
    const products = menu[0];
    expect(products.children[0].label).toBe('View All Products');
    const departments = products.children.slice(1);
    expect(departments).toHaveLength(10);
    for (const d of departments) {
      expect(d.children[0]).toMatchObject({ label: `View All ${d.label}`, link: d.link });
      expect(d.children.length).toBeGreaterThan(2);
      for (const aisle of d.children.slice(1)) expect(aisle.link).toMatch(/^\/products\/category\/[a-z0-9-]+\/[a-z0-9-]+$/);
    }
  });
});
