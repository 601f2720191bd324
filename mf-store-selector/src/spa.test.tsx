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
});
