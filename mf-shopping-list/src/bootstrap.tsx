/**
 * Standalone mode (`npm run dev`, or the built index.html) through the kit's `mountStandalone`: the
 * band (trigger + side panel) and, on /shopping-list, the page, on the page's real bus with the demo
 * store 3299. No demo session (signed out): the list is the browser (anonymous) list in this browser's
 * IndexedDB, as there is no BFF behind the dev server to hold a signed-in shopper's list. Every bus event is logged.
 * 'Add a demo product' publishes a `list/add-requested` like another remote would.
 */
import { useLocation } from '@storefront/remote-kit';
import { mountStandalone } from '@storefront/remote-kit/standalone';
import type { RemoteProps } from 'shared-events';
import { ListBand } from './components/ListBand';
import { ShoppingListPage } from './components/ShoppingListPage';

const DEMO_ITEMS = ['20010010_G_3299', '20010065_G_3299', '20010171_G_3299'];

function Standalone(p: RemoteProps) {
  const { pathname } = useLocation();
  const onPage = pathname === '/shopping-list' || pathname.startsWith('/shopping-list/');
  const addDemo = () => {
    const itemId = DEMO_ITEMS[Math.floor(Math.random() * DEMO_ITEMS.length)];
    p.bus.emit('list/add-requested', { requestId: `demo-${Date.now()}`, itemId, productType: 'product' });
  };
  return (
    <div style={{ fontFamily: 'system-ui, sans-serif' }}>
      <header style={{ display: 'flex', alignItems: 'center', gap: 16, padding: '8px 16px', borderBottom: '1px solid #dde3e0' }}>
        <strong>mf-shopping-list (standalone)</strong>
        <span style={{ flex: 1 }} />
        <button type="button" onClick={addDemo}>Add a demo product</button>
        <a href="/shopping-list" onClick={(e) => { e.preventDefault(); p.navigate?.('/shopping-list'); }}>/shopping-list</a>
        <div id="slot-mf-shopping-list"><ListBand /></div>
      </header>
      {onPage ? <ShoppingListPage /> : <p style={{ padding: 16 }}>Open the list with the button above, or go to /shopping-list.</p>}
    </div>
  );
}

mountStandalone(Standalone, { remote: 'mf-shopping-list', session: false });
