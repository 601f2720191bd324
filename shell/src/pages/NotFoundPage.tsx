import { useEffect } from 'react';
import { siteLinkClick } from 'shared-events';

/**
 * Any path no route owns (`navigate`: in-site navigation for the home link; without it, a page load) (spec §2 Routes; the edge answers it with HTTP 404 and this page).
 */
export function NotFoundPage({ navigate }: { navigate?: (url: string) => void } = {}) {
  useEffect(() => {
    document.title = 'Page not found – Harbour Market';
  }, []);
  return (
    <section className="shell-page shell-not-found" aria-labelledby="shell-not-found-heading">
      <h1 id="shell-not-found-heading" className="shell-page__title">Page not found</h1>
      <p>Sorry, we couldn&apos;t find the page you were looking for. It may have moved, or the address may be mistyped.</p>
      <p><a className="shell-button" href="/" onClick={siteLinkClick('/', navigate)}>Go to the home page</a></p>
    </section>
  );
}
