import { useEffect, useState } from 'react';
import { act, screen } from '@testing-library/react';
import { DEFAULT_RUNTIME_CONFIG, type RemoteProps } from 'shared-events';
import { createTestBus } from 'shared-events/testing';
import { createRemoteLifecycles, lazyPage, ServedFirstView } from './lifecycles';
import { navigate } from './location';
import { useRemote } from './providers';
import { useQueryClient } from './query';

type Lifecycles = ReturnType<typeof createRemoteLifecycles>;

function propsFor(domElement?: HTMLElement, name = 'mf-test'): RemoteProps & { name: string } {
  return { name, singleSpa: {}, mountParcel: jest.fn(), bus: createTestBus().bus, config: DEFAULT_RUNTIME_CONFIG, domElement, navigate: jest.fn() } as never;
}

/** ARCHITECTURE §7: start mount() inside act(...), await it outside. */
async function mount(lifecycles: Lifecycles, props: RemoteProps) {
  await lifecycles.bootstrap(props as never);
  let mounted: Promise<unknown> = Promise.resolve();
  act(() => { mounted = lifecycles.mount(props as never); });
  await act(async () => { await mounted; });
}

function slot(id = 'slot-test') {
  const el = document.createElement('div');
  el.id = id;
  document.body.appendChild(el);
  return el;
}

/** Mounts into a `#slot-page` that holds the first view the edge served (`servedHtml`, a `data-first-view` header). */
async function mountOverServedView(lifecycles: Lifecycles, servedHtml: string) {
  const domElement = slot('slot-page');
  domElement.innerHTML = servedHtml;
  const served = domElement.querySelector('[data-first-view]')!;
  const props = propsFor(domElement);
  await mount(lifecycles, props);
  return { domElement, served, props };
}

afterEach(() => {
  document.body.innerHTML = '';
  jest.restoreAllMocks();
});

describe('createRemoteLifecycles', () => {
  it('mounts the root component into props.domElement with the custom props and unmounts it', async () => {
    function Root(props: RemoteProps) {
      return <p>Hello from {props.config.defaultStoreNumber}</p>;
    }
    const lifecycles = createRemoteLifecycles({ remote: 'mf-test', label: 'box', rootComponent: Root });
    const domElement = slot();
    const props = propsFor(domElement);
    await mount(lifecycles, props);
    expect(domElement).toHaveTextContent('Hello from 3299');

    await act(async () => { await lifecycles.unmount(props as never); });
    expect(domElement).toBeEmptyDOMElement();
  });

  it('provides a QueryClient per mounted app and the remote context', async () => {
    const clients: unknown[] = [];
    function Root() {
      clients.push(useQueryClient());
      const { remote, bus, navigate } = useRemote();
      return <p>{remote} {bus ? 'has bus' : 'no bus'} {navigate ? 'has navigate' : ''}</p>;
    }
    const lifecycles = createRemoteLifecycles({ remote: 'mf-test', label: 'box', rootComponent: Root });
    const a = propsFor(slot('a'), 'app-a');
    const b = propsFor(slot('b'), 'app-b');
    await mount(lifecycles, a);
    await mount(lifecycles, b);
    expect(a.domElement).toHaveTextContent('mf-test has bus has navigate');
    expect(new Set(clients).size).toBe(2);
    const [first] = clients as Array<{ getDefaultOptions(): { queries?: { retry?: unknown; refetchOnWindowFocus?: unknown } } }>;
    expect(first.getDefaultOptions().queries).toMatchObject({ retry: 1, refetchOnWindowFocus: false });
    await act(async () => { await lifecycles.unmount(a as never); await lifecycles.unmount(b as never); });
  });

  it('rejects mount with a clear error naming the remote when domElement is missing', async () => {
    const lifecycles = createRemoteLifecycles({ remote: 'mf-test', label: 'pages', rootComponent: () => <p>never</p> });
    const props = propsFor(undefined);
    await lifecycles.bootstrap(props as never);
    await expect(lifecycles.mount(props as never)).rejects.toThrow(/\[mf-test\] pages: no domElement in the single-spa custom props/);
    expect(document.body).not.toHaveTextContent('never');
  });

  it('logs "[remote] label failed" and renders the default quiet, hidden marker when the app throws', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    function Broken(): never {
      throw new Error('boom');
    }
    const lifecycles = createRemoteLifecycles({ remote: 'mf-test', label: 'box', rootComponent: Broken });
    const domElement = slot();
    const props = propsFor(domElement);
    await mount(lifecycles, props);
    const marker = domElement.querySelector('[data-remote-error="mf-test"]');
    expect(marker).not.toBeNull();
    expect(marker).toHaveAttribute('hidden');
    expect(marker).toBeEmptyDOMElement();
    expect(error).toHaveBeenCalledWith('[mf-test] box failed', expect.objectContaining({ message: 'boom' }));
    await act(async () => { await lifecycles.unmount(props as never); });
  });

  it('renders a given fallback (node or function of the error)', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    function Broken(): never {
      throw new Error('boom');
    }
    const withNode = createRemoteLifecycles({ remote: 'mf-test', label: 'a', rootComponent: Broken, fallback: <a href="/">Harbour Market</a> });
    const withFn = createRemoteLifecycles({ remote: 'mf-test', label: 'b', rootComponent: Broken, fallback: (e) => <p>unavailable: {e.message}</p> });
    const a = propsFor(slot('a'), 'a');
    const b = propsFor(slot('b'), 'b');
    await mount(withNode, a);
    await mount(withFn, b);
    expect(screen.getByRole('link', { name: 'Harbour Market' })).toHaveAttribute('href', '/');
    expect(b.domElement).toHaveTextContent('unavailable: boom');
    await act(async () => { await withNode.unmount(a as never); await withFn.unmount(b as never); });
  });

  it('shows an accessible loading state (role=status) while a lazy page loads, then the page', async () => {
    let resolve!: (m: { default: () => React.JSX.Element }) => void;
    const Page = lazyPage(() => new Promise<{ default: () => React.JSX.Element }>((r) => { resolve = r; }));
    const lifecycles = createRemoteLifecycles({ remote: 'mf-test', label: 'pages', rootComponent: () => <Page /> });
    const domElement = slot();
    const props = propsFor(domElement);
    await mount(lifecycles, props);
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');

    await act(async () => { resolve({ default: () => <h1>Find a store</h1> }); });
    expect(await screen.findByRole('heading', { name: 'Find a store' })).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    await act(async () => { await lifecycles.unmount(props as never); });
  });

  it('keeps the first view the edge served in the slot while the lazy page loads, then shows the page', async () => {
    let resolve!: (m: { default: () => React.JSX.Element }) => void;
    const Page = lazyPage(() => new Promise<{ default: () => React.JSX.Element }>((r) => { resolve = r; }));
    const lifecycles = createRemoteLifecycles({ remote: 'mf-test', label: 'pages', rootComponent: () => <Page /> });
    const { domElement, served, props } = await mountOverServedView(lifecycles, '<header class="sf-intro" data-first-view="mf-test"><h1 class="sf-intro__heading" tabindex="-1">Weekly flyer</h1><p class="sf-intro__lead">Deals &lt;b&gt;</p></header>');
    // the same element, still showing, not 'Loading…'; its text is still text
    expect(screen.getByRole('heading', { name: 'Weekly flyer' })).toBe(served.querySelector('h1'));
    expect(screen.getByText('Deals <b>')).toBeInTheDocument();
    expect(screen.queryByText('Loading…')).not.toBeInTheDocument();

    await act(async () => { resolve({ default: () => <h1>Weekly flyer page</h1> }); });
    expect(await screen.findByRole('heading', { name: 'Weekly flyer page' })).toBeInTheDocument();
    expect(domElement.querySelector('[data-first-view]')).toBeNull();
    await act(async () => { await lifecycles.unmount(props as never); });
  });

  it('a page waiting for its data keeps the served first view (ServedFirstView), for the URL it was served for only', async () => {
    window.history.replaceState(null, '', '/products/salted-butter-1');
    let ready!: (title: string) => void;
    const data = new Promise<string>((r) => { ready = r; });
    function Page() {
      const [title, setTitle] = useState<string | null>(null);
      useEffect(() => { void data.then(setTitle); }, []);
      return title ? <h1>{title} page</h1> : <ServedFirstView fallback={<p>Skeleton</p>} />;
    }
    const lifecycles = createRemoteLifecycles({ remote: 'mf-test', label: 'product', rootComponent: Page });
    const { domElement, served, props } = await mountOverServedView(lifecycles, '<header class="sf-intro sf-intro--picture" data-first-view="mf-test"><img class="sf-intro__picture" src="/media/butter.svg" alt="" width="240" height="240"><h1 class="sf-intro__heading" tabindex="-1">Salted Butter</h1><p class="sf-intro__lead">454 g</p></header>');
    // the edge's own element (and its picture) stays while the data loads, not the skeleton
    expect(screen.getByRole('heading', { name: 'Salted Butter' })).toBe(served.querySelector('h1'));
    expect(domElement.querySelector('img')).toBe(served.querySelector('img'));
    expect(screen.queryByText('Skeleton')).not.toBeInTheDocument();
    // another URL: the served view is not this page's, the fallback shows
    act(() => { navigate('/products/honey-2'); });
    expect(screen.getByText('Skeleton')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Salted Butter' })).not.toBeInTheDocument();
    act(() => { navigate('/products/salted-butter-1'); });
    expect(screen.getByRole('heading', { name: 'Salted Butter' })).toBeInTheDocument();

    await act(async () => { ready('Salted Butter'); await data; });
    expect(await screen.findByRole('heading', { name: 'Salted Butter page' })).toBeInTheDocument();
    expect(domElement.querySelector('[data-first-view]')).toBeNull();
    await act(async () => { await lifecycles.unmount(props as never); });
    window.history.replaceState(null, '', '/');
  });

  it('ServedFirstView shows its fallback when the slot had no first view', async () => {
    const lifecycles = createRemoteLifecycles({ remote: 'mf-test', label: 'product', rootComponent: () => <ServedFirstView fallback={<p>Skeleton</p>} /> });
    const props = propsFor(slot('slot-page'));
    await mount(lifecycles, props);
    expect(screen.getByText('Skeleton')).toBeInTheDocument();
    await act(async () => { await lifecycles.unmount(props as never); });
  });

  it('lazyPage picks a named export, and a missing export or failed chunk falls back quietly', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const Named = lazyPage(async () => ({ StoreLocatorPage: () => <h1>Locator</h1> }), 'StoreLocatorPage');
    const Missing = lazyPage(async () => ({ Other: () => <h1>x</h1> }) as Record<string, unknown>, 'Nope');
    const named = createRemoteLifecycles({ remote: 'mf-test', label: 'named', rootComponent: () => <Named /> });
    const missing = createRemoteLifecycles({ remote: 'mf-test', label: 'missing', rootComponent: () => <Missing /> });
    const a = propsFor(slot('a'), 'a');
    const b = propsFor(slot('b'), 'b');
    await mount(named, a);
    await mount(missing, b);
    expect(await screen.findByRole('heading', { name: 'Locator' })).toBeInTheDocument();
    await act(async () => { await new Promise((r) => setTimeout(r, 0)); });
    expect(b.domElement?.querySelector('[data-remote-error="mf-test"]')).not.toBeNull();
    expect(error).toHaveBeenCalledWith('[mf-test] missing failed', expect.objectContaining({ message: expect.stringContaining("no component export 'Nope'") }));
    await act(async () => { await named.unmount(a as never); await missing.unmount(b as never); });
  });
});
