import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithKit } from '@storefront/remote-kit/testing';
import { EMPTY_SESSION, type Session } from 'shared-events';
import { createTestBus } from 'shared-events/testing';
import { OffersError } from '../api/offersApi';
import { OffersPages } from './OffersPages';
import { cachedCollections, clearOffersCache } from '../api/offersCache';
import { usableCollections, type OfferCollections } from '../state/offer';
import { CARD_STATUS_MESSAGE, EXCEPTION_MESSAGE, NO_CARD_MESSAGE } from '../state/messages';
import { deferred, fakeApi, goTo, inDays, lenaCollections, lenaData, offer, sessions } from '../test-utils';

const XSS = 'Get 50 points when you buy Saltines Crackers <img src=x onerror=alert(1)>';

function renderOffers(session: Session = sessions.lena(), api = fakeApi()) {
  goTo('/offers');
  const kit = createTestBus();
  kit.bus.emit('session/changed', session);
  const view = renderWithKit(<OffersPages api={api} />, { remote: 'mf-offers', kit });
  return { ...view, kit, api };
}

/** The section (region) named 'Title (N)'. */
const section = (name: RegExp) => screen.getByRole('region', { name });
/** The card article of an offer id. */
const card = (id: string) => document.querySelector<HTMLElement>(`article[data-offer-id="${id}"]`)!;

/** Lena's collections after loading `ids` (moved to active, loaded). */
function afterLoading(ids: string[]): OfferCollections {
  const c = usableCollections(lenaCollections());
  const moved = c.pendingOffers.filter((o) => ids.includes(o.offerId)).map((o) => ({ ...o, loaded: true }));
  return { ...c, pendingOffers: c.pendingOffers.filter((o) => !ids.includes(o.offerId)), activeOffers: [...c.activeOffers, ...moved] };
}

beforeEach(() => { clearOffersCache(); sessionStorage.clear(); });

describe('/offers for a signed-in shopper (spec §3, §4 Offers, §5)', () => {
  it("shows Lena's four collections as card grids with badges, end dates and 'Expiring soon'", async () => {
    renderOffers();
    expect(await screen.findByRole('heading', { level: 1, name: 'Offers' })).toBeInTheDocument();
    expect(await screen.findByText('Scene+ card •••• 1003')).toBeInTheDocument();
    expect(section(/^Active offers \(6\)$/)).toBeInTheDocument();
    expect(section(/^Pending offers \(11\)$/)).toBeInTheDocument();
    expect(section(/^Expired offers \(3\)$/)).toBeInTheDocument();
    expect(section(/^Redeemed offers \(3\)$/)).toBeInTheDocument();
    // C-only offers are not used (spec §5).
    expect(card('ofr-1003-020')).toBeNull();
    expect(card('ofr-1003-021')).toBeNull();
    // Badges by type.
    expect(within(card('ofr-1003-010')).getByText('3X PTS')).toBeInTheDocument();
    expect(within(card('ofr-1003-008')).getByText('BUY 2 GET 1 FREE')).toBeInTheDocument();
    expect(within(card('ofr-1003-015')).getByText('2 FOR $3.50')).toBeInTheDocument();
    expect(within(card('ofr-1003-012')).getByText('COMBO 300 PTS')).toBeInTheDocument();
    // Description, end date, status.
    expect(within(card('ofr-1003-017')).getByText('Get 5 points for every $1 you spend on Bakery')).toBeInTheDocument();
    expect(within(card('ofr-1003-017')).getByText(/^Ends [A-Z][a-z]{2} \d{1,2}, \d{4}$/)).toBeInTheDocument();
    expect(within(card('ofr-1003-002')).getByText('Loaded to card')).toBeInTheDocument();
    expect(within(card('ofr-1003-004')).getByText('Expired')).toBeInTheDocument();
    expect(within(card('ofr-1003-006')).getByText('Redeemed')).toBeInTheDocument();
    // Ending within 48 h: 018 (pending) and 019 (active); not 017.
    expect(within(card('ofr-1003-018')).getByText('Expiring soon')).toBeInTheDocument();
    expect(within(card('ofr-1003-019')).getByText('Expiring soon')).toBeInTheDocument();
    expect(within(card('ofr-1003-017')).queryByText('Expiring soon')).toBeNull();
    // Placeholder image with alt text (no image host locally).
    expect(within(card('ofr-1003-002')).getByRole('img', { name: 'Meat & Seafood offer' })).toBeInTheDocument();
  });

  it('renders offer markup as text: no injected element', async () => {
    renderOffers();
    const text = await screen.findByText(XSS);
    expect(text.tagName).toBe('P');
    // the one picture is the product's (alt = its name); the markup added none
    expect(Array.from(card('ofr-1003-025').querySelectorAll('img')).map((img) => img.getAttribute('src'))).toEqual(['/media/rice-cracker.svg']);
    expect(document.querySelector('img[src="x"]')).toBeNull();
  });

  it("'Load all' loads every pending offer, shows the count banner, moves them to active, tracks card_activation and focuses the banner", async () => {
    const user = userEvent.setup();
    const pendingIds = usableCollections(lenaCollections()).pendingOffers.map((o) => o.offerId);
    const api = fakeApi({ loadOffers: jest.fn().mockResolvedValue({ loaded: pendingIds, failed: [], collections: afterLoading(pendingIds) }) });
    const { kit } = renderOffers(sessions.lena(), api);
    await user.click(await screen.findByRole('button', { name: 'Load all (11)' }));
    expect(await screen.findByText('11 offers loaded to your card')).toBeInTheDocument();
    expect(api.loadOffers).toHaveBeenCalledTimes(1);
    const [items] = api.loadOffers.mock.calls[0];
    expect(items).toHaveLength(11);
    expect(items[0]).toEqual({ id: pendingIds[0], channel: 'web', banner: 'standard' });
    expect(section(/^Active offers \(17\)$/)).toBeInTheDocument();
    expect(section(/^Pending offers \(0\)$/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Load all/ })).toBeNull();
    expect(kit.published('analytics/track')).toEqual([
      expect.objectContaining({ payload: { event: 'card_activation', params: { method: 'offer_load', channel: 'web', offers_loaded: 11, offer_ids: pendingIds } } }),
    ]);
    await waitFor(() => expect(screen.getByTestId('load-banner')).toHaveFocus());
    // The band's cache now holds the new collections.
    expect(cachedCollections('u-1003')?.activeOffers).toHaveLength(17);
    // Dismiss: the banner goes, focus returns to the heading.
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText('11 offers loaded to your card')).toBeNull();
    expect(screen.getByRole('heading', { level: 1, name: 'Offers' })).toHaveFocus();
  });

  it("'Load to card' on one offer loads just that one ('1 offer loaded to your card')", async () => {
    const user = userEvent.setup();
    const api = fakeApi({ loadOffers: jest.fn().mockResolvedValue({ loaded: ['ofr-1003-001'], failed: [], collections: afterLoading(['ofr-1003-001']) }) });
    renderOffers(sessions.lena(), api);
    await user.click(await screen.findByRole('button', { name: 'Load to card: Get 250 points when you buy Chili Sauce, Peppers' }));
    expect(await screen.findByText('1 offer loaded to your card')).toBeInTheDocument();
    expect(api.loadOffers.mock.calls[0][0]).toEqual([{ id: 'ofr-1003-001', channel: 'web', banner: 'standard' }]);
    expect(card('ofr-1003-001').dataset.collection).toBe('activeOffers');
    expect(within(card('ofr-1003-001')).queryByRole('button', { name: /^Load to card/ })).toBeNull();
  });

  it('a partial failure says which offers did not load and why', async () => {
    const user = userEvent.setup();
    const pendingIds = usableCollections(lenaCollections()).pendingOffers.map((o) => o.offerId);
    const ok = pendingIds.filter((id) => id !== 'ofr-1003-018');
    const api = fakeApi({
      loadOffers: jest.fn().mockResolvedValue({ loaded: ok, failed: [{ id: 'ofr-1003-018', reason: 'the offer has expired' }], collections: afterLoading(ok) }),
    });
    renderOffers(sessions.lena(), api);
    await user.click(await screen.findByRole('button', { name: 'Load all (11)' }));
    expect(await screen.findByText('10 offers loaded to your card')).toBeInTheDocument();
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('1 offer could not be loaded:');
    expect(within(alert).getByText('Get 150 points when you buy Beef Tenderloin — the offer has expired')).toBeInTheDocument();
  });

  it('a load that fails as a whole shows the spec §8 exception message and tracks nothing', async () => {
    const user = userEvent.setup();
    const api = fakeApi({ loadOffers: jest.fn().mockRejectedValue(new OffersError('error', 'network')) });
    const { kit } = renderOffers(sessions.lena(), api);
    await user.click(await screen.findByRole('button', { name: 'Load all (11)' }));
    expect(await screen.findByText(EXCEPTION_MESSAGE)).toBeInTheDocument();
    expect(kit.published('analytics/track')).toHaveLength(0);
    expect(section(/^Pending offers \(11\)$/)).toBeInTheDocument();
  });

  it("disables the load buttons while a load runs ('Load all' sends ≤ 100 offers per request)", async () => {
    const user = userEvent.setup();
    const held = deferred<unknown>();
    const many = Array.from({ length: 105 }, (_, i) => offer({ offerId: `ofr-1007-${String(i).padStart(3, '0')}` }));
    const data = { cardNumber: '•••• 1007', status: 'LP01', collections: { activeOffers: [], pendingOffers: many, expiredOffers: [], redeemedOffers: [] } };
    const api = fakeApi({
      fetchOffers: jest.fn().mockResolvedValue(data),
      loadOffers: jest.fn().mockImplementation((items: unknown[]) => (items.length === 100 ? held.promise : Promise.resolve({ loaded: [], failed: [], collections: data.collections }))),
    });
    renderOffers(sessions.bella(), api);
    const all = await screen.findByRole('button', { name: 'Load all (105)' });
    await user.click(all);
    expect(all).toBeDisabled();
    expect(screen.getAllByRole('button', { name: /^Load to card/ })[0]).toBeDisabled();
    await act(async () => held.resolve({ loaded: many.slice(0, 100).map((o) => o.offerId), failed: [], collections: data.collections }));
    await waitFor(() => expect(api.loadOffers).toHaveBeenCalledTimes(2));
    expect(api.loadOffers.mock.calls.map((c) => c[0].length)).toEqual([100, 5]);
  }, 20_000);

  it('filters by loaded / not loaded and category, and sorts by end date', async () => {
    const user = userEvent.setup();
    renderOffers();
    const show = await screen.findByRole('combobox', { name: 'Show' });
    await user.selectOptions(show, 'Not loaded');
    expect(section(/^Active offers \(0\)$/)).toHaveTextContent('No offers here match the filters.');
    expect(section(/^Pending offers \(11\)$/)).toBeInTheDocument();
    await user.selectOptions(show, 'Loaded to card');
    expect(section(/^Pending offers \(0\)$/)).toBeInTheDocument();
    expect(section(/^Active offers \(6\)$/)).toBeInTheDocument();
    await user.selectOptions(show, 'All offers');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Category' }), 'Bakery');
    expect(within(section(/^Pending offers \(1\)$/)).getByText('Get 5 points for every $1 you spend on Bakery')).toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Category' }), 'All categories');
    const pendingOrder = () => Array.from(section(/^Pending offers/).querySelectorAll('article')).map((a) => a.dataset.offerId);
    expect(pendingOrder()[0]).toBe('ofr-1003-018'); // ends in 1.5 days
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by end date' }), 'Ending latest');
    expect(pendingOrder()[pendingOrder().length - 1]).toBe('ofr-1003-018');
  });

  it('adds and removes favourites from the offers page (aria-pressed toggles on live offers)', async () => {
    const user = userEvent.setup();
    const c = usableCollections(lenaCollections());
    const fav = c.activeOffers.find((o) => o.offerId === 'ofr-1003-002')!;
    const pend = c.pendingOffers.find((o) => o.offerId === 'ofr-1003-001')!;
    const api = fakeApi({
      fetchFavourites: jest.fn().mockResolvedValue({ favouriteOffers: [fav], basketBuilderOffers: [] }),
      addFavourite: jest.fn().mockResolvedValue({ favouriteOffers: [fav, pend], basketBuilderOffers: [] }),
      removeFavourite: jest.fn().mockResolvedValue({ removed: true, favouriteOffers: [pend], basketBuilderOffers: [] }),
    });
    const { kit } = renderOffers(sessions.lena(), api);
    const favButton = await screen.findByRole('button', { name: 'Favourite: Get 300 points when you spend $20.00 or more on Meat & Seafood' });
    expect(favButton).toHaveAttribute('aria-pressed', 'true');
    const pendButton = screen.getByRole('button', { name: 'Favourite: Get 250 points when you buy Chili Sauce, Peppers' });
    expect(pendButton).toHaveAttribute('aria-pressed', 'false');
    await user.click(pendButton);
    await waitFor(() => expect(pendButton).toHaveAttribute('aria-pressed', 'true'));
    expect(api.addFavourite).toHaveBeenCalledWith('ofr-1003-001');
    expect(pendButton).toHaveFocus();
    await user.click(favButton);
    await waitFor(() => expect(favButton).toHaveAttribute('aria-pressed', 'false'));
    expect(api.removeFavourite).toHaveBeenCalledWith('ofr-1003-002');
    expect(kit.published('toast/show').map((t) => t.payload.message)).toEqual(['Added to your favourites', 'Removed from your favourites']);
    // No toggles on expired or redeemed offers.
    expect(within(card('ofr-1003-004')).queryByRole('button', { name: /^Favourite/ })).toBeNull();
  });

  it('a favourite that is no longer live gives an error toast', async () => {
    const user = userEvent.setup();
    const api = fakeApi({ addFavourite: jest.fn().mockRejectedValue(new OffersError('not-live', 'x', 'OFFER_NOT_LIVE')) });
    const { kit } = renderOffers(sessions.lena(), api);
    await user.click(await screen.findByRole('button', { name: 'Favourite: Get 250 points when you buy Chili Sauce, Peppers' }));
    await waitFor(() => expect(kit.published('toast/show')).toHaveLength(1));
    expect(kit.published('toast/show')[0].payload).toMatchObject({ kind: 'error', message: 'This offer can no longer be added to your favourites.' });
  });

  it("keyboard: Tab goes from 'Load all' to the first 'Load to card'; Enter loads it and focus lands on the result", async () => {
    const user = userEvent.setup();
    const api = fakeApi({ loadOffers: jest.fn().mockResolvedValue({ loaded: ['ofr-1003-018'], failed: [], collections: afterLoading(['ofr-1003-018']) }) });
    renderOffers(sessions.lena(), api);
    const loadAll = await screen.findByRole('button', { name: 'Load all (11)' });
    loadAll.focus();
    await user.tab();
    expect(document.activeElement).toHaveAccessibleName('Load to card: Get 150 points when you buy Beef Tenderloin');
    await user.keyboard('{Enter}');
    expect(await screen.findByText('1 offer loaded to your card')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('load-banner')).toHaveFocus());
  });
});

describe('/offers gates (spec §4 LP00, §6)', () => {
  it('anonymous without a hash: a sign-in prompt publishing session/sign-in-requested', async () => {
    const user = userEvent.setup();
    const { kit, api } = renderOffers(EMPTY_SESSION);
    expect(await screen.findByText('Sign in to see your Scene+ offers and load them to your card.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Log In' }));
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(kit.published('session/sign-in-requested').map((e) => e.payload)).toEqual([
      { mode: 'signIn', returnTo: '/offers' },
      { mode: 'signUp', returnTo: '/offers' },
    ]);
    expect(api.fetchOffers).not.toHaveBeenCalled();
  });

  it('card status LP00: offers loading is skipped and explained', async () => {
    const { api } = renderOffers(sessions.olga());
    expect(await screen.findByText('Offers are not available for this card.')).toBeInTheDocument();
    expect(screen.getByText(CARD_STATUS_MESSAGE)).toBeInTheDocument();
    expect(api.fetchOffers).not.toHaveBeenCalled();
  });

  it('no card: a message and a link to /scene, no BFF call', async () => {
    const { api } = renderOffers(sessions.nora());
    expect(await screen.findByText(NO_CARD_MESSAGE)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Scene+' })).toHaveAttribute('href', '/scene');
    expect(api.fetchOffers).not.toHaveBeenCalled();
  });

  it('409 NO_CARD from the BFF shows the no-card message', async () => {
    renderOffers(sessions.lena(), fakeApi({ fetchOffers: jest.fn().mockRejectedValue(new OffersError('no-card', 'There is no Scene+ card on this account', 'NO_CARD')) }));
    expect(await screen.findByText(NO_CARD_MESSAGE)).toBeInTheDocument();
  });

  it('a session still loading shows a status, then the offers', async () => {
    const { kit } = renderOffers({ ...sessions.lena(), isLoading: true });
    expect(await screen.findByRole('status')).toHaveTextContent('Loading your offers…');
    act(() => kit.bus.emit('session/changed', sessions.lena()));
    expect(await screen.findByRole('region', { name: /^Active offers/ })).toBeInTheDocument();
  });

  it('a failed read is retried once; then spec §8 exception text and Try again', async () => {
    const user = userEvent.setup();
    const api = fakeApi();
    api.fetchOffers.mockReset()
      .mockRejectedValueOnce(new OffersError('error', 'down', 500))
      .mockRejectedValueOnce(new OffersError('error', 'down', 500))
      .mockResolvedValue(lenaData());
    renderOffers(sessions.lena(), api);
    expect(await screen.findByRole('alert', {}, { timeout: 3000 })).toHaveTextContent(EXCEPTION_MESSAGE);
    expect(api.fetchOffers).toHaveBeenCalledTimes(2);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('region', { name: /^Active offers/ })).toBeInTheDocument();
  });

  it('a card with no offers says so', async () => {
    renderOffers(sessions.lena(), fakeApi({ fetchOffers: jest.fn().mockResolvedValue({ cardNumber: '•••• 1004', status: 'LP01', collections: { activeOffers: [], pendingOffers: [], expiredOffers: [], redeemedOffers: [] } }) }));
    expect(await screen.findByText('You have no Scene+ offers right now. New offers arrive every week.')).toBeInTheDocument();
  });

  it("never shows another card's offers: the page renders what the shopper's own GET answered", async () => {
    const bellaOnly = { cardNumber: '•••• 1007', status: 'LP01', collections: { activeOffers: [offer({ offerId: 'ofr-1007-001', loaded: true, endDate: inDays(3) })], pendingOffers: [], expiredOffers: [], redeemedOffers: [] } };
    const api = fakeApi({ fetchOffers: jest.fn().mockResolvedValue(bellaOnly) });
    renderOffers(sessions.bella(), api);
    expect(await screen.findByText('Scene+ card •••• 1007')).toBeInTheDocument();
    expect(document.body.innerHTML).not.toMatch(/ofr-1003-/);
  });
});
