import { act, within } from '@testing-library/react';
import type { EventBus } from 'shared-events';
import { createTestBus, fixtures } from 'shared-events/testing';
import { resetFlyerScriptForTests } from './api/providerScript';
import * as spa from './spa';
import { fakePublicationsApi, flyerRuntimeConfig, goTo, installFakeProvider } from './test-utils';

type Lifecycles = typeof spa;

function props(domElement: HTMLElement, bus: EventBus) {
  return { name: 'mf-flyer', singleSpa: {}, mountParcel: jest.fn(), bus, config: flyerRuntimeConfig(), domElement, navigate: jest.fn() };
}

/** ARCHITECTURE §7: start the lifecycle inside act(...), await it outside. */
async function lifecycle(fn: Lifecycles['mount'], p: ReturnType<typeof props>) {
  let done!: Promise<unknown>;
  act(() => { done = fn(p as never) as Promise<unknown>; });
  await act(async () => { await done; });
}

const realFetch = globalThis.fetch;
afterEach(() => { globalThis.fetch = realFetch; resetFlyerScriptForTests(); delete window.FlyerStorefront; });

describe("'./spa' lifecycles (registry: page on /flyer and /flyer/*)", () => {
  it('mounts the flyer page into #slot-page and destroys the storefront on unmount', async () => {
    goTo('/flyer');
    const provider = installFakeProvider();
    fakePublicationsApi();
    const slot = document.createElement('div');
    slot.id = 'slot-page';
    document.body.appendChild(slot);
    const kit = createTestBus();
    kit.bus.emit('store/changed', { store: fixtures.store(), source: 'default' });
    const p = props(slot, kit.bus);
    await lifecycle(spa.bootstrap, p);
    await lifecycle(spa.mount, p);
    expect(within(slot).getByRole('heading', { level: 1, name: 'Weekly flyer' })).toBeInTheDocument();
    await act(async () => { await new Promise((r) => setTimeout(r, 20)); });
    expect(provider.created).toHaveLength(1);
    expect(slot.querySelector('iframe[title="Weekly flyer"]')).not.toBeNull();
    await lifecycle(spa.unmount, p);
    expect(provider.created[0].instance.destroy).toHaveBeenCalledTimes(1);
    expect(slot).toBeEmptyDOMElement();
    slot.remove();
  });

  it("a page that throws logs '[mf-flyer] Weekly flyer failed' and shows the short message with a way home", async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    goTo('/flyer');
    const slot = document.createElement('div');
    document.body.appendChild(slot);
    const p = props(slot, {} as EventBus);
    await lifecycle(spa.bootstrap, p);
    await lifecycle(spa.mount, p);
    expect(within(slot).getByRole('alert')).toHaveTextContent('Weekly flyer is not available right now.');
    expect(within(slot).getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
    expect(error).toHaveBeenCalledWith('[mf-flyer] Weekly flyer failed', expect.any(Error));
    await lifecycle(spa.unmount, p);
    slot.remove();
    error.mockRestore();
  });
});
