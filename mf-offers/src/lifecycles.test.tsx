import { act, screen } from '@testing-library/react';
import { createLifecycleContext, describeRemoteLifecycles, runLifecycle, type LifecycleContext } from '@storefront/remote-kit/testing';
import * as spa from './spa';
import { clearOffersCache } from './api/offersCache';
import { lenaData, sessions } from './test-utils';

const realFetch = globalThis.fetch;
const answer = (body: unknown, status = 200) => Promise.resolve({ ok: status < 300, status, json: async () => body } as Response);

/** Lena signed in, the BFF answering her offers. */
function lena({ kit }: Pick<LifecycleContext, 'kit'>) {
  globalThis.fetch = jest.fn(() => answer({ status: 'success', code: 200, message: 'OK', data: lenaData() }));
  kit.bus.emit('session/changed', sessions.lena());
  return () => { globalThis.fetch = realFetch; clearOffersCache(); };
}

/** Lets pending promises and the next task run. */
const settle = () => act(async () => { await new Promise((r) => setTimeout(r, 0)); });

describeRemoteLifecycles("'./spa' (band in #slot-mf-offers)", () => import('./spa'), {
  remote: 'mf-offers',
  label: 'band',
  setup: lena,
  // Nothing visible: it answers the shopping-list panel's requests over the real BFF call.
  expectMounted: async ({ slot, kit }) => {
    expect(slot).toBeEmptyDOMElement();
    kit.bus.emit('offers/matches-requested', { requestId: 'r1', articleNumbers: ['20070175'] });
    await settle();
    expect(kit.published('offers/matches').at(-1)?.payload.offers.map((o) => o.offerId)).toEqual(['ofr-1003-019']);
    expect((globalThis.fetch as jest.Mock).mock.calls[0][0]).toBe('/api/offers');
  },
});

const signedOutPage = (title: string) => async ({ view }: LifecycleContext) => {
  await view.findByRole('heading', { level: 1, name: title });
  screen.getByRole('button', { name: 'Log In' });
};

describeRemoteLifecycles("'./pages' (#slot-page)", () => import('./pages-spa'), {
  remote: 'mf-offers',
  label: 'pages',
  slotId: 'slot-page',
  url: '/offers',
  expectMounted: signedOutPage('Offers'),
  routes: [{ url: '/favourites', expectMounted: signedOutPage('Favourite offers') }],
  expectFallback: async ({ view }) => {
    await view.findByText(/Your offers could not be shown/);
    expect(view.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
  },
});

it("unmounting './spa' stops answering offers/matches-requested", async () => {
  const ctx = createLifecycleContext({ remote: 'mf-offers' });
  const undo = lena(ctx);
  await runLifecycle(spa.bootstrap, ctx.props);
  await runLifecycle(spa.mount, ctx.props);
  await runLifecycle(spa.unmount, ctx.props);
  ctx.kit.bus.emit('offers/matches-requested', { requestId: 'r2', articleNumbers: ['20070175'] });
  await settle();
  expect(ctx.kit.published('offers/matches')).toHaveLength(0);
  undo();
  ctx.slot.remove();
});
