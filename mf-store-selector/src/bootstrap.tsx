/**
 * Standalone mode (`npm run dev` / `npm run build && npm run serve`), through the remote kit's
 * `mountStandalone`: renders the store selector in a small header, the './pages' app below it and a
 * toast list into `#root`, with the page's real bus, DEFAULT_RUNTIME_CONFIG (search engine on
 * http://localhost:7700) and the kit's navigate (pushState + popstate). Open `/store-locator` or
 * `/stores/<slug>` (the dev server answers every path with index.html), or use the 'View Store
 * Locator' link. No demo session, and no demo store: this remote owns `store/changed` (shared-events
 * README "State ownership"), so its own start-up (stored store, else default 3299, first-visit
 * location) runs as under the shell.
 */
import { Suspense, useEffect, useState } from 'react';
import { PageLoading } from '@storefront/remote-kit';
import { mountStandalone } from '@storefront/remote-kit/standalone';
import type { EventBus, RemoteProps } from 'shared-events';
import { StoreSelectorApp } from './components/StoreSelectorApp';
import { StorePagesApp } from './components/StorePagesApp';

/** Default time in ms a standalone toast stays (mf-header shows them under the shell). */
const TOAST_MS = 7000;

/**
 * Toasts are normally shown by mf-header; here a small list stands in so messages stay visible.
 * Shows each `toast/show` of `bus` for its `autoCloseMs` (default 7000 ms).
 */
function StandaloneToasts({ bus }: { bus: EventBus }) {
  const [messages, setMessages] = useState<Array<{ id: number; text: string; kind: string }>>([]);
  useEffect(() => {
    let n = 0;
    const sub = bus.on('toast/show').subscribe(({ payload }) => {
      const id = ++n;
      setMessages((m) => [...m, { id, text: payload.message, kind: payload.kind }]);
      setTimeout(() => setMessages((m) => m.filter((x) => x.id !== id)), payload.autoCloseMs ?? TOAST_MS);
    });
    return () => sub.unsubscribe();
  }, [bus]);
  return (
    <div role="status" style={{ position: 'fixed', bottom: 16, left: 16, display: 'grid', gap: 8, zIndex: 2000 }}>
      {messages.map((m) => (
        <p key={m.id} style={{ margin: 0, padding: '8px 12px', borderRadius: 6, color: '#fff', background: m.kind === 'error' ? '#b3261e' : '#1b7f3b' }}>
          {m.text}
        </p>
      ))}
    </div>
  );
}

/** What standalone mode renders: the selector (as in the header band), the store pages, the toasts. */
function Standalone(props: RemoteProps) {
  return (
    <>
      <header style={{ display: 'flex', justifyContent: 'flex-end', padding: 12, borderBottom: '1px solid #e3e7e4' }}>
        <StoreSelectorApp {...props} />
      </header>
      {/* A page chunk loading must not hide the header band. */}
      <Suspense fallback={<PageLoading />}>
        <StorePagesApp {...props} />
      </Suspense>
      <StandaloneToasts bus={props.bus} />
    </>
  );
}

mountStandalone(Standalone, { remote: 'mf-store-selector', session: false, store: false, logEvents: false });
