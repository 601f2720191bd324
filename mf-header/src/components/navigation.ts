import type { MouseEvent } from 'react';

/**
 * Click handler for a site link: with a `navigate` (RemoteProps, pushState + single-spa reroute)
 * a plain left click navigates without a reload; modified clicks (new tab etc.) and the standalone
 * mode keep the browser's default.
 */
export function linkClick(href: string, navigate?: (url: string) => void) {
  return (e: MouseEvent<HTMLAnchorElement>) => {
    if (!navigate || e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    navigate(href);
  };
}
