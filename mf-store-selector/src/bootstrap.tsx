/**
 * Standalone mode (`npm run dev` / `npm run build && npm run serve`): mounts the store selector into
 * `#root` with the real bus and DEFAULT_RUNTIME_CONFIG (search engine on http://localhost:7700).
 * Toasts are normally shown by mf-header; here a small list stands in so messages stay visible.
 * The './pages' app is mounted below the header too: open `/store-locator` or `/stores/<slug>` (the dev
 * server answers every path with index.html), or use the 'View Store Locator' link.
 */
import { StrictMode, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { bus, DEFAULT_RUNTIME_CONFIG } from 'shared-events';
import { StoreSelectorApp } from './App';
import { StorePagesApp } from './pages/StorePagesApp';

function StandaloneToasts() {
  const [messages, setMessages] = useState<Array<{ id: number; text: string; kind: string }>>([]);
  useEffect(() => {
    let n = 0;
    const sub = bus.on('toast/show').subscribe(({ payload }) => {
      const id = ++n;
      setMessages((m) => [...m, { id, text: payload.message, kind: payload.kind }]);
      setTimeout(() => setMessages((m) => m.filter((x) => x.id !== id)), payload.autoCloseMs ?? 7000);
    });
    return () => sub.unsubscribe();
  }, []);
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

/** In-page navigation without single-spa: pushState, then popstate so the pages re-read the path. */
function standaloneNavigate(url: string) {
  window.history.pushState(null, '', url);
  window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
}

const rootEl = document.getElementById('root');
if (rootEl) {
  createRoot(rootEl).render(
    <StrictMode>
      <header style={{ display: 'flex', justifyContent: 'flex-end', padding: 12, borderBottom: '1px solid #e3e7e4' }}>
        <StoreSelectorApp bus={bus} config={DEFAULT_RUNTIME_CONFIG} navigate={standaloneNavigate} />
      </header>
      <StorePagesApp bus={bus} config={DEFAULT_RUNTIME_CONFIG} navigate={standaloneNavigate} />
      <StandaloneToasts />
    </StrictMode>,
  );
}
