import { act, screen } from '@testing-library/react';
import { createTestBus, fixtures } from 'shared-events/testing';
import { DEFAULT_RUNTIME_CONFIG } from 'shared-events';
import type { StoreSearchApi } from './api/storeSearch';
import { createStoreSearchApi } from './api/storeSearch';
import * as spa from './spa';
import { fakeApi } from './testing/fakes';

jest.mock('./api/storeSearch', () => ({
  ...jest.requireActual('./api/storeSearch'),
  createStoreSearchApi: jest.fn(),
}));

describe("single-spa lifecycles exposed as './spa'", () => {
  it('mounts the store button into the given slot with the custom props and unmounts cleanly', async () => {
    let answer: (store: ReturnType<typeof fixtures.store>) => void = () => {};
    const api: StoreSearchApi = {
      ...fakeApi([], null),
      getStore: jest.fn(() => new Promise((resolve) => { answer = resolve; })),
    };
    (createStoreSearchApi as jest.Mock).mockReturnValue(api);
    const kit = createTestBus();
    const domElement = document.createElement('div');
    document.body.appendChild(domElement);
    const props = { name: 'mf-store-selector', singleSpa: {}, mountParcel: jest.fn(), bus: kit.bus, config: DEFAULT_RUNTIME_CONFIG, domElement };

    await spa.bootstrap(props as never);
    let mounted: Promise<unknown> = Promise.resolve();
    act(() => { mounted = spa.mount(props as never); });
    await mounted;
    expect(screen.getByRole('button', { name: 'Select a store' })).toBeInTheDocument();
    await act(async () => answer(fixtures.store())); // the default store (mocked engine) arrives

    expect(await screen.findByRole('button', { name: 'Your store: Halifax Quinpool Road' })).toBeInTheDocument();
    expect(domElement).toContainElement(screen.getByRole('button', { name: /^Your store/ }));
    expect(kit.published('store/changed')[0].payload.source).toBe('default');

    await act(async () => { await spa.unmount(props as never); });
    expect(screen.queryByRole('button', { name: /^Your store/ })).not.toBeInTheDocument();
  });

  it("a selector that throws never blanks the header: the kit's hidden marker stays in the slot and the error is logged", async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    (createStoreSearchApi as jest.Mock).mockImplementation(() => { throw new Error('bad search config'); });
    const domElement = document.createElement('div');
    document.body.appendChild(domElement);
    const props = { name: 'mf-store-selector', singleSpa: {}, mountParcel: jest.fn(), bus: createTestBus().bus, config: DEFAULT_RUNTIME_CONFIG, domElement };

    await spa.bootstrap(props as never);
    let mounted: Promise<unknown> = Promise.resolve();
    act(() => { mounted = spa.mount(props as never); });
    await act(async () => { await mounted; });

    const marker = domElement.querySelector('[data-remote-error="mf-store-selector"]');
    expect(marker).toHaveAttribute('data-remote-app', 'selector');
    expect(marker).not.toBeVisible();
    expect(screen.queryByRole('button', { name: /store/i })).not.toBeInTheDocument();
    expect(error).toHaveBeenCalledWith('[mf-store-selector] selector failed', expect.objectContaining({ message: 'bad search config' }));

    await act(async () => { await spa.unmount(props as never); });
    error.mockRestore();
  });
});
