import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import './pages.css';

/**
 * Any path no route owns (spec §2 Routes; the edge answers it with HTTP 404 and this page).
 */
export function NotFoundPage() {
  useEffect(() => {
    document.title = 'Page not found – Harbour Market';
  }, []);
  return (
    <section className="shell-page shell-not-found" aria-labelledby="shell-not-found-heading">
      <h1 id="shell-not-found-heading" className="shell-page__title">Page not found</h1>
      <p>Sorry, we couldn&apos;t find the page you were looking for. It may have moved, or the address may be mistyped.</p>
      <p><Link className="shell-button" to="/">Go to the home page</Link></p>
    </section>
  );
}
