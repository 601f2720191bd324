import { useEffect } from 'react';

/**
 * `/auth/callback`: where the identity provider returns after sign-in. The session manager exchanges the
 * code and replaces the URL with the page the shopper was on; meanwhile this polite status shows.
 */
export function SignInCallbackPage() {
  useEffect(() => {
    document.title = 'Signing you in – Harbour Market';
  }, []);
  return (
    <section className="shell-page" aria-labelledby="shell-callback-heading">
      <h1 id="shell-callback-heading" className="shell-page__title">Signing you in</h1>
      <p role="status">Just a moment while we sign you in…</p>
    </section>
  );
}
