import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithKit } from '@storefront/remote-kit/testing';
import { EMPTY_SESSION, type Session } from 'shared-events';
import { createTestBus } from 'shared-events/testing';
import { OffersError } from '../api/offersApi';
import { OffersPages } from './OffersPages';
import { CARD_STATUS_MESSAGE, EXCEPTION_MESSAGE, NO_CARD_MESSAGE } from '../state/messages';
import { fakeApi, goTo, inDays, offer, sessions } from '../test-utils';

const fav1 = offer({ offerId: 'ofr-1003-001', text: 'Get 250 points when you buy Harbour Pantry Chicken Vegetable Soup' });
const fav2 = offer({ offerId: 'ofr-1003-002', offerType: 12, points: 300, offerIconText1: '300 pts', offerIconText2: 'Spend $20.00', offerIconText3: 'Meat & Seafood', text: 'Get 300 points when you spend $20.00 or more on Meat & Seafood', loaded: true });
const fav3 = offer({ offerId: 'ofr-1003-003', offerType: 13, points: 75, bannerInd: 'BC', text: 'Get 75 points for every Rice, Puffed you buy (up to 5)', endDate: inDays(1) });
const bb5 = offer({ offerId: 'ofr-1003-005', offerType: 15, points: null, offerIconText1: '$10.00 off', offerIconText2: 'Spend $100.00', text: 'Save $10.00 when you spend $100.00 or more on Deli', loaded: true });
const ended = offer({ offerId: 'ofr-1003-004', text: 'Ended offer', endDate: inDays(-1) });

function renderFavourites(session: Session = sessions.lena(), api = fakeApi({ fetchFavourites: jest.fn().mockResolvedValue({ favouriteOffers: [fav1, fav2, fav3, ended], basketBuilderOffers: [bb5] }) })) {
  goTo('/favourites');
  const kit = createTestBus();
  kit.bus.emit('session/changed', session);
  const view = renderWithKit(<OffersPages api={api} />, { remote: 'mf-offers', kit });
  return { ...view, kit, api };
}

describe('/favourites (spec §2 signed-in only, §3 Favourites, §4 redeemed/expired removed)', () => {
  it('shows favourite and basket-builder offers, only live ones', async () => {
    renderFavourites();
    expect(await screen.findByRole('heading', { level: 1, name: 'Favourite offers' })).toBeInTheDocument();
    const favs = await screen.findByRole('region', { name: /^Favourite offers \(3\)$/ });
    expect(within(favs).getByText('Get 250 points when you buy Harbour Pantry Chicken Vegetable Soup')).toBeInTheDocument();
    expect(within(favs).getByText('300 PTS')).toBeInTheDocument();
    expect(within(favs).getByText('Expiring soon')).toBeInTheDocument();
    expect(screen.queryByText('Ended offer')).toBeNull();
    const bb = screen.getByRole('region', { name: /^Basket builder offers \(1\)$/ });
    expect(within(bb).getByText('$10 OFF')).toBeInTheDocument();
    expect(within(bb).getByText('Loaded to card')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Favourites' })).toHaveAttribute('aria-current', 'page');
  });

  it('Remove deletes the favourite (DELETE), and focus moves to the next Remove', async () => {
    const user = userEvent.setup();
    const api = fakeApi({
      fetchFavourites: jest.fn().mockResolvedValue({ favouriteOffers: [fav1, fav2, fav3], basketBuilderOffers: [bb5] }),
      removeFavourite: jest.fn().mockResolvedValue({ removed: true, favouriteOffers: [fav1, fav3], basketBuilderOffers: [bb5] }),
    });
    const { kit } = renderFavourites(sessions.lena(), api);
    const remove = await screen.findByRole('button', { name: 'Remove from favourites: Get 300 points when you spend $20.00 or more on Meat & Seafood' });
    await user.click(remove);
    await waitFor(() => expect(screen.getByRole('region', { name: /^Favourite offers \(2\)$/ })).toBeInTheDocument());
    expect(api.removeFavourite).toHaveBeenCalledWith('ofr-1003-002');
    await waitFor(() => expect(document.activeElement).toHaveAccessibleName('Remove from favourites: Get 75 points for every Rice, Puffed you buy (up to 5)'));
    expect(kit.published('toast/show')[0].payload).toMatchObject({ kind: 'success', message: 'Removed from your favourites' });
  });

  it('removing the last one focuses the heading and shows the empty state with a link to /offers', async () => {
    const user = userEvent.setup();
    const api = fakeApi({
      fetchFavourites: jest.fn().mockResolvedValue({ favouriteOffers: [fav1], basketBuilderOffers: [] }),
      removeFavourite: jest.fn().mockResolvedValue({ removed: true, favouriteOffers: [], basketBuilderOffers: [] }),
    });
    renderFavourites(sessions.lena(), api);
    await user.click(await screen.findByRole('button', { name: /^Remove from favourites:/ }));
    expect(await screen.findByText(/You have no favourite offers yet/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse offers' })).toHaveAttribute('href', '/offers');
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'Favourite offers' })).toHaveFocus());
  });

  it('a failed removal keeps the offer and says so', async () => {
    const user = userEvent.setup();
    const api = fakeApi({
      fetchFavourites: jest.fn().mockResolvedValue({ favouriteOffers: [fav1], basketBuilderOffers: [] }),
      removeFavourite: jest.fn().mockRejectedValue(new OffersError('error', 'down')),
    });
    const { kit } = renderFavourites(sessions.lena(), api);
    await user.click(await screen.findByRole('button', { name: /^Remove from favourites:/ }));
    await waitFor(() => expect(kit.published('toast/show')).toHaveLength(1));
    expect(kit.published('toast/show')[0].payload).toMatchObject({ kind: 'error', message: EXCEPTION_MESSAGE });
    expect(screen.getByRole('region', { name: /^Favourite offers \(1\)$/ })).toBeInTheDocument();
  });

  it('anonymous: asked to sign in (returnTo /favourites), nothing fetched', async () => {
    const user = userEvent.setup();
    const { kit, api } = renderFavourites(EMPTY_SESSION);
    expect(await screen.findByText('Sign in to see your favourite offers.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Log In' }));
    expect(kit.published('session/sign-in-requested')[0].payload).toEqual({ mode: 'signIn', returnTo: '/favourites' });
    expect(api.fetchFavourites).not.toHaveBeenCalled();
  });

  it('no card / LP00 / 409 NO_CARD', async () => {
    const a = renderFavourites(sessions.nora());
    expect(await screen.findByText(NO_CARD_MESSAGE)).toBeInTheDocument();
    a.unmount();
    const b = renderFavourites(sessions.olga());
    expect(await screen.findByText(CARD_STATUS_MESSAGE)).toBeInTheDocument();
    expect(b.api.fetchFavourites).not.toHaveBeenCalled();
    b.unmount();
    renderFavourites(sessions.lena(), fakeApi({ fetchFavourites: jest.fn().mockRejectedValue(new OffersError('no-card', 'x', 'NO_CARD')) }));
    expect(await screen.findByText(NO_CARD_MESSAGE)).toBeInTheDocument();
  });
});
