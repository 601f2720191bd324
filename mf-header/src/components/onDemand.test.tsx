import { readFileSync } from 'fs';
import { join } from 'path';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { mockCompactViewport, mockLayout, renderHeader, settle } from '../test-utils';

/**
 * Nothing is downloaded that the page does not use: the mega menu panels, the mobile panel
 * dialog and the account menu are their own chunks, loaded when the shopper reaches for them; the
 * toasts' chunk comes with the first toast.
 *
 * ORDER MATTERS in this file: a chunk, once loaded, stays loaded for the rest of the file (one module
 * registry per test file). Each test below opens a part that no earlier test has loaded, without the
 * pointerenter/focus that would normally have fetched it already (fireEvent.click only), to see the
 * slow path: a role="status" loading state, then the real UI, with nothing lost.
 */
beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('first paint and on-demand parts of the header', () => {
  it('renders none of the on-demand parts before an interaction: no panel contents, no account menu, no dialog', async () => {
    renderHeader();
    await settle();
    const nav = screen.getByRole('navigation', { name: 'Primary' });
    const products = within(nav).getByRole('button', { name: 'Products' });
    expect(document.getElementById(products.getAttribute('aria-controls')!)).toBeEmptyDOMElement();
    expect(screen.queryByRole('link', { name: 'View All Products' })).not.toBeInTheDocument();
    const account = screen.getByRole('button', { name: 'Account' });
    expect(document.getElementById(account.getAttribute('aria-controls')!)).toBeEmptyDOMElement();
    expect(screen.queryByRole('list', { name: 'Your account' })).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('mega menu opened before its chunk is here: Loading… in the panel, then the departments', async () => {
    renderHeader();
    await settle();
    const products = within(screen.getByRole('navigation', { name: 'Primary' })).getByRole('button', { name: 'Products' });
    fireEvent.click(products);
    expect(products).toHaveAttribute('aria-expanded', 'true');
    const panel = document.getElementById(products.getAttribute('aria-controls')!)!;
    expect(within(panel).getByRole('status')).toHaveTextContent('Loading…');
    expect(await within(panel).findByRole('link', { name: 'View All Products' })).toHaveAttribute('href', '/products');
    expect(within(panel).queryByRole('status')).not.toBeInTheDocument();
  });

  it('account menu opened before its chunk is here: Loading…, then Log In / Sign Up; once here it opens at once', async () => {
    renderHeader();
    const trigger = screen.getByRole('button', { name: 'Account' });
    fireEvent.click(trigger);
    const panel = document.getElementById(trigger.getAttribute('aria-controls')!)!;
    expect(within(panel).getByRole('status')).toHaveTextContent('Loading…');
    expect(await within(panel).findByRole('button', { name: 'Log In' })).toBeVisible();
    fireEvent.click(trigger); // close
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(trigger); // open again: no loading state any more
    expect(within(panel).getByRole('button', { name: 'Log In' })).toBeVisible();
  });

  it('first toast before its chunk is here: nothing is announced meanwhile, then the toast shows in full', async () => {
    const { emit } = renderHeader();
    const region = screen.getByRole('status', { name: 'Notifications' });
    emit('toast/show', { message: 'Your store has been updated.', kind: 'success' });
    expect(region).toBeEmptyDOMElement();
    const toast = await within(region).findByTestId('header-toast');
    expect(toast).toHaveTextContent('Your store has been updated.');
    expect(within(toast).getByRole('button', { name: 'Close notification' })).toBeVisible();
  });

  describe('at 390px', () => {
    let restoreViewport: () => void;
    let layout: jest.SpyInstance;
    beforeEach(() => { restoreViewport = mockCompactViewport(true); layout = mockLayout(); });
    afterEach(() => { restoreViewport(); layout.mockRestore(); document.body.innerHTML = ''; });

    it("'Menu' before the dialog's chunk is here: Loading menu…; Escape cancels; then it opens with focus on Close menu", async () => {
      renderHeader();
      await settle();
      const menu = screen.getByRole('button', { name: 'Menu' });
      fireEvent.click(menu);
      expect(menu).toHaveAttribute('aria-expanded', 'true');
      expect(screen.getByRole('status', { name: '' })).toHaveTextContent('Loading menu…');
      fireEvent.keyDown(menu, { key: 'Escape' });
      expect(menu).toHaveAttribute('aria-expanded', 'false');
      expect(screen.queryByText('Loading menu…')).not.toBeInTheDocument();

      menu.focus();
      fireEvent.click(menu);
      const dialog = await screen.findByRole('dialog', { name: 'Menu' });
      expect(within(dialog).getByRole('button', { name: 'Close menu' })).toHaveFocus();
      await act(async () => { fireEvent.keyDown(document.activeElement!, { key: 'Escape' }); });
      await act(async () => { jest.advanceTimersByTime(10); }); // focus-trap returns focus on a 0 ms timer
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(menu).toHaveFocus();
    });
  });
});

describe('nothing moves after the first paint (no layout shift)', () => {
  const css = readFileSync(join(__dirname, 'header.css'), 'utf8');
  const rule = (selector: string) => {
    const start = css.indexOf(`\n${selector} {`);
    return start < 0 ? '' : css.slice(start, css.indexOf('}', start));
  };

  it('the alert banner host is out of the flow, fixed at the bottom of the viewport (never over the page heading)', () => {
    expect(rule('.mfh-alert-host')).toMatch(/position: fixed; bottom: 0/);
  });

  it('the toast stack is position: fixed', () => {
    expect(rule('.mfh-toasts')).toMatch(/position: fixed/);
  });

  it('the loading / failure state of the mobile panel is position: fixed', () => {
    expect(rule('.mfh-part-overlay')).toMatch(/position: fixed/);
  });
});
