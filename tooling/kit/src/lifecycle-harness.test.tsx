import { useEffect } from 'react';
import { createPortal } from 'react-dom';
import { useBusState, type RemoteProps } from 'shared-events';
import { fixtures } from 'shared-events/testing';
import { createRemoteLifecycles } from './lifecycles';
import { useLocation } from './location';
import {
  bodySnapshot, createLifecycleContext, describeRemoteLifecycles, expectUnmountedCleanly, hasReactRoot, runLifecycle,
} from './testing';

/** A small remote as the remotes write theirs: reads the bus, routes on the URL, portals a notice. */
function DemoApp({ bus }: RemoteProps) {
  const store = useBusState(bus.state.store);
  const { pathname } = useLocation();
  return (
    <>
      <h1>{pathname === '/demo/help' ? 'Demo help' : 'Demo page'}</h1>
      <p>{store ? `Store ${store.locationName}` : 'No store'}</p>
      {createPortal(<div role="status">Demo notice</div>, document.body)}
    </>
  );
}
const demo = createRemoteLifecycles({ remote: 'mf-demo', label: 'demo', rootComponent: DemoApp });

describeRemoteLifecycles("a remote's './spa'", async () => demo, {
  remote: 'mf-demo',
  label: 'demo',
  slotId: 'slot-page',
  url: '/demo',
  setup: ({ kit }) => { kit.bus.emit('store/changed', { store: fixtures.store({ locationName: 'Quinpool' }), source: 'default' }); },
  expectMounted: ({ slot, view }) => {
    expect(slot.id).toBe('slot-page');
    expect(view.getByRole('heading', { name: 'Demo page' })).toBeInTheDocument();
    expect(view.getByText('Store Quinpool')).toBeInTheDocument();
  },
  routes: [{ url: '/demo/help', expectMounted: ({ view }) => { view.getByRole('heading', { name: 'Demo help' }); } }],
});

/** A remote that leaves an element in document.body after unmount (no effect cleanup). */
function LeakyApp() {
  useEffect(() => { document.body.appendChild(document.createElement('aside')); }, []);
  return <p>Leaky</p>;
}
const leaky = createRemoteLifecycles({ remote: 'mf-leaky', label: 'leaky', rootComponent: LeakyApp });

describe('the harness checks', () => {
  afterEach(() => { document.body.innerHTML = ''; });

  it('sees the React root on the slot while mounted and none after unmount', async () => {
    const ctx = createLifecycleContext({ remote: 'mf-demo' });
    await runLifecycle(demo.bootstrap, ctx.props);
    await runLifecycle(demo.mount, ctx.props);
    expect(hasReactRoot(ctx.slot)).toBe(true);
    await runLifecycle(demo.unmount, ctx.props);
    expect(hasReactRoot(ctx.slot)).toBe(false);
  });

  it('fails a remote that leaves something in document.body after unmount', async () => {
    const ctx = createLifecycleContext({ remote: 'mf-leaky' });
    const before = bodySnapshot();
    await runLifecycle(leaky.bootstrap, ctx.props);
    await runLifecycle(leaky.mount, ctx.props);
    await runLifecycle(leaky.unmount, ctx.props);
    expect(() => expectUnmountedCleanly(ctx, before)).toThrow();
    expect(() => expectUnmountedCleanly(ctx, before, 'aside')).not.toThrow();
  });

  it('runs a list of lifecycle functions in order and rejects with what one rejects with', async () => {
    const calls: string[] = [];
    const ctx = createLifecycleContext({ remote: 'mf-demo' });
    await runLifecycle([async () => { calls.push('a'); }, () => { calls.push('b'); }], ctx.props);
    expect(calls).toEqual(['a', 'b']);
    await expect(runLifecycle(() => Promise.reject(new Error('no slot')), ctx.props)).rejects.toThrow('no slot');
  });
});
