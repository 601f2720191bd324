/**
 * The root config against the real single-spa: a remote that throws on mount is put aside and the rest
 * of the page keeps working (ARCHITECTURE §2 failure isolation).
 */
import { getAppStatus, navigateToUrl } from 'single-spa';
import { waitFor } from '@testing-library/react';
import { createTestBus } from 'shared-events/testing';
import { DEFAULT_RUNTIME_CONFIG } from 'shared-events';
import { startRootConfig } from './root-config';
import { shellErrors } from './errors';
import { handleErrorLoadRemote } from './mf/offline-remote-plugin';

function textApp(text: string) {
  return {
    bootstrap: async () => undefined,
    mount: async (props: { domElement: HTMLElement }) => { props.domElement.textContent = text; },
    unmount: async (props: { domElement: HTMLElement }) => { props.domElement.textContent = ''; },
  };
}

it('mounts the working remotes, skips the one that throws on mount, and follows the results route', async () => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  document.body.innerHTML = '<div id="slot-mf-header"></div><div id="slot-mf-search"></div><div id="slot-mf-store-selector"></div><div id="slot-page"></div>';
  window.history.replaceState(null, '', '/');

  const load = jest.fn(async (id: string) => {
    switch (id) {
      case 'mf_header/spa': return textApp('Harbour Market header');
      case 'mf_search/spa': return { ...textApp(''), mount: async () => { throw new Error('search box exploded'); } };
      // the store selector is "offline": what loadRemote returns after the offline-remote plugin ran
      case 'mf_store_selector/spa': return handleErrorLoadRemote({ id, error: new Error('manifest 404'), from: 'runtime', lifecycle: 'onLoad' });
      default: return textApp('Results for milk');
    }
  });
  startRootConfig({ bus: createTestBus().bus, config: DEFAULT_RUNTIME_CONFIG, load });

  await waitFor(() => expect(document.getElementById('slot-mf-header')).toHaveTextContent('Harbour Market header'));
  await waitFor(() => expect(getAppStatus('mf-search')).toBe('SKIP_BECAUSE_BROKEN'));
  expect(document.getElementById('slot-mf-store-selector')).toHaveTextContent('Store selector is unavailable right now.');
  expect(getAppStatus('mf-search-results')).toBe('NOT_LOADED');
  expect(shellErrors().map((e) => [e.code, e.remote])).toEqual(expect.arrayContaining([
    ['SHELL-002', 'mf_store_selector/spa'],
    ['SHELL-003', 'mf-search'],
  ]));

  navigateToUrl('/?query=milk&tab=product');
  await waitFor(() => expect(document.getElementById('slot-page')).toHaveTextContent('Results for milk'));
  expect(document.getElementById('slot-mf-header')).toHaveTextContent('Harbour Market header');

  navigateToUrl('/');
  await waitFor(() => expect(document.getElementById('slot-page')).toBeEmptyDOMElement());
});
