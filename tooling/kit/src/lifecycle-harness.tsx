/**
 * The single-spa lifecycle harness every remote runs on its exposes (ARCHITECTURE §4, §7): mount into
 * the slot the shell gives with the custom props, unmount cleanly, mount again, refuse a missing slot,
 * and the kit's error policy when the remote throws. Jest only (uses describe/it/expect).
 */
import { act, within } from '@testing-library/react';
import { DEFAULT_RUNTIME_CONFIG, type EventBus, type RemoteProps, type RuntimeConfig } from 'shared-events';
import { createTestBus, type TestBus } from 'shared-events/testing';

type LifecycleFn = (props: never) => Promise<unknown> | unknown;

/** What an expose module exports (`import('./spa')`): single-spa lifecycles, each one function or a list. */
export interface LifecyclesModule {
  bootstrap: LifecycleFn | readonly LifecycleFn[];
  mount: LifecycleFn | readonly LifecycleFn[];
  unmount: LifecycleFn | readonly LifecycleFn[];
}

/** single-spa's own props plus RemoteProps, as the shell passes them. */
export interface SingleSpaTestProps extends RemoteProps {
  name: string;
  singleSpa: Record<string, unknown>;
  mountParcel: (...args: unknown[]) => unknown;
  navigate: (url: string) => void;
}

/** One mounted (or about to be mounted) remote in a test. */
export interface LifecycleContext {
  /** The slot element (`id` = the option `slotId`), attached to `document.body`. */
  slot: HTMLElement;
  /** The test bus the props carry (`props.bus` is `kit.bus` unless overridden). */
  kit: TestBus;
  props: SingleSpaTestProps;
  /** Testing Library queries bound to the slot. */
  view: ReturnType<typeof within>;
}

/** Options of {@link createLifecycleContext}. */
export interface LifecycleContextOptions {
  /** MF remote name, e.g. `'mf-flyer'` (single-spa `name` prop). */
  remote: string;
  /** Id of the slot element. Default `slot-<remote>`. */
  slotId?: string;
  /** Default {@link DEFAULT_RUNTIME_CONFIG}. */
  config?: RuntimeConfig;
  /** Props over the defaults (e.g. a broken `bus`). */
  props?: Partial<SingleSpaTestProps>;
}

/** A slot in `document.body`, a new test bus and the single-spa props for it (`navigate` is a jest.fn()). */
export function createLifecycleContext(options: LifecycleContextOptions): LifecycleContext {
  const slot = document.createElement('div');
  slot.id = options.slotId ?? `slot-${options.remote}`;
  document.body.appendChild(slot);
  const kit = createTestBus();
  const props: SingleSpaTestProps = {
    name: options.remote, singleSpa: {}, mountParcel: jest.fn(), bus: kit.bus,
    config: options.config ?? DEFAULT_RUNTIME_CONFIG, domElement: slot, navigate: jest.fn(), ...options.props,
  };
  return { slot, kit, props, view: within(slot) };
}

/**
 * Runs one lifecycle as the shell does (a function or single-spa's list of them, in order), started
 * inside `act(...)` and awaited in an async act so lazy pages and effects settle (ARCHITECTURE §7).
 * @throws what the lifecycle rejects with
 */
export async function runLifecycle(fn: LifecyclesModule['mount'], props: Partial<SingleSpaTestProps>): Promise<void> {
  const fns: readonly LifecycleFn[] = typeof fn === 'function' ? [fn] : fn;
  for (const one of fns) {
    let done!: Promise<unknown>;
    act(() => { done = Promise.resolve(one(props as never)); });
    await act(async () => { await done; });
  }
}

/** True when `el` still holds a React root (React marks a root's container until `unmount()`). */
export function hasReactRoot(el: Element): boolean {
  return Object.keys(el).some((key) => key.startsWith('__reactContainer$') && (el as unknown as Record<string, unknown>)[key] != null);
}

/** The elements of `document.body` now (to compare before mount and after unmount). */
export function bodySnapshot(ignore = 'script, link, style'): Element[] {
  return Array.from(document.body.children).filter((el) => !el.matches(ignore));
}

/**
 * Fails unless the remote left nothing behind: an empty slot, no React root on it, and
 * `document.body` holding the same elements as `before` (no portal left: dialogs, toasts).
 */
export function expectUnmountedCleanly(ctx: LifecycleContext, before: readonly Element[], ignore?: string): void {
  expect(ctx.slot).toBeEmptyDOMElement();
  expect(hasReactRoot(ctx.slot)).toBe(false);
  expect(bodySnapshot(ignore)).toEqual(before);
}

/** A check on a mounted remote; may be async (`await ctx.view.findByRole(...)`). */
export type LifecycleCheck = (ctx: LifecycleContext) => void | Promise<void>;

/** Options of {@link describeRemoteLifecycles}: the remote-specific expectations. */
export interface RemoteLifecyclesHarnessOptions {
  /** MF remote name, e.g. `'mf-flyer'`: the `name` prop and the `[remote]` of the error policy. */
  remote: string;
  /** The app's label in `createRemoteLifecycles` (the error log `[remote] label failed`). */
  label: string;
  /** Id of the slot element. Default `slot-<remote>`. */
  slotId?: string;
  /** URL (path + query) set with `history.pushState` before each mount. Default: left as it is. */
  url?: string;
  config?: RuntimeConfig;
  /** Before each mount, with the slot and bus ready (publish a store, fake fetch…). May return a cleanup. */
  setup?: (ctx: LifecycleContext) => void | (() => void) | Promise<void | (() => void)>;
  /** What the shopper sees after mount (required): e.g. `ctx.view.getByRole('heading', { name: 'Offers' })`. */
  expectMounted: LifecycleCheck;
  /** More routes of a pages expose, each mounted on its URL and checked. */
  routes?: ReadonlyArray<{ url: string; expectMounted: LifecycleCheck }>;
  /** Props that make the remote throw while rendering. Default a bus with no state (`{}`). `false`: no fallback test. */
  brokenProps?: false | Partial<SingleSpaTestProps>;
  /** The fallback the remote shows. Default the kit's hidden marker `[data-remote-error=<remote>][data-remote-app=<label>]`. */
  expectFallback?: LifecycleCheck;
  /** Elements a remote may leave in `document.body` after unmount (a selector), besides scripts and styles. */
  ignoreInBody?: string;
}

/** The kit's default fallback: the hidden marker in the slot. */
function expectDefaultFallback(remote: string, label: string): LifecycleCheck {
  return ({ slot }) => {
    const marker = slot.querySelector(`[data-remote-error="${remote}"]`);
    expect(marker).toHaveAttribute('data-remote-app', label);
    expect(marker).toHaveAttribute('hidden');
  };
}

/**
 * Declares jest tests for one expose's single-spa lifecycles: it mounts into its slot with the
 * single-spa props (slot element, test bus, config, navigate) and shows `expectMounted`; unmount
 * leaves an empty slot, no React root and nothing in `document.body`; a second mount works; each of
 * `routes` renders; `mount` without a slot rejects; and a remote that throws logs
 * `[remote] label failed` and shows its fallback.
 * @param name the describe block's title, e.g. `"'./spa' lifecycles"`
 * @param load the expose, e.g. `() => import('./spa')`
 * @example describeRemoteLifecycles("'./spa'", () => import('./spa'), { remote: 'mf-header', label: 'header', expectMounted: ({ view }) => { view.getByRole('banner'); } });
 */
export function describeRemoteLifecycles(name: string, load: () => Promise<LifecyclesModule>, options: RemoteLifecyclesHarnessOptions): void {
  const { remote, label, slotId, config, url } = options;
  const ignore = ['script, link, style', options.ignoreInBody].filter(Boolean).join(', ');
  let cleanups: Array<() => void> = [];

  async function start(at: string | undefined, props?: Partial<SingleSpaTestProps>) {
    if (at) window.history.pushState(null, '', at);
    const ctx = createLifecycleContext({ remote, slotId, config, props });
    cleanups.push(() => ctx.slot.remove());
    const undo = await options.setup?.(ctx);
    if (typeof undo === 'function') cleanups.push(undo);
    const spa = await load();
    await runLifecycle(spa.bootstrap, ctx.props);
    return { ctx, spa };
  }

  describe(name, () => {
    afterEach(() => {
      cleanups.reverse().forEach((undo) => undo());
      cleanups = [];
    });

    it('mounts into its slot with the single-spa props and unmounts cleanly', async () => {
      const { ctx, spa } = await start(url);
      const before = bodySnapshot(ignore);
      await runLifecycle(spa.mount, ctx.props);
      await options.expectMounted(ctx);
      await runLifecycle(spa.unmount, ctx.props);
      expectUnmountedCleanly(ctx, before, ignore);
    });

    it('mounts again after an unmount', async () => {
      const { ctx, spa } = await start(url);
      await runLifecycle(spa.mount, ctx.props);
      await runLifecycle(spa.unmount, ctx.props);
      await runLifecycle(spa.mount, ctx.props);
      await options.expectMounted(ctx);
      await runLifecycle(spa.unmount, ctx.props);
      expect(ctx.slot).toBeEmptyDOMElement();
    });

    if (options.routes?.length) {
      it.each(options.routes.map((route) => [route.url, route] as const))('renders %s', async (_url, route) => {
        const { ctx, spa } = await start(route.url);
        await runLifecycle(spa.mount, ctx.props);
        await route.expectMounted(ctx);
        await runLifecycle(spa.unmount, ctx.props);
        expect(ctx.slot).toBeEmptyDOMElement();
      });
    }

    it('rejects the mount when the shell passes no slot element (kit mount-target policy)', async () => {
      const { ctx, spa } = await start(url);
      await expect(runLifecycle(spa.mount, { ...ctx.props, domElement: undefined })).rejects.toThrow(`[${remote}] ${label}: no domElement`);
    });

    const broken = options.brokenProps;
    if (broken !== false) {
      it(`logs '[${remote}] ${label} failed' and shows its fallback when it throws`, async () => {
        const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
        cleanups.push(() => error.mockRestore());
        const { ctx, spa } = await start(url, broken ?? { bus: {} as EventBus });
        await runLifecycle(spa.mount, ctx.props);
        expect(error).toHaveBeenCalledWith(`[${remote}] ${label} failed`, expect.anything());
        await (options.expectFallback ?? expectDefaultFallback(remote, label))(ctx);
        await runLifecycle(spa.unmount, ctx.props);
      });
    }
  });
}
