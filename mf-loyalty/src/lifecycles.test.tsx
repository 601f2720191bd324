import { act, within } from '@testing-library/react';
import { DEFAULT_RUNTIME_CONFIG, type EventBus } from 'shared-events';
import { createTestBus } from 'shared-events/testing';
import * as pages from './pages-spa';
import * as spa from './spa';
import { clearCookies, goTo, sessions } from './test-utils';

type Lifecycles = typeof spa;

function props(domElement: HTMLElement, bus: EventBus) {
  return { name: 'mf-loyalty', singleSpa: {}, mountParcel: jest.fn(), bus, config: DEFAULT_RUNTIME_CONFIG, domElement, navigate: jest.fn() };
}

/** ARCHITECTURE §7: start the lifecycle inside act(...), await it outside (in an async act, so lazy pages settle). */
async function lifecycle(fn: Lifecycles['mount'], p: ReturnType<typeof props>) {
  let done!: Promise<unknown>;
  act(() => { done = fn(p as never) as Promise<unknown>; });
  await act(async () => { await done; });
}

beforeEach(clearCookies);

describe("single-spa lifecycles (ARCHITECTURE §4; shared contract 'Shell wiring')", () => {
  it("'./spa' mounts into #slot-mf-loyalty and shows the popup the machine chooses; unmount removes it", async () => {
    goTo('/');
    const slot = document.createElement('div');
    slot.id = 'slot-mf-loyalty';
    document.body.appendChild(slot);
    const kit = createTestBus();
    kit.bus.emit('session/changed', sessions.nora());
    const p = props(slot, kit.bus);
    await lifecycle(spa.bootstrap, p);
    await lifecycle(spa.mount, p);
    expect(within(document.body).getByRole('dialog', { name: 'Add your Scene+ card' })).toBeInTheDocument();
    await lifecycle(spa.unmount, p);
    expect(within(document.body).queryByRole('dialog')).not.toBeInTheDocument();
    slot.remove();
  });

  it.each([
    ['/scene', 'Scene+'],
    ['/verify-card?redirectUrl=%2F', 'Verify your Scene+ card'],
    ['/my-profile', 'My Profile'],
    ['/preferences-centre/', 'Preferences Centre'],
  ])("'./pages' on %s renders its page into #slot-page", async (url, heading) => {
    goTo(url);
    const slot = document.createElement('div');
    slot.id = 'slot-page';
    document.body.appendChild(slot);
    const kit = createTestBus();
    const p = props(slot, kit.bus);
    await lifecycle(pages.bootstrap, p);
    await lifecycle(pages.mount, p);
    // The page is a lazy chunk (kit lazyPage): the kit's loading status first, then the page.
    expect(await within(slot).findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(within(slot).getByRole('button', { name: 'Log In' })).toBeInTheDocument();
    await lifecycle(pages.unmount, p);
    expect(slot).toBeEmptyDOMElement();
    slot.remove();
  });

  describe('error policy (kit createRemoteLifecycles; ARCHITECTURE §2: a failing remote never blanks the page)', () => {
    /** A bus with no state streams: every component reading the session throws. */
    const brokenBus = {} as EventBus;

    it("'./spa' that throws logs '[mf-loyalty] popups failed' and leaves only the hidden marker", async () => {
      const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
      goTo('/');
      const slot = document.createElement('div');
      document.body.appendChild(slot);
      const p = props(slot, brokenBus);
      await lifecycle(spa.bootstrap, p);
      await lifecycle(spa.mount, p);
      expect(error).toHaveBeenCalledWith('[mf-loyalty] popups failed', expect.any(Error));
      const marker = slot.querySelector('[data-remote-error="mf-loyalty"]');
      expect(marker).toHaveAttribute('hidden');
      expect(within(document.body).queryByRole('dialog')).not.toBeInTheDocument();
      await lifecycle(spa.unmount, p);
      slot.remove();
      error.mockRestore();
    });

    it("'./pages' that throws logs '[mf-loyalty] pages failed' and shows the short message with a way home", async () => {
      const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
      goTo('/scene');
      const slot = document.createElement('div');
      document.body.appendChild(slot);
      const p = props(slot, brokenBus);
      await lifecycle(pages.bootstrap, p);
      await lifecycle(pages.mount, p);
      expect(await within(slot).findByText(/This page could not be shown/)).toBeInTheDocument();
      expect(within(slot).getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
      expect(error).toHaveBeenCalledWith('[mf-loyalty] pages failed', expect.any(Error));
      await lifecycle(pages.unmount, p);
      slot.remove();
      error.mockRestore();
    });
  });
});
