import { StrictMode, useRef, useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Dialog, useDialog, type DialogCloseReason, type DialogProps } from './Dialog';

/** A page with an opener button; the dialog is mounted while open (the owner closes it on onClose). */
function Page({ onClose, dialog, children }: { onClose?: jest.Mock; dialog?: Partial<DialogProps>; children?: React.ReactNode }) {
  const [open, setOpen] = useState(false);
  const close = (reason: DialogCloseReason) => { onClose?.(reason); setOpen(false); };
  return (
    <main>
      <button type="button" onClick={() => setOpen(true)}>Open</button>
      <a href="/elsewhere">Outside link</a>
      {open && (
        <Dialog title="Select a store" onClose={close} {...dialog}>
          {children ?? (<><input aria-label="Postal code" /><button type="button">Search</button></>)}
        </Dialog>
      )}
    </main>
  );
}

async function openPage(props: Parameters<typeof Page>[0] = {}) {
  const user = userEvent.setup();
  render(<Page {...props} />);
  await user.click(screen.getByRole('button', { name: 'Open' }));
  return user;
}

describe('Dialog (WAI-ARIA dialog pattern, focus-trap)', () => {
  it('is a modal dialog in document.body, named by its title and described by its description', async () => {
    await openPage({ dialog: { description: 'Prices and flyers follow your store.' } });
    const dialog = screen.getByRole('dialog', { name: 'Select a store' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAccessibleDescription('Prices and flyers follow your store.');
    expect(dialog.parentElement?.parentElement).toBe(document.body);
    expect(dialog.closest('main')).toBeNull();
  });

  it('moves focus to the first control of its content and keeps Tab and Shift+Tab inside', async () => {
    const user = await openPage();
    expect(screen.getByRole('textbox', { name: 'Postal code' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Search' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('textbox', { name: 'Postal code' })).toHaveFocus();
    await user.tab({ shift: true });
    await user.tab({ shift: true });
    await user.tab({ shift: true });
    expect(screen.getByRole('textbox', { name: 'Postal code' })).toHaveFocus();
    expect(screen.getByRole('link', { name: 'Outside link' })).not.toHaveFocus();
  });

  it.each([
    ['Escape', async (user: ReturnType<typeof userEvent.setup>) => user.keyboard('{Escape}'), 'escape'],
    ['the × button', async (user: ReturnType<typeof userEvent.setup>) => user.click(screen.getByRole('button', { name: 'Close' })), 'button'],
    ['the backdrop', async (user: ReturnType<typeof userEvent.setup>) => user.click(document.querySelector('[data-kit-dialog-backdrop]') as HTMLElement), 'backdrop'],
  ])('%s closes it with its reason and focus returns to the opener', async (_name, act, reason) => {
    const onClose = jest.fn();
    const user = await openPage({ onClose });
    await act(user);
    expect(onClose).toHaveBeenCalledWith(reason);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open' })).toHaveFocus();
  });

  it('keeps Escape and the backdrop from closing when told to', async () => {
    const onClose = jest.fn();
    const user = await openPage({ onClose, dialog: { closeOnEscape: false, closeOnBackdrop: false } });
    await user.keyboard('{Escape}');
    await user.click(document.querySelector('[data-kit-dialog-backdrop]') as HTMLElement);
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('asks closeOnEscape per key press (a field being edited keeps Escape)', async () => {
    const onClose = jest.fn();
    const editing = (e: KeyboardEvent) => !(e.target instanceof Element && e.target.closest('[data-editing="true"]'));
    const user = await openPage({ onClose, dialog: { closeOnEscape: editing }, children: <input aria-label="Quantity" data-editing="true" /> });
    await user.keyboard('{Escape}');
    expect(onClose).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledWith('button');
  });

  it('locks page scroll while open, with a class (no inline style), and unlocks on close', async () => {
    const user = await openPage();
    expect(document.documentElement).toHaveClass('kit-scroll-locked');
    expect(document.documentElement).not.toHaveAttribute('style');
    await user.keyboard('{Escape}');
    expect(document.documentElement).not.toHaveClass('kit-scroll-locked');
  });

  it("starts on the × with initialFocus 'close' (a menu panel)", async () => {
    await openPage({ dialog: { initialFocus: 'close', closeLabel: 'Close menu', variant: 'panel', side: 'left' } });
    expect(screen.getByRole('button', { name: 'Close menu' })).toHaveFocus();
  });

  it('focuses initialFocus and returns focus to returnFocusTo', async () => {
    function Custom() {
      const [open, setOpen] = useState(false);
      const target = useRef<HTMLButtonElement>(null);
      const first = useRef<HTMLButtonElement>(null);
      return (
        <>
          <button type="button" onClick={() => setOpen(true)}>Open</button>
          <button type="button" ref={target}>Your store</button>
          {open && (
            <Dialog title="Store" onClose={() => setOpen(false)} initialFocus={first} returnFocusTo={target} variant="panel" side="left">
              <button type="button">Other</button>
              <button type="button" ref={first}>Choose</button>
            </Dialog>
          )}
        </>
      );
    }
    const user = userEvent.setup();
    render(<Custom />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    expect(screen.getByRole('button', { name: 'Choose' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('button', { name: 'Your store' })).toHaveFocus();
  });

  it("useDialog().close(reason, { returnFocus: false }) leaves focus where the content put it", async () => {
    function GoToSearch() {
      const { close } = useDialog();
      return <button type="button" onClick={() => { close('button', { returnFocus: false }); document.getElementById('search')?.focus(); }}>Search</button>;
    }
    const user = userEvent.setup();
    function Host() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <button type="button" onClick={() => setOpen(true)}>Menu</button>
          <input id="search" aria-label="Search products" />
          {open && <Dialog title="Menu" titleHidden onClose={() => setOpen(false)}><GoToSearch /></Dialog>}
        </>
      );
    }
    render(<Host />);
    await user.click(screen.getByRole('button', { name: 'Menu' }));
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Search products' })).toHaveFocus();
  });

  it('a dialog opened over another answers Escape alone; then the first one has the keys again', async () => {
    const outer = jest.fn();
    function Nested() {
      const [sheet, setSheet] = useState(false);
      return (
        <Dialog title="Select a store" onClose={outer}>
          <button type="button" onClick={() => setSheet(true)}>Choose</button>
          {sheet && (
            <Dialog title="Update selected store" role="alertdialog" variant="sheet" closeLabel={null} onClose={() => setSheet(false)}>
              <button type="button">Yes</button>
            </Dialog>
          )}
        </Dialog>
      );
    }
    const user = userEvent.setup();
    render(<Nested />);
    await user.click(screen.getByRole('button', { name: 'Choose' }));
    expect(screen.getByRole('button', { name: 'Yes' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(outer).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Choose' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(outer).toHaveBeenCalledWith('escape');
  });

  it('under StrictMode (standalone mode) focus still moves in, and back to the opener on close', async () => {
    const user = userEvent.setup();
    render(<StrictMode><Page /></StrictMode>);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    expect(screen.getByRole('textbox', { name: 'Postal code' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('button', { name: 'Open' })).toHaveFocus();
    expect(document.documentElement).not.toHaveClass('kit-scroll-locked');
  });

  it('useDialog outside a Dialog throws', () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    function Lost() { useDialog(); return null; }
    expect(() => render(<Lost />)).toThrow('useDialog() is used outside a <Dialog>');
    error.mockRestore();
  });
});
