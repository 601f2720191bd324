import { useRemoteRuntime } from './providers';
import { createLifecycleContext, runLifecycle } from './lifecycle-harness';
import { createPageLifecycles } from './page-fallback';

const fallback = { title: 'Offers', message: 'Your offers could not be shown.', href: '/', linkText: 'Go to the home page' };

function BusName() {
  const { bus, config } = useRemoteRuntime();
  return <h1>{bus ? `page with ${config.apiBase}` : 'no bus'}</h1>;
}

function Broken(): never {
  throw new Error('boom');
}

describe('createPageLifecycles (page exposes)', () => {
  afterEach(() => { document.body.replaceChildren(); jest.restoreAllMocks(); });

  it('mounts the page under the kit providers, which give it the bus and config', async () => {
    const ctx = createLifecycleContext({ remote: 'mf-test' });
    const life = createPageLifecycles({ remote: 'mf-test', label: 'pages', Page: BusName, fallback });
    await runLifecycle(life.bootstrap, ctx.props);
    await runLifecycle(life.mount, ctx.props);
    expect(ctx.view.getByRole('heading', { name: `page with ${ctx.props.config.apiBase}` })).toBeTruthy();
    await runLifecycle(life.unmount, ctx.props);
    expect(ctx.slot.textContent).toBe('');
  });

  it('a page that throws logs "[remote] label failed" and shows the title, message and way on', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const ctx = createLifecycleContext({ remote: 'mf-test' });
    const life = createPageLifecycles({ remote: 'mf-test', label: 'pages', Page: Broken, fallback });
    await runLifecycle(life.bootstrap, ctx.props);
    await runLifecycle(life.mount, ctx.props);
    expect(ctx.view.getByRole('heading', { name: 'Offers' })).toBeTruthy();
    expect(ctx.view.getByText(/Your offers could not be shown\./)).toBeTruthy();
    expect(ctx.view.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/');
    expect(error).toHaveBeenCalledWith('[mf-test] pages failed', expect.any(Error));
  });

  it('useRemoteRuntime throws when the app was mounted without a bus (the fallback shows)', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const ctx = createLifecycleContext({ remote: 'mf-test', props: { bus: undefined as never } });
    const life = createPageLifecycles({ remote: 'mf-test', label: 'pages', Page: BusName, fallback });
    await runLifecycle(life.bootstrap, ctx.props);
    await runLifecycle(life.mount, ctx.props);
    expect(ctx.view.getByRole('heading', { name: 'Offers' })).toBeTruthy();
    expect(ctx.view.queryByText(/page with/)).toBeNull();
  });
});
