import { waitFor } from '@testing-library/react';
import { createLifecycleContext, describeRemoteLifecycles, runLifecycle, type LifecycleContext } from '@storefront/remote-kit/testing';
import { fixtures } from 'shared-events/testing';
import { resetFlyerScriptForTests } from './api/providerScript';
import * as spa from './spa';
import { fakePublicationsApi, flyerRuntimeConfig, installFakeProvider } from './test-utils';

let provider: ReturnType<typeof installFakeProvider>;
const realFetch = globalThis.fetch;

/** The flyer's world for one mount: a provider script, its publications and a known store. */
function flyerWorld({ kit }: Pick<LifecycleContext, 'kit'>) {
  provider = installFakeProvider();
  fakePublicationsApi();
  kit.bus.emit('store/changed', { store: fixtures.store(), source: 'default' });
  return () => { globalThis.fetch = realFetch; resetFlyerScriptForTests(); delete window.FlyerStorefront; };
}

describeRemoteLifecycles("'./spa' lifecycles (registry: page on /flyer and /flyer/*)", () => import('./spa'), {
  remote: 'mf-flyer',
  label: 'Weekly flyer',
  slotId: 'slot-page',
  url: '/flyer',
  config: flyerRuntimeConfig(),
  setup: flyerWorld,
  expectMounted: async ({ view, slot }) => {
    await view.findByRole('heading', { level: 1, name: 'Weekly flyer' });
    await waitFor(() => expect(slot.querySelector('iframe[title="Weekly flyer"]')).not.toBeNull());
  },
  expectFallback: ({ view }) => {
    expect(view.getByRole('alert')).toHaveTextContent('Weekly flyer is not available right now.');
    expect(view.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
  },
});

it('unmount destroys the flyer storefront it created', async () => {
  window.history.pushState(null, '', '/flyer');
  const ctx = createLifecycleContext({ remote: 'mf-flyer', slotId: 'slot-page', config: flyerRuntimeConfig() });
  const undo = flyerWorld(ctx);
  await runLifecycle(spa.bootstrap, ctx.props);
  await runLifecycle(spa.mount, ctx.props);
  await waitFor(() => expect(provider.created).toHaveLength(1));
  await runLifecycle(spa.unmount, ctx.props);
  expect(provider.created[0].instance.destroy).toHaveBeenCalledTimes(1);
  undo();
  ctx.slot.remove();
});
