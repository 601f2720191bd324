import { act, screen } from '@testing-library/react';
import { createTestBus, fixtures } from 'shared-events/testing';
import { DEFAULT_RUNTIME_CONFIG } from 'shared-events';
import { createStoreSearchApi } from './api/storeSearch';
import * as pages from './pages-spa';
import { fakeApi } from './testing/fakes';

jest.mock('./api/storeSearch', () => ({
  ...jest.requireActual('./api/storeSearch'),
  createStoreSearchApi: jest.fn(),
}));

describe("single-spa lifecycles exposed as './pages' (mounted by the shell into #slot-page)", () => {
  afterEach(() => window.history.pushState(null, '', '/'));

  it('mounts the store detail for /stores/<slug> into the given element, follows the URL, and unmounts', async () => {
    (createStoreSearchApi as jest.Mock).mockReturnValue(fakeApi([], fixtures.store()));
    window.history.pushState(null, '', '/stores/halifax-quinpool-road-3299');
    const kit = createTestBus();
    const domElement = document.createElement('div');
    domElement.id = 'slot-page';
    document.body.appendChild(domElement);
    const props = { name: 'mf-store-pages', singleSpa: {}, mountParcel: jest.fn(), bus: kit.bus, config: DEFAULT_RUNTIME_CONFIG, domElement, navigate: jest.fn() };

    await pages.bootstrap(props as never);
    let mounted: Promise<unknown> = Promise.resolve();
    act(() => { mounted = pages.mount(props as never); });
    await act(async () => { await mounted; });
    expect(await screen.findByRole('heading', { level: 1, name: 'Halifax Quinpool Road' })).toBeInTheDocument();
    expect(domElement).toContainElement(screen.getByRole('heading', { level: 1 }));

    act(() => {
      window.history.pushState(null, '', '/store-locator');
      window.dispatchEvent(new CustomEvent('single-spa:routing-event'));
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Find a store' })).toBeInTheDocument();

    await act(async () => { await pages.unmount(props as never); });
    expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();
  });

  it("a failing pages app shows 'Store pages are unavailable right now.' in the page slot and logs the error", async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    (createStoreSearchApi as jest.Mock).mockImplementation(() => { throw new Error('bad search config'); });
    window.history.pushState(null, '', '/store-locator');
    const domElement = document.createElement('div');
    document.body.appendChild(domElement);
    const props = { name: 'mf-store-pages', singleSpa: {}, mountParcel: jest.fn(), bus: createTestBus().bus, config: DEFAULT_RUNTIME_CONFIG, domElement, navigate: jest.fn() };

    await pages.bootstrap(props as never);
    let mounted: Promise<unknown> = Promise.resolve();
    act(() => { mounted = pages.mount(props as never); });
    await act(async () => { await mounted; });

    expect(domElement).toHaveTextContent('Store pages are unavailable right now.');
    expect(domElement.querySelector('[data-remote-error="mf-store-selector/pages"]')).toBeInTheDocument();
    expect(error).toHaveBeenCalledWith('[mf-store-selector] pages failed', expect.objectContaining({ message: 'bad search config' }));

    await act(async () => { await pages.unmount(props as never); });
    error.mockRestore();
  });
});
