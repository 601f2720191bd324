import { siteLinkClick } from 'shared-events';

/**
 * Click handler for a site link: with a `navigate` (RemoteProps, pushState + single-spa reroute)
 * a plain left click navigates without a reload; modified clicks (new tab etc.) and the standalone
 * mode keep the browser's default. The one implementation lives in shared-events.
 */
export const linkClick = siteLinkClick;
