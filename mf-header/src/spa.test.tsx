import { act, screen, within } from '@testing-library/react';
import { DEFAULT_RUNTIME_CONFIG, type EventBus } from 'shared-events';
import { createTestBus, fixtures } from 'shared-events/testing';
import { bootstrap, mount, unmount } from './spa';
import { DEFAULT_ROUTES, mockBff } from './test-utils';

beforeEach(() => mockBff(DEFAULT_ROUTES, { defer: true }));

/** single-spa custom props as the shell passes them (RemoteProps) plus single-spa's own. */
function props(domElement: HTMLElement, bus: EventBus) {
  return { name: 'mf-header', singleSpa: {}, mountParcel: jest.fn(), bus, config: DEFAULT_RUNTIME_CONFIG, domElement, navigate: jest.fn() };
}

async function lifecycle(fn: typeof mount, p: ReturnType<typeof props>) {
  let done!: Promise<unknown>;
  act(() => { done = fn(p as never) as Promise<unknown>; });
  await done;
}

describe("single-spa lifecycles exposed as './spa' (ARCHITECTURE §4, through the remote kit)", () => {
  it('mounts the header into the slot element with the given bus, and unmounts cleanly', async () => {
    const slot = document.createElement('div');
    slot.id = 'slot-mf-header';
    document.body.appendChild(slot);
    const kit = createTestBus();
    kit.bus.emit('store/changed', { store: fixtures.store({ locationName: 'Antigonish Co-op' }), source: 'default' });
    const p = props(slot, kit.bus);

    await lifecycle(bootstrap, p);
    await lifecycle(mount, p);
    expect(within(slot).getByRole('link', { name: 'Harbour Co-op home' })).toBeInTheDocument();
    expect(within(slot).getByRole('button', { name: 'Account' })).toBeInTheDocument();

    await lifecycle(unmount, p);
    expect(slot).toBeEmptyDOMElement();
    slot.remove();
  });

  it('shows a quiet home link instead of blanking the slot when the header throws', async () => {
    const errors = jest.spyOn(console, 'error').mockImplementation(() => {});
    const slot = document.createElement('div');
    document.body.appendChild(slot);
    const broken = { state: {} } as unknown as EventBus;
    const p = props(slot, broken);
    await lifecycle(bootstrap, p);
    await lifecycle(mount, p);
    expect(screen.getByRole('link', { name: 'Harbour Market' })).toHaveAttribute('href', '/');
    expect(errors).toHaveBeenCalledWith('[mf-header] header failed', expect.any(Error));
    await lifecycle(unmount, p);
    slot.remove();
    errors.mockRestore();
  });

  it('rejects the mount when the shell passes no slot element (kit mount-target policy)', async () => {
    const p = { ...props(document.createElement('div'), createTestBus().bus), domElement: undefined };
    await lifecycle(bootstrap, p as never);
    await expect(mount(p as never)).rejects.toThrow(/\[mf-header\] header: no domElement/);
  });
});
