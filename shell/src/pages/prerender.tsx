/**
 * Build-time pre-rendering of the shell's own pages ("a stable, fast first paint"): the HTML
 * the edge serves for '/' and for a not-found path carries the page (and its `<h1>`), so the first
 * paint waits for no JavaScript; the shell then hydrates it (bootstrap.tsx). Rendered in the state a
 * first visit has: no preferred store yet. Used by webpack.config.js (Node), never in the browser.
 */
import { renderToString } from 'react-dom/server';
import { createBus } from 'shared-events';
import { HomePage } from './HomePage';
import { NotFoundPage } from './NotFoundPage';

/** The shell pages the edge serves pre-rendered (values of `data-prerendered` on `#shell-root`). */
export type PrerenderedPage = 'home' | 'not-found';

/**
 * The markup of a shell page, as the client's first render produces it (for `hydrateRoot`).
 * @returns an HTML fragment (React's renderToString, with its text separators)
 */
export function prerenderShellPage(page: PrerenderedPage): string {
  if (page === 'home') return renderToString(<HomePage bus={createBus()} />);
  return renderToString(<NotFoundPage />);
}
