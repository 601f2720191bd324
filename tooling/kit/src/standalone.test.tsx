import { act, screen } from '@testing-library/react';
import { DEFAULT_RUNTIME_CONFIG, type RemoteProps } from 'shared-events';
import { createTestBus } from 'shared-events/testing';
import { DEMO_SESSION, DEMO_STORE, mountStandalone } from './standalone';
import { useLocation } from './location';
import { useRemote } from './providers';
import { useQueryClient } from './query';

function App({ bus, config, navigate }: RemoteProps) {
  const { pathname } = useLocation();
  const { remote } = useRemote();
  useQueryClient();
  return (
    <>
      <h1>{remote} at {pathname}</h1>
      <p>{bus.state.store.value?.storeNumber ?? 'no store'} {config.apiBase}</p>
      <button type="button" onClick={() => navigate?.('/scene')}>Scene+</button>
    </>
  );
}

afterEach(() => {
  document.body.innerHTML = '';
  window.history.replaceState(null, '', '/');
  jest.restoreAllMocks();
});

describe('mountStandalone', () => {
  it('renders into #root with RemoteProps, seeds the demo session and store 3299, and navigates with pushState + popstate', () => {
    jest.spyOn(console, 'info').mockImplementation(() => undefined);
    const root = document.createElement('div');
    root.id = 'root';
    document.body.appendChild(root);
    const kit = createTestBus();
    let handle!: ReturnType<typeof mountStandalone>;
    act(() => { handle = mountStandalone(App, { remote: 'mf-test', bus: kit.bus }); });

    expect(handle.props).toMatchObject({ bus: kit.bus, config: DEFAULT_RUNTIME_CONFIG, domElement: root });
    expect(kit.published('session/changed')[0].payload).toEqual(DEMO_SESSION);
    expect(kit.published('store/changed')[0].payload).toEqual({ store: DEMO_STORE, source: 'default' });
    expect(DEMO_STORE.storeNumber).toBe('3299');
    expect(root).toContainElement(screen.getByRole('heading', { name: 'mf-test at /' }));

    act(() => screen.getByRole('button', { name: 'Scene+' }).click());
    expect(window.location.pathname).toBe('/scene');
    expect(screen.getByRole('heading')).toHaveTextContent('mf-test at /scene');
    expect(console.info).toHaveBeenCalledWith('[mf-test standalone] bus event', 'session/changed', DEMO_SESSION);

    act(() => handle.unmount());
    expect(root).toBeEmptyDOMElement();
  });

  it('takes overrides, skips seeding with false, keeps an existing store, renders into a given element', () => {
    const el = document.createElement('section');
    document.body.appendChild(el);
    const kit = createTestBus();
    act(() => { mountStandalone(App, { remote: 'mf-test', bus: kit.bus, element: el, session: false, store: { storeNumber: '4101', locationName: 'Antigonish Co-op' }, logEvents: false }); });
    expect(kit.published('session/changed')).toHaveLength(0);
    expect(kit.published('store/changed')[0].payload.store).toMatchObject({ storeNumber: '4101', locationName: 'Antigonish Co-op', slug: DEMO_STORE.slug });

    const other = createTestBus();
    other.bus.emit('store/changed', { store: { ...DEMO_STORE, storeNumber: '1234' }, source: 'user' });
    const el2 = document.createElement('div');
    document.body.appendChild(el2);
    act(() => { mountStandalone(App, { remote: 'mf-test', bus: other.bus, element: el2, session: { uid: 'u-x' }, logEvents: false }); });
    expect(other.published('store/changed')).toHaveLength(1);
    expect(other.published('session/changed')[0].payload).toEqual({ ...DEMO_SESSION, uid: 'u-x' });
  });

  it('never publishes an id token: the demo shopper is signed in by loggedIn + uid, as under the shell', () => {
    const kit = createTestBus();
    const el = document.createElement('div');
    document.body.appendChild(el);
    // A bootstrap that still passes a token (not typed any more) gets it dropped.
    const session = { uid: 'u-demo-2', id_token: 'demo.id.token' } as Partial<Omit<typeof DEMO_SESSION, 'id_token'>>;
    act(() => { mountStandalone(App, { remote: 'mf-test', bus: kit.bus, element: el, session, logEvents: false }); });
    expect(kit.published('session/changed')[0].payload).toMatchObject({ loggedIn: true, uid: 'u-demo-2', id_token: null });
    expect(kit.bus.state.session.value.id_token).toBeNull();
  });

  it('throws a clear error when the element is missing', () => {
    expect(() => mountStandalone(App, { remote: 'mf-test', element: 'nope', bus: createTestBus().bus })).toThrow('[mf-test] standalone: no element #nope to render into.');
  });

  it('applies the same error policy', () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const el = document.createElement('div');
    document.body.appendChild(el);
    function Broken(): never {
      throw new Error('boom');
    }
    act(() => { mountStandalone(Broken, { remote: 'mf-test', element: el, bus: createTestBus().bus, logEvents: false, session: false, store: false }); });
    expect(el.querySelector('[data-remote-error="mf-test"][hidden]')).not.toBeNull();
    expect(error).toHaveBeenCalledWith('[mf-test] standalone failed', expect.objectContaining({ message: 'boom' }));
  });

  it('is its own entry (/standalone), not part of the shared root the composed site loads', async () => {
    const root = await import('./index');
    expect(root).not.toHaveProperty('mountStandalone');
    expect(root).not.toHaveProperty('DEMO_SESSION');
    const { exports } = (await import('../package.json')) as { exports: Record<string, string> };
    expect(exports['./standalone']).toBe('./src/standalone.tsx');
  });
});
