/**
 * Standalone mode (`npm run dev`, or the built index.html): the flyer page in `#root` on the page's
 * real bus with the demo store 3299, no shell (ARCHITECTURE §1). The config is shared-events'
 * `DEFAULT_RUNTIME_CONFIG`, whose `flyer` block names the local flyer provider (`npm start` at the
 * repository root starts it on :4300); without it the page says the flyer is unavailable. There is no
 * shopping list here: 'Add to list' publishes `list/add-requested` (see the console's event log) and
 * nothing answers it.
 */
import { mountStandalone } from '@storefront/remote-kit/standalone';
import { FlyerPage } from './components/FlyerPage';

mountStandalone((p) => <FlyerPage bus={p.bus} config={p.config} />, { remote: 'mf-flyer' });
