import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { mockCompactViewport, mockLayout, renderHeader, settle } from '../test-utils';

let restoreViewport: () => void;
let layout: jest.SpyInstance;
beforeEach(() => {
  jest.useFakeTimers();
  restoreViewport = mockCompactViewport(true);
  layout = mockLayout();
});
afterEach(() => {
  restoreViewport();
  layout.mockRestore();
  jest.useRealTimers();
  document.body.innerHTML = '';
});

async function compact(options: Parameters<typeof renderHeader>[0] = {}) {
  const view = renderHeader(options);
  await settle();
  return view;
}

/** The compact header with its panel opened by a press on 'Menu': the view, that button and the dialog. */
async function openPanel(options: Parameters<typeof renderHeader>[0] = {}) {
  const view = await compact(options);
  const menu = screen.getByRole('button', { name: 'Menu' });
  await view.user.click(menu);
  return { ...view, menu, dialog: screen.getByRole('dialog', { name: 'Menu' }) };
}

describe('Mobile panel up to 1023px (spec §2 Header "Mobile panel", spec §9 Mobile breakpoint)', () => {
  it("replaces the desktop nav with a 'Menu' button", async () => {
    await compact();
    expect(screen.queryByRole('navigation', { name: 'Primary' })).not.toBeInTheDocument();
    const menu = screen.getByRole('button', { name: 'Menu' });
    expect(menu).toHaveAttribute('aria-haspopup', 'dialog');
    expect(menu).toHaveAttribute('aria-expanded', 'false');
  });

  it('opens a modal dialog with the logo, Search, the menu and the quick links', async () => {
    const { dialog } = await openPanel();
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(within(dialog).getByRole('link', { name: 'Harbour Market home' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Search' })).toBeInTheDocument();
    const main = within(dialog).getByRole('navigation', { name: 'Main menu' });
    expect(within(main).getByRole('button', { name: 'Products' })).toBeInTheDocument();
    const quick = within(dialog).getByRole('navigation', { name: 'Quick links' });
    expect(within(quick).getAllByRole('link').map((a) => a.textContent)).toEqual(['Contact Us', 'Help', 'Live Chat', 'Scene+']);
    expect(within(quick).getByRole('link', { name: 'Scene+' })).toHaveAttribute('href', '/scene');
  });

  it('moves focus into the dialog (Close menu) and traps Tab / Shift+Tab inside it', async () => {
    const { user, dialog } = await openPanel();
    const close = within(dialog).getByRole('button', { name: 'Close menu' });
    expect(close).toHaveFocus();
    await user.tab({ shift: true });
    expect(within(dialog).getByRole('link', { name: 'Harbour Market home' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(within(dialog).getByRole('link', { name: 'Scene+' })).toHaveFocus();
    await user.tab();
    expect(within(dialog).getByRole('link', { name: 'Harbour Market home' })).toHaveFocus();
    for (let i = 0; i < 20; i += 1) {
      await user.tab();
      expect(dialog.contains(document.activeElement)).toBe(true);
    }
  });

  it.each([
    ['Escape', (user: UserEvent) => user.keyboard('{Escape}')],
    ["'Close menu'", (user: UserEvent) => user.click(screen.getByRole('button', { name: 'Close menu' }))],
  ])('%s closes it and returns focus to Menu', async (_way, close) => {
    const { user, menu } = await openPanel();
    await close(user);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(menu).toHaveFocus();
    expect(menu).toHaveAttribute('aria-expanded', 'false');
  });

  it('opens nested dropdowns in place, with View All entries', async () => {
    const { user, dialog } = await openPanel();
    await user.click(within(dialog).getByRole('button', { name: 'Products' }));
    await user.click(within(dialog).getByRole('button', { name: 'Dairy & Eggs' }));
    expect(within(dialog).getByRole('link', { name: 'View All Products' })).toBeVisible();
    expect(within(dialog).getByRole('link', { name: 'View All Dairy & Eggs' })).toHaveAttribute('href', '/products/category/dairy-eggs');
  });

  it('following a link tracks nav_header, navigates and closes the panel', async () => {
    const navigate = jest.fn();
    const { user, kit } = await openPanel({ navigate });
    await user.click(screen.getByRole('link', { name: 'Help' }));
    expect(kit.published('analytics/track').map((e) => e.payload)).toEqual([{ event: 'nav_header', params: { label: 'Help', link: '/customer-service/help' } }]);
    expect(navigate).toHaveBeenCalledWith('/customer-service/help');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("'Search' closes the panel and focuses the search box of #slot-mf-search (another remote)", async () => {
    const slot = document.createElement('div');
    slot.id = 'slot-mf-search';
    const box = document.createElement('input');
    box.setAttribute('role', 'combobox');
    box.setAttribute('aria-label', 'Search products and recipes');
    slot.appendChild(box);
    document.body.appendChild(slot);
    const { user } = await openPanel();
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(box).toHaveFocus();
  });

  it('locks page scroll while open (the kit dialog\'s class on <html>, no inline style)', async () => {
    const { user } = await openPanel();
    expect(document.documentElement).toHaveClass('kit-scroll-locked');
    await user.keyboard('{Escape}');
    expect(document.documentElement).not.toHaveClass('kit-scroll-locked');
  });
});
