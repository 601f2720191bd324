/**
 * Standalone mode (`npm run dev`): the app in `#root` with the real bus, a demo session and the demo
 * store 3299, no shell (ARCHITECTURE §1).
 */
import { mountStandalone } from '@storefront/remote-kit/standalone';
import { App } from './components/App';

mountStandalone(App, { remote: '__PACKAGE__' });
