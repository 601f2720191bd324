import { screen } from '@testing-library/react';
import { describeRemoteLifecycles, type LifecycleContext } from '@storefront/remote-kit/testing';
import { clearCookies, sessions } from './test-utils';

beforeEach(clearCookies);

/** Every loyalty page asks a signed-out shopper to log in. */
const signedOutPage = (heading: string) => async ({ view }: LifecycleContext) => {
  // The page is a lazy chunk (kit lazyPage): the kit's loading status first, then the page.
  await view.findByRole('heading', { level: 1, name: heading });
  view.getByRole('button', { name: 'Log In' });
};

describeRemoteLifecycles("'./spa' (popups in #slot-mf-loyalty)", () => import('./spa'), {
  remote: 'mf-loyalty',
  label: 'popups',
  url: '/',
  setup: ({ kit }) => { kit.bus.emit('session/changed', sessions.nora()); },
  // The popup the machine chooses, in a portal on document.body.
  expectMounted: () => { screen.getByRole('dialog', { name: 'Add your Scene+ card' }); },
  expectFallback: ({ slot }) => {
    expect(slot.querySelector('[data-remote-error="mf-loyalty"]')).toHaveAttribute('hidden');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  },
});

describeRemoteLifecycles("'./pages' (#slot-page)", () => import('./pages-spa'), {
  remote: 'mf-loyalty',
  label: 'pages',
  slotId: 'slot-page',
  url: '/scene',
  expectMounted: signedOutPage('Scene+'),
  routes: [
    { url: '/verify-card?redirectUrl=%2F', expectMounted: signedOutPage('Verify your Scene+ card') },
    { url: '/my-profile', expectMounted: signedOutPage('My Profile') },
    { url: '/preferences-centre/', expectMounted: signedOutPage('Preferences Centre') },
  ],
  expectFallback: async ({ view }) => {
    await view.findByText(/This page could not be shown/);
    expect(view.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
  },
});
