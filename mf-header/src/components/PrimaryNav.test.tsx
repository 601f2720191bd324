import { screen, within } from '@testing-library/react';
import { mockCompactViewport, renderHeader } from '../test-utils';

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

const LINKS = [
  ['Flyer', '/flyer'],
  ['Offers', '/offers'],
  ['Recipes', '/recipes'],
  ['Products', '/products'],
  ['Store Locator', '/store-locator'],
] as const;

describe('Primary links (spec §2 Header, desktop from 1024px)', () => {
  it('lists the primary links inline in a nav named Primary', () => {
    renderHeader();
    const nav = screen.getByRole('navigation', { name: 'Primary' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual(LINKS.map(([l, h]) => [l, h]));
    expect(screen.queryByRole('button', { name: 'Menu' })).not.toBeInTheDocument();
  });

  it.each(LINKS)("publishes analytics nav_header for '%s' (spec §7)", async (label, link) => {
    const navigate = jest.fn();
    const { user, kit } = renderHeader({ navigate });
    await user.click(screen.getByRole('link', { name: label }));
    expect(kit.published('analytics/track')).toEqual([
      { type: 'analytics/track', payload: { event: 'nav_header', params: { label, link } } },
    ]);
    expect(navigate).toHaveBeenCalledWith(link);
  });

  it('marks the link of the current page with aria-current', () => {
    window.history.pushState({}, '', '/recipes/pea-soup');
    renderHeader();
    expect(screen.getByRole('link', { name: 'Recipes' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Offers' })).not.toHaveAttribute('aria-current');
    window.history.pushState({}, '', '/');
  });
});

describe("Primary links collapse into 'Menu' up to 1023px (spec §9 Mobile breakpoint)", () => {
  let restore: () => void;
  beforeEach(() => { restore = mockCompactViewport(true); });
  afterEach(() => restore());

  it('hides the links behind a Menu disclosure button', async () => {
    const { user } = renderHeader();
    const menu = screen.getByRole('button', { name: 'Menu' });
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('navigation', { name: 'Primary' })).not.toBeInTheDocument();

    await user.click(menu);
    expect(menu).toHaveAttribute('aria-expanded', 'true');
    const nav = screen.getByRole('navigation', { name: 'Primary' });
    expect(menu).toHaveAttribute('aria-controls', nav.id);
    expect(within(nav).getAllByRole('link')).toHaveLength(5);
  });

  it('closes on Escape and returns focus to the Menu button', async () => {
    const { user } = renderHeader();
    await user.click(screen.getByRole('button', { name: 'Menu' }));
    await user.tab();
    expect(screen.getByRole('link', { name: 'Flyer' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('button', { name: 'Menu' })).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('button', { name: 'Menu' })).toHaveFocus();
    expect(screen.queryByRole('navigation', { name: 'Primary' })).not.toBeInTheDocument();
  });

  it('closes after a link is chosen and still tracks it', async () => {
    const { user, kit } = renderHeader({ navigate: jest.fn() });
    await user.click(screen.getByRole('button', { name: 'Menu' }));
    await user.click(screen.getByRole('link', { name: 'Offers' }));
    expect(screen.getByRole('button', { name: 'Menu' })).toHaveAttribute('aria-expanded', 'false');
    expect(kit.published('analytics/track')[0].payload).toEqual({ event: 'nav_header', params: { label: 'Offers', link: '/offers' } });
  });
});
