/**
 * The header band of mf-shopping-list ('./spa'; spec §2 "Shopping-list side panel", §9): the list
 * trigger (icon, 'List' from 1024px, count badge) and, once pressed, the side panel.
 *
 * First load stays tiny (paint first): this file, the icon, the labels, the count snapshot and the
 * request buffer. The badge shows the last published count from localStorage at first paint
 * (api/countSnapshot). The list service (storage, sync; chunk `mfsl-list`) is not first-paint work:
 * it starts on the first need — a `list/add-requested` / `list/remove-requested` (kept by the request
 * buffer meanwhile, and answered in order), a hover, focus or press of the trigger, a signed-in session
 * (sync, merge on sign-in), another tab changing the list (the snapshot's `storage` event) — or else
 * once the page is loaded and idle ({@link SERVICE_IDLE_DELAY_MS} after `load`). The panel (with
 * the kit Dialog and the product fetch; chunk `mfsl-panel`) is fetched on the first hover, focus or press.
 */
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { DialogTrigger, lazyPart, PartBoundary, useRemoteRuntime } from '@storefront/remote-kit';
import { useBusState, type RemoteProps } from 'shared-events';
import type { ListService } from '../api/listService';
import { badgeText, triggerLabel } from '../state/labels';
import { COUNT_SNAPSHOT_KEY, readCountSnapshot } from '../api/countSnapshot';
import { bufferListRequests } from '../api/requestBuffer';
import { isSignedIn } from '../state/signedIn';
import { ListIcon } from './ListIcon';
import type { ListPanelProps } from './ListPanel';
import './band.css';

/** The side panel: its own chunk (with the kit Dialog and the product fetch). */
export const listPanel = lazyPart<ListPanelProps>(() => import(/* webpackChunkName: "mfsl-panel" */ './ListPanel').then((m) => m.ListPanel));

/** Loads the list service chunk and returns the page's service for `bus`. */
export function loadListService(bus: RemoteProps['bus'], config: RemoteProps['config']): Promise<ListService> {
  return import(/* webpackChunkName: "mfsl-list" */ '../api/listService').then((m) => m.getListService(bus, config));
}

/** After the window's `load`, how long the band waits (then for an idle moment) before starting the list service unasked, in ms. */
export const SERVICE_IDLE_DELAY_MS = 3000;

/** Calls `start` once the page has loaded, {@link SERVICE_IDLE_DELAY_MS} passed and the browser is idle. Returns a cancel function. */
function whenIdleAfterLoad(start: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let idle: number | undefined;
  const later = () => {
    timer = setTimeout(() => {
      if (typeof window.requestIdleCallback === 'function') idle = window.requestIdleCallback(start, { timeout: 2000 });
      else start();
    }, SERVICE_IDLE_DELAY_MS);
  };
  if (document.readyState === 'complete') later();
  else window.addEventListener('load', later, { once: true });
  return () => {
    window.removeEventListener('load', later);
    if (timer !== undefined) clearTimeout(timer);
    if (idle !== undefined) window.cancelIdleCallback?.(idle);
  };
}

/** Props of {@link ListBand}: a ready service (tests; the custom props come from the kit context). */
export interface ListBandProps {
  service?: ListService;
}

/**
 * The trigger button (≥ 44×44 px; fixed 44 px high, 44 px wide below 1024 px and 88 px from 1024 px,
 * see README "Sizes") named 'Shopping list, N items', with the badge ('99+' above 99) read from
 * `bus.state.listCount`, so it follows an add in the same frame. It opens the side panel (a modal
 * dialog); focus returns to it when the panel closes.
 */
export function ListBand({ service: given }: ListBandProps) {
  const { bus, config } = useRemoteRuntime();
  const [service, setService] = useState<ListService | null>(given ?? null);
  const [serviceFailed, setServiceFailed] = useState(false);
  const [open, setOpen] = useState(false);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const loading = useRef(false);

  const startService = () => {
    if (given || loading.current) return;
    loading.current = true;
    setServiceFailed(false);
    loadListService(bus, config).then(setService, (error: unknown) => {
      console.error('[mf-shopping-list] list service failed', error);
      loading.current = false;
      setServiceFailed(true);
    });
  };
  // Keep add/remove requests published before the service chunk is here (idempotent); the first one starts it.
  useState(() => bufferListRequests(bus, () => queueMicrotask(startService)));
  // First paint: the last published count (the service corrects it when it starts).
  useState(() => {
    const last = readCountSnapshot();
    if (!given && last !== null && bus.state.listCount.value === 0 && last > 0) bus.emit('list/count-changed', { count: last });
  });
  const count = useBusState(bus.state.listCount);

  useEffect(() => {
    if (given) return undefined;
    const cancelIdle = whenIdleAfterLoad(startService);
    const signedIn = bus.state.session.subscribe((s) => { if (isSignedIn(s)) startService(); });
    const onStorage = (e: StorageEvent) => { if (e.key === COUNT_SNAPSHOT_KEY) startService(); };
    window.addEventListener('storage', onStorage);
    return () => {
      cancelIdle();
      signedIn.unsubscribe();
      window.removeEventListener('storage', onStorage);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per mount (and per bus)
  }, [bus]);

  const warm = () => {
    startService();
    listPanel.preload().catch(() => { /* shown by the PartBoundary */ });
  };
  const { Part: Panel } = listPanel;

  const onKeyDown = (e: KeyboardEvent<HTMLButtonElement>) => {
    // While the panel's chunk is still on its way, Escape cancels the opening.
    if (e.key === 'Escape' && open) {
      e.preventDefault();
      setOpen(false);
    }
  };

  return (
    <div className="mfsl-band">
      <span className="mfsl-trigger-box">
        <DialogTrigger
          ref={triggerRef}
          className="mfsl-trigger"
          open={open}
          aria-label={triggerLabel(count)}
          onClick={() => {
            warm();
            if (serviceFailed) startService();
            setOpen((o) => !o);
          }}
          onPreload={warm}
          onKeyDown={onKeyDown}
        >
          <span className="mfsl-trigger__icon">
            <ListIcon />
          </span>
          <span className="mfsl-trigger__text">List</span>
        </DialogTrigger>
        {/* Beside the button, not in it, and aria-hidden: the name carries the exact count (also above 99),
            and the button's seen text stays 'List', a part of that name (WCAG 2.5.3; inside, '3List' was not) */}
        {count > 0 && <span className="mfsl-badge" data-testid="list-badge" aria-hidden="true">{badgeText(count)}</span>}
      </span>
      {open && (
        <PartBoundary
          label="side panel"
          loading={<div className="mfsl-part-overlay" role="status" aria-live="polite" aria-busy="true">Loading your list…</div>}
          failed={<div className="mfsl-part-overlay" role="alert">Your list could not be loaded. Press the list button to close this, then again to retry.</div>}
        >
          <Panel service={service} serviceFailed={serviceFailed} returnFocusTo={triggerRef} onClose={() => setOpen(false)} />
        </PartBoundary>
      )}
    </div>
  );
}
