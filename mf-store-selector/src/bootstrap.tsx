/**
 * Standalone mode (`npm run dev` / `npm run build && npm run serve`): mounts the store selector into
 * `#root` with the real bus and DEFAULT_RUNTIME_CONFIG (search engine on http://localhost:7700).
 * Toasts are normally shown by mf-header; here a small list stands in so messages stay visible.
 */
import { StrictMode, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { bus, DEFAULT_RUNTIME_CONFIG } from 'shared-events';
import { StoreSelectorApp } from './App';

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

const rootEl = document.getElementById('root');
if (rootEl) {
  createRoot(rootEl).render(
    <StrictMode>
      <header style={{ display: 'flex', justifyContent: 'flex-end', padding: 12, borderBottom: '1px solid #e3e7e4' }}>
        <StoreSelectorApp bus={bus} config={DEFAULT_RUNTIME_CONFIG} />
      </header>
      <StandaloneToasts />
    </StrictMode>,
  );
}
