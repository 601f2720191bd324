import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { act } from 'react';
import { navigate, useLocation } from '@storefront/remote-kit';
import { createTestBus } from 'shared-events/testing';
import { ShellRoutes } from '../pages/ShellRoutes';
import { ShellErrorBoundary } from '../pages/ShellErrorBoundary';
import { shellErrors } from '../errors';

function LocationProbe() {
  const loc = useLocation();
  return <output data-testid="location">{loc.pathname + loc.search}</output>;
}

/** Renders the shell pages at `url` (the real history of jsdom, as in the browser). */
function renderAt(url: string, bus = createTestBus().bus) {
  window.history.replaceState(null, '', url);
  return render(
    <>
      <ShellRoutes bus={bus} navigate={navigate} />
      <LocationProbe />
    </>,
  );
}

beforeEach(() => { shellErrors().length = 0; });

describe('home page (spec §2 Routes: /)', () => {
  it('shows a welcome heading and quick links to the search results', () => {
    renderAt('/');
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome to Harbour Market' })).toBeInTheDocument();
    const popular = screen.getByRole('navigation', { name: 'Popular searches' });
    expect(popular).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Milk' })).toHaveAttribute('href', '/?query=milk&tab=product');
    expect(screen.getByRole('link', { name: 'Pasta recipes' })).toHaveAttribute('href', '/?query=pasta&tab=recipe');
    expect(document.title).toMatch(/^Harbour Market/);
  });

  it('opens the search results route when a quick link is chosen with the keyboard', async () => {
    const user = userEvent.setup();
    renderAt('/');
    screen.getByRole('link', { name: 'Eggs' }).focus();
    await user.keyboard('{Enter}');
    expect(screen.getByTestId('location')).toHaveTextContent('/?query=eggs&tab=product');
    // '/' with query belongs to the results remote: the shell renders nothing of its own
    expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();
  });

  it('names the preferred store and the co-op banner once a store is chosen (spec §4 Store selection)', () => {
    const kit = createTestBus();
    renderAt('/', kit.bus);
    act(() => kit.bus.emit('store/changed', { store: kit.fixtures.store({ locationName: 'Dartmouth Co-op', bannerCode: 'coop' }), source: 'user' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome to Harbour Co-op' })).toBeInTheDocument();
    expect(screen.getByText('Dartmouth Co-op')).toBeInTheDocument();
  });

  it('renders nothing of its own on / with a query (the results remote fills #slot-page)', () => {
    const { container } = renderAt('/?query=milk&tab=product');
    expect(container.querySelector('section')).toBeNull();
  });
});

describe('remote-owned pages and the sign-in callback (wave-2 shell wiring)', () => {
  it.each(['/store-locator', '/stores/halifax-quinpool-road-3299', '/verify-card', '/scene'])(
    'renders nothing of its own at %s (the remote fills #slot-page) and never "Page not found"',
    (url) => {
      const { container } = renderAt(url);
      expect(container.querySelector('section')).toBeNull();
      expect(screen.queryByRole('heading', { name: 'Page not found' })).toBeNull();
    },
  );

  it('shows a polite "Signing you in" status at /auth/callback', () => {
    renderAt('/auth/callback?code=abc&state=xyz');
    expect(screen.getByRole('heading', { level: 1, name: 'Signing you in' })).toBeInTheDocument();
    expect(screen.getByText('Just a moment while we sign you in…')).toHaveAttribute('role', 'status');
    expect(screen.queryByRole('heading', { name: 'Page not found' })).toBeNull();
  });
});

describe('not-found page', () => {
  it.each(['/no/such/page', '/offerz', '/stores/a/b', '/scene/x'])('shows Page not found with a link home at %s', async (url) => {
    const user = userEvent.setup();
    renderAt(url);
    expect(screen.getByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(document.title).toBe('Page not found – Harbour Market');
    await user.click(screen.getByRole('link', { name: 'Go to the home page' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome to Harbour Market' })).toBeInTheDocument();
  });
});

describe('shell page error boundary', () => {
  it('shows a short alert with a link home and records SHELL-006 when a page throws', () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const Boom = () => { throw new Error('render failed'); };
    render(<ShellErrorBoundary page="home"><Boom /></ShellErrorBoundary>);
    expect(screen.getByRole('alert')).toHaveTextContent('This page could not be shown.');
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
    expect(shellErrors()).toEqual([expect.objectContaining({ code: 'SHELL-006', remote: 'shell:home' })]);
    jest.restoreAllMocks();
  });
});
