/**
 * "a stable, fast first paint": the edge serves home and not-found pre-rendered, and the shell
 * hydrates that markup. These tests prove the markup carries each page's <h1> and that hydrating it
 * with the shell's routes matches (no recoverable hydration error, so nothing is re-rendered or shifted).
 */
import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { createTestBus } from 'shared-events/testing';
import { prerenderShellPage } from './prerender';
import { ShellRoutes, shellPageFor } from './ShellRoutes';

describe('pre-rendered shell pages', () => {
  it.each([
    ['home', '/', 'Welcome to Harbour Market'],
    ['not-found', '/no/such/page', 'Page not found'],
  ] as const)('%s: the markup has its <h1> and hydrates at %s without a mismatch', async (page, url, heading) => {
    const html = prerenderShellPage(page);
    expect(html).toMatch(new RegExp(`<h1[^>]*>${heading}</h1>`));
    window.history.replaceState(null, '', url);
    expect(shellPageFor(window.location)).toBe(page);
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const h1 = container.querySelector('h1');
    const recoverable = jest.fn();
    const errors = jest.spyOn(console, 'error').mockImplementation(() => {});
    let root: ReturnType<typeof hydrateRoot> | undefined;
    await act(async () => {
      root = hydrateRoot(container, <ShellRoutes bus={createTestBus().bus} />, { onRecoverableError: recoverable });
    });
    expect(recoverable).not.toHaveBeenCalled();
    expect(errors).not.toHaveBeenCalled();
    // the same element stays: hydration adopted the served markup instead of replacing it
    expect(container.querySelector('h1')).toBe(h1);
    act(() => root!.unmount());
    errors.mockRestore();
    container.remove();
  });
});
