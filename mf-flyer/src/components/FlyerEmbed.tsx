/**
 * The provider's storefront in the page (contract §1, §3): `FlyerStorefront.create(...)` into our
 * element on mount, `destroy()` on unmount (a store or publication change remounts this component,
 * so the old storefront is always destroyed before the new one is created), and the host side of the
 * bridge:
 * - messages are accepted only from the provider's origin, from this storefront's iframe, for this
 *   publication, and with exactly the contract's shape (state/bridge.ts); anything else is ignored;
 * - 'flyer:ready' → saved flags are sent (and on every change of the list from then on);
 * - 'flyer:resize' → the flyer's box takes that height (200–20000 px);
 * - 'flyer:add-to-list' / 'flyer:remove-from-list' → the shopping list, through the bus (state/listBridge.ts);
 * - 'flyer:item-open' → the item's details in a dialog with Add / Remove.
 */
import { useEffect, useRef, useState } from 'react';
import type { EventBus } from 'shared-events';
import type { FlyerItem, FlyerStorefront, FlyerStorefrontApi } from '../api/types';
import { acceptFlyerMessage, clampFlyerHeight } from '../state/bridge';
import type { FlyerConfig } from '../state/config';
import { createListBridge, type ListBridge } from '../api/listBridge';
import { FlyerSkeleton } from './FlyerSkeleton';
import { ItemDialog } from './ItemDialog';

/** How long the flyer may take to say 'flyer:ready' before it counts as unavailable (ms). */
export const READY_TIMEOUT_MS = 15_000;

export interface FlyerEmbedProps {
  api: FlyerStorefrontApi;
  flyer: FlyerConfig;
  storeCode: string;
  publicationId: string;
  bus: EventBus;
  /** The storefront could not be created or never became ready. */
  onFailed: () => void;
  /** Default {@link READY_TIMEOUT_MS}. */
  readyTimeoutMs?: number;
}

export function FlyerEmbed({ api, flyer, storeCode, publicationId, bus, onFailed, readyTimeoutMs = READY_TIMEOUT_MS }: FlyerEmbedProps) {
  const elementRef = useRef<HTMLDivElement>(null);
  const bridgeRef = useRef<ListBridge | null>(null);
  const failedRef = useRef(onFailed);
  failedRef.current = onFailed;
  const [ready, setReady] = useState(false);
  const [height, setHeight] = useState<number | null>(null);
  const [openItem, setOpenItem] = useState<FlyerItem | null>(null);

  useEffect(() => {
    const element = elementRef.current;
    if (!element) return;
    let storefront: FlyerStorefront;
    try {
      storefront = api.create({ merchant: flyer.merchant, storeCode, locale: 'en-CA', publicationId, element, hostOrigin: window.location.origin });
    } catch (error) {
      console.error('[mf-flyer] FlyerStorefront.create failed', error);
      failedRef.current();
      return;
    }
    const bridge = createListBridge({
      bus,
      storeCode,
      send: (ids) => {
        try {
          storefront.setSavedItems(ids);
        } catch (error) {
          console.error('[mf-flyer] setSavedItems failed', error);
        }
      },
    });
    bridgeRef.current = bridge;
    // The storefront's own iframe (handed back, or the one it rendered into our element): never any other frame.
    const frameWindow = () => (storefront.iframe ?? element.querySelector('iframe'))?.contentWindow;
    let isReady = false;
    const readyTimer = setTimeout(() => { if (!isReady) failedRef.current(); }, readyTimeoutMs);

    const onMessage = (event: MessageEvent) => {
      const message = acceptFlyerMessage(event, { origin: flyer.origin, frameWindow });
      if (!message || message.publicationId !== publicationId) return;
      switch (message.type) {
        case 'flyer:ready':
          isReady = true;
          clearTimeout(readyTimer);
          setReady(true);
          bridge.markReady();
          break;
        case 'flyer:resize':
          setHeight(clampFlyerHeight(message.height));
          break;
        case 'flyer:item-open':
          setOpenItem(message.item);
          break;
        case 'flyer:add-to-list':
          bridge.add(message.item);
          break;
        case 'flyer:remove-from-list':
          bridge.remove(message.item);
          break;
      }
    };
    window.addEventListener('message', onMessage);
    return () => {
      window.removeEventListener('message', onMessage);
      clearTimeout(readyTimer);
      bridge.dispose();
      bridgeRef.current = null;
      try {
        storefront.destroy();
      } catch (error) {
        console.error('[mf-flyer] FlyerStorefront.destroy failed', error);
      }
    };
  }, [api, flyer.merchant, flyer.origin, storeCode, publicationId, bus, readyTimeoutMs]);

  return (
    <div className="mf-flyer__frame" style={height !== null ? { height } : undefined} data-flyer-ready={ready ? '' : undefined}>
      <div ref={elementRef} className="mf-flyer__embed" />
      {!ready && <FlyerSkeleton />}
      {openItem && (
        <ItemDialog
          item={openItem}
          storeCode={storeCode}
          bus={bus}
          onAdd={(item) => bridgeRef.current?.add(item)}
          onRemove={(item) => bridgeRef.current?.remove(item)}
          onClose={() => setOpenItem(null)}
        />
      )}
    </div>
  );
}
