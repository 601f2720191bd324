import fs from 'node:fs';
import path from 'node:path';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { act } from 'react';
import { navigate, useLocation } from '@storefront/remote-kit';
import { DEFAULT_RUNTIME_CONFIG, type RuntimeConfig } from 'shared-events';
import { createTestBus } from 'shared-events/testing';
import { ShellRoutes } from './ShellRoutes';
import { ShellErrorBoundary } from './ShellErrorBoundary';
import { shellErrors } from '../errors';

function LocationProbe() {
  const loc = useLocation();
  return <output data-testid="location">{loc.pathname + loc.search}</output>;
}

/** Renders the shell pages at `url` (the real history of jsdom, as in the browser). */
function renderAt(url: string, bus = createTestBus().bus, config?: RuntimeConfig) {
  window.history.replaceState(null, '', url);
  return render(
    <>
      <ShellRoutes bus={bus} navigate={navigate} config={config} />
      <LocationProbe />
    </>,
  );
}

beforeEach(() => { shellErrors().length = 0; });

/** A fetch answering the search engine's top searches and the flyer provider's publications. */
function stubHomeFetch(searches: unknown[] = [
  { search: 'apples', count: 12, nbHits: 40 },
  { search: 'milk', count: 9, nbHits: 31 },
  { search: 'zzzz', count: 5, nbHits: 0 },
]) {
  const fetchMock = jest.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input));
    const json = (body: unknown, status = 200) => ({ ok: status < 400, status, json: async () => body }) as Response;
    if (url.pathname === '/2/searches') return json({ searches });
    if (url.pathname === '/api/publications') return json({ publications: [{ id: '3299-20261119', storeCode: '3299', title: 'Weekly flyer', validFrom: '2026-11-19', validTo: '2026-11-25' }] });
    if (url.pathname === '/api/publications/3299-20261119') {
      return json({
        id: '3299-20261119', title: 'Weekly flyer', validFrom: '2026-11-19', validTo: '2026-11-25',
        pages: [{ number: 1, items: ['Gala apples', 'Whole milk', 'Sourdough', 'Cheddar', 'Bananas'].map((name, i) => ({ id: `f${i}`, name, priceText: '$3.99', saleStory: i === 0 ? '2 for $5' : '' })) }],
      });
    }
    return json({ message: 'not found' }, 404);
  });
  global.fetch = fetchMock as unknown as typeof fetch;
  return fetchMock;
}

const realFetch = global.fetch;
afterEach(() => { global.fetch = realFetch; });

describe('home page (spec §2 Routes: /)', () => {
  it('shows a welcome heading, then the popular searches of the search data as links to the results', async () => {
    const fetchMock = stubHomeFetch();
    renderAt('/', createTestBus().bus, DEFAULT_RUNTIME_CONFIG);
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome to Harbour Market' })).toBeInTheDocument();
    const popular = screen.getByRole('navigation', { name: 'Popular searches' });
    // first paint: the reserved box with a placeholder, no hard-coded list
    expect(within(popular).queryAllByRole('link')).toHaveLength(0);
    expect(await within(popular).findByRole('link', { name: 'apples' })).toHaveAttribute('href', '/?query=apples&tab=product');
    expect(within(popular).getAllByRole('link').map((a) => a.textContent)).toEqual(['apples', 'milk']); // no search without results
    const engineUrl = new URL(String(fetchMock.mock.calls.find(([u]) => String(u).includes('/2/searches'))![0]));
    expect(engineUrl.origin).toBe('http://localhost:7700');
    expect(engineUrl.searchParams.get('index')).toBe('products');
    expect(engineUrl.searchParams.get('x-algolia-api-key')).toBe(DEFAULT_RUNTIME_CONFIG.search.apiKey);
    expect(document.title).toMatch(/^Harbour Market/);
  });

  it('opens the search results route when a popular search is chosen with the keyboard', async () => {
    stubHomeFetch();
    const user = userEvent.setup();
    renderAt('/', createTestBus().bus, DEFAULT_RUNTIME_CONFIG);
    (await screen.findByRole('link', { name: 'milk' })).focus();
    await user.keyboard('{Enter}');
    expect(screen.getByTestId('location')).toHaveTextContent('/?query=milk&tab=product');
    // '/' with query belongs to the results remote: the shell renders nothing of its own
    expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();
  });

  it('says so when the search engine has no popular searches yet, or does not answer', async () => {
    stubHomeFetch([]);
    const first = renderAt('/', createTestBus().bus, DEFAULT_RUNTIME_CONFIG);
    expect(await screen.findByText(/Popular searches appear here once shoppers have searched/)).toBeInTheDocument();
    first.unmount();
    global.fetch = jest.fn(async () => { throw new TypeError('Failed to fetch'); }) as unknown as typeof fetch;
    renderAt('/', createTestBus().bus, DEFAULT_RUNTIME_CONFIG);
    expect(await screen.findByText('Popular searches are unavailable right now.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: "View this week's flyer" })).toHaveAttribute('href', '/flyer');
  });

  it("shows this week's flyer highlights of the preferred store, and the flyer and offers teasers", async () => {
    const fetchMock = stubHomeFetch();
    const kit = createTestBus();
    renderAt('/', kit.bus, DEFAULT_RUNTIME_CONFIG);
    act(() => kit.bus.emit('store/changed', { store: kit.fixtures.store({ storeNumber: '3299' }), source: 'user' }));
    const flyer = screen.getByRole('region', { name: "This week's flyer" });
    const highlights = await within(flyer).findByRole('list', { name: 'Flyer highlights' });
    expect(within(highlights).getAllByRole('listitem')).toHaveLength(4);
    expect(highlights).toHaveTextContent('Gala apples2 for $5');
    expect(within(flyer).getByRole('link', { name: "View this week's flyer" })).toHaveAttribute('href', '/flyer');
    const list = new URL(String(fetchMock.mock.calls.find(([u]) => String(u).includes('/api/publications?'))![0]));
    expect(list.origin).toBe('http://localhost:4300');
    expect(Object.fromEntries(list.searchParams)).toEqual({ merchant: 'harbour-market', storeCode: '3299' });
    const offers = screen.getByRole('region', { name: 'Offers' });
    expect(within(offers).getByRole('link', { name: 'See your offers' })).toHaveAttribute('href', '/offers');
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

describe('managed content pages (spec §2 Routes: /privacy-policy; spec §2 Footer: the footer\'s info links)', () => {
  const policy = {
    title: 'Privacy Policy', updated: '2026-11-23',
    sections: [
      { heading: 'What is stored on your device', paragraphs: ['Your shopping list is kept in your browser.', '<b>not markup</b>'] },
      { heading: 'Contact us', paragraphs: ['Call Scene+ support at 1-866-586-2805.'] },
    ],
  };

  it('shows its heading at once, then the sections of the managed content as text', async () => {
    const fetchMock = jest.fn(async () => ({ ok: true, status: 200, json: async () => ({ status: 'success', code: 200, message: 'OK', data: policy }) }) as unknown as Response);
    global.fetch = fetchMock as unknown as typeof fetch;
    const { container } = renderAt('/privacy-policy', createTestBus().bus, DEFAULT_RUNTIME_CONFIG);
    expect(screen.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeInTheDocument();
    expect(screen.getByText('Loading this page…')).toHaveAttribute('role', 'status');
    expect(await screen.findByRole('heading', { level: 2, name: 'What is stored on your device' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Contact us' })).toHaveTextContent('1-866-586-2805');
    expect(screen.getByText('Last updated November 23, 2026')).toBeInTheDocument();
    expect(screen.getByText('<b>not markup</b>')).toBeInTheDocument();
    expect(container.querySelector('b')).toBeNull();
    expect(fetchMock).toHaveBeenCalledWith('/api/content/privacy-policy', expect.anything());
    expect(document.title).toBe('Privacy Policy – Harbour Market');
    expect(screen.queryByRole('heading', { name: 'Page not found' })).toBeNull();
  });

  it('shows an alert when the content cannot be loaded, and loads it again on "Try again"', async () => {
    const user = userEvent.setup();
    const answers = [
      { ok: false, status: 502, json: async () => ({ error: 'Bad Gateway' }) },
      { ok: true, status: 200, json: async () => ({ status: 'success', data: policy }) },
    ];
    global.fetch = jest.fn(async () => answers.shift() as unknown as Response) as unknown as typeof fetch;
    renderAt('/privacy-policy', createTestBus().bus, DEFAULT_RUNTIME_CONFIG);
    expect(await screen.findByRole('alert')).toHaveTextContent('This page could not be loaded right now.');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Contact us' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('the footer\'s info pages (spec §2 Footer; every footer link is a real page)', () => {
  const CONTENT_DIR = path.resolve(__dirname, '../../../services/seed/data/content');
  /** A fetch answering `/api/content/<name>` with the seed's file, as the BFF does. */
  function serveSeedContent() {
    const fetchMock = jest.fn(async (input: RequestInfo | URL) => {
      const name = /\/api\/content\/([a-z-]+)$/.exec(String(input))?.[1];
      const file = name ? path.join(CONTENT_DIR, `${name}.json`) : '';
      if (!file || !fs.existsSync(file)) return { ok: false, status: 404, json: async () => ({ status: 'error', code: 'CONTENT_NOT_FOUND' }) } as unknown as Response;
      const data: unknown = JSON.parse(fs.readFileSync(file, 'utf8'));
      return { ok: true, status: 200, json: async () => ({ status: 'success', code: 200, message: 'OK', data }) } as unknown as Response;
    });
    global.fetch = fetchMock as unknown as typeof fetch;
    return fetchMock;
  }

  it.each([
    ['/about/our-story', 'Our Story', 'about-our-story'],
    ['/about/co-op-stores', 'Co-op Stores', 'about-co-op-stores'],
    ['/about/community', 'Community Giving', 'about-community'],
    ['/about/careers', 'Careers', 'about-careers'],
    ['/customer-service/contact-us', 'Contact Us', 'customer-service-contact-us'],
    ['/customer-service/help', 'Help & FAQs', 'customer-service-help'],
    ['/customer-service/live-chat', 'Live Chat', 'customer-service-live-chat'],
    ['/legal/terms-of-use', 'Terms of Use', 'legal-terms-of-use'],
    ['/legal/accessibility', 'Accessibility', 'legal-accessibility'],
  ])('%s shows its <h1> %j at once, then the sections of the managed content %s', async (url, title, name) => {
    const fetchMock = serveSeedContent();
    renderAt(url, createTestBus().bus, DEFAULT_RUNTIME_CONFIG);
    expect(screen.getByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(screen.getByRole('article', { name: title })).toBeInTheDocument();
    const first = (JSON.parse(fs.readFileSync(path.join(CONTENT_DIR, `${name}.json`), 'utf8')) as { sections: Array<{ heading: string }> }).sections[0]!.heading;
    expect(await screen.findByRole('heading', { level: 2, name: first })).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith(`/api/content/${name}`, expect.anything());
    expect(document.title).toBe(`${title} – Harbour Market`);
    expect(screen.queryByRole('heading', { name: 'Page not found' })).toBeNull();
  });

  it('follows an in-site link of the content with the keyboard, without a page load, to the next page', async () => {
    serveSeedContent();
    const user = userEvent.setup();
    renderAt('/customer-service/contact-us', createTestBus().bus, DEFAULT_RUNTIME_CONFIG);
    const help = await screen.findByRole('link', { name: 'Help & FAQs' });
    expect(help).toHaveAttribute('href', '/customer-service/help');
    expect(screen.getByRole('link', { name: 'Call 1-866-586-2805' })).toHaveAttribute('href', 'tel:+18665862805');
    help.focus();
    await user.keyboard('{Enter}');
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/customer-service\/help$/);
    expect(screen.getByRole('heading', { level: 1, name: 'Help & FAQs' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 2, name: 'How do I choose my store?' })).toBeInTheDocument();
  });

  it.each(['/about', '/about/', '/about/no-such-page', '/legal/terms', '/customer-service', '/customer-service/help/more', '/privacy-policy/x'])(
    'still shows Page not found at %s (only the listed pages exist)',
    (url) => {
      renderAt(url);
      expect(screen.getByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    },
  );
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
