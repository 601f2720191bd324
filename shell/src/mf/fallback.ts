/**
 * Quiet fallbacks for a remote that cannot be shown (ARCHITECTURE §2: a remote that fails to load or
 * throws must never blank the page). Plain DOM, no React, so a fallback works even when the failure is
 * in shared code.
 */
import { findShellApp, type ShellAppDefinition } from '../apps';

/** Attribute marking a fallback node; its value is the single-spa app name. */
export const FALLBACK_ATTR = 'data-shell-fallback';

/** Visible text for a route-owned page that is down (e.g. 'Search results are unavailable right now.'). */
export function pageFallbackText(app: Pick<ShellAppDefinition, 'label'>): string {
  return `${app.label} ${/s$/.test(app.label) ? 'are' : 'is'} unavailable right now.`;
}

/**
 * Renders the fallback of `app` into `slot` (replacing its content).
 * - 'band' apps: nothing visible; a visually hidden note ('Site header is unavailable right now.').
 * - 'page' apps: a short visible message in a `role="status"` region.
 */
export function renderFallback(app: ShellAppDefinition, slot: HTMLElement | null | undefined): HTMLElement | null {
  if (!slot) return null;
  const doc = slot.ownerDocument;
  const node = doc.createElement(app.kind === 'page' ? 'section' : 'p');
  node.setAttribute(FALLBACK_ATTR, app.name);
  const text = pageFallbackText(app);
  if (app.kind === 'page') {
    node.className = 'shell-fallback shell-fallback--page';
    node.setAttribute('role', 'status');
    node.setAttribute('aria-label', app.label);
    const p = doc.createElement('p');
    p.className = 'shell-fallback__text';
    p.textContent = text;
    node.appendChild(p);
  } else {
    node.className = 'shell-visually-hidden';
    node.textContent = text;
  }
  slot.replaceChildren(node);
  return node;
}

/** Removes a fallback rendered by {@link renderFallback} (and only that). */
export function clearFallback(appName: string, slot: HTMLElement | null | undefined): void {
  slot?.querySelectorAll(`[${FALLBACK_ATTR}="${CSS.escape(appName)}"]`).forEach((n) => n.remove());
}

/** single-spa lifecycle props the fallback reads. */
interface LifecycleProps {
  name?: string;
  domElement?: HTMLElement;
}

/** A module in the shape of a remote's './spa' expose: single-spa lifecycles. */
export interface FallbackLifecycles {
  bootstrap: (props?: LifecycleProps) => Promise<void>;
  mount: (props?: LifecycleProps) => Promise<void>;
  unmount: (props?: LifecycleProps) => Promise<void>;
  update: (props?: LifecycleProps) => Promise<void>;
  /** Marks the module as a shell fallback (tests, diagnostics). */
  readonly __shellFallback: true;
}

/**
 * Lifecycles that render the quiet fallback for the remote request `remoteId` (e.g. 'mf_search/results')
 * into the slot single-spa passes as `domElement` (or the app's slot when none is passed).
 */
export function createFallbackLifecycles(remoteId: string): FallbackLifecycles {
  const known = findShellApp(remoteId);
  const resolve = (props?: LifecycleProps): ShellAppDefinition => {
    const byName = props?.name ? findShellApp(props.name) : undefined;
    return byName ?? known ?? { name: props?.name ?? remoteId, remote: remoteId, remoteId, slotId: '', kind: 'band', label: 'Part of this page', routes: [], activeWhen: () => true };
  };
  const slotOf = (app: ShellAppDefinition, props?: LifecycleProps) =>
    props?.domElement ?? (app.slotId ? document.getElementById(app.slotId) : null);
  return {
    __shellFallback: true,
    bootstrap: async () => undefined,
    mount: async (props) => {
      const app = resolve(props);
      renderFallback(app, slotOf(app, props));
    },
    update: async () => undefined,
    unmount: async (props) => {
      const app = resolve(props);
      clearFallback(app.name, slotOf(app, props));
    },
  };
}
