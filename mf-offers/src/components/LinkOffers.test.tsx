import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithKit } from '@storefront/remote-kit/testing';
import { EMPTY_SESSION, type Session } from 'shared-events';
import { createTestBus } from 'shared-events/testing';
import { OffersError } from '../api/offersApi';
import { OffersPages } from './OffersPages';
import { LINK_STORAGE_KEY } from '../api/linkStorage';
import { CARD_STATUS_MESSAGE, EXCEPTION_MESSAGE, HASH_EXPIRED_MESSAGE, THROTTLED_MESSAGE } from '../state/messages';
import { clearOffersCache } from '../api/offersCache';
import { fakeApi, goTo, lenaData, sessions } from '../test-utils';

const VALID = 'mc1hXipzEPjUP_tOqbh95j_i4Z16Rd75dsHV0tNFzwM';
const EXPIRED = 'PXHUUYvEkq3_m1-YbF17uuCMKlP8j-P9eDqSj1LysBQ';

function renderLink(hash: string, { session = EMPTY_SESSION as Session, api = fakeApi() } = {}) {
  goTo(`/offers?hash=${encodeURIComponent(hash)}`);
  const kit = createTestBus();
  kit.bus.emit('session/changed', session);
  const navigate = jest.fn();
  const view = renderWithKit(<OffersPages api={api} />, { remote: 'mf-offers', kit, remoteProps: { navigate } });
  return { ...view, kit, api, navigate };
}

beforeEach(() => { sessionStorage.clear(); clearOffersCache(); });
afterEach(() => { jest.useRealTimers(); });

describe('/offers?hash= (spec §2, §6: view access without login; §8 expired hash link)', () => {
  it("shows the link card's offers without sign-in, read-only (no load or favourite buttons)", async () => {
    const { api } = renderLink(VALID);
    expect(await screen.findByText('Scene+ card •••• 1003 · view only')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: /^Active offers \(6\)$/ })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: /^Pending offers \(11\)$/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Load/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Favourite/ })).toBeNull();
    expect(api.fetchOffersByHash).toHaveBeenCalledWith(VALID, expect.anything());
    expect(api.fetchOffers).not.toHaveBeenCalled();
    // Markup in an offer is text here too.
    expect(screen.getByText(/Saltines Crackers <img src=x onerror=alert\(1\)>$/)).toBeInTheDocument();
    expect(document.querySelector('img[src="x"]')).toBeNull();
  });

  it('keeps the offers under a session key: a reload (new mount) does not ask the BFF again', async () => {
    const first = renderLink(VALID);
    await screen.findByText('Scene+ card •••• 1003 · view only');
    expect(JSON.parse(sessionStorage.getItem(LINK_STORAGE_KEY)!)).toMatchObject({ v: 1, hash: VALID });
    first.unmount();
    const second = renderLink(VALID);
    expect(await screen.findByText('Scene+ card •••• 1003 · view only')).toBeInTheDocument();
    expect(second.api.fetchOffersByHash).not.toHaveBeenCalled();
  });

  it('shows the link view even to a signed-in shopper (a hash wins), and offers a Log In for loading', async () => {
    const user = userEvent.setup();
    const { api, kit } = renderLink(VALID, { session: sessions.bella() });
    expect(await screen.findByText('Scene+ card •••• 1003 · view only')).toBeInTheDocument();
    expect(api.fetchOffers).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Log In' }));
    expect(kit.published('session/sign-in-requested')[0].payload).toEqual({ mode: 'signIn', returnTo: '/offers' });
  });

  it('an expired (or unknown) hash: the spec §8 text, then home after 3 seconds', async () => {
    jest.useFakeTimers();
    const api = fakeApi({ fetchOffersByHash: jest.fn().mockRejectedValue(new OffersError('hash-expired', 'x', 'HASH_EXPIRED')) });
    sessionStorage.setItem(LINK_STORAGE_KEY, JSON.stringify({ v: 1, hash: 'other'.repeat(8), savedAt: Date.now(), data: {} }));
    const { navigate } = renderLink(EXPIRED, { api });
    expect(await screen.findByRole('alert')).toHaveTextContent(HASH_EXPIRED_MESSAGE);
    expect(screen.getByRole('alert').textContent).toBe('The link has expired, please sign in to view your current offers or contact Scene+ support at 1-866-586-2805.');
    expect(sessionStorage.getItem(LINK_STORAGE_KEY)).toBeNull();
    act(() => { jest.advanceTimersByTime(2999); });
    expect(navigate).not.toHaveBeenCalled();
    act(() => { jest.advanceTimersByTime(1); });
    expect(navigate).toHaveBeenCalledWith('/');
    expect(api.fetchOffersByHash).toHaveBeenCalledTimes(1); // never retried
  });

  it('a malformed hash gets the same text without asking the BFF', async () => {
    jest.useFakeTimers();
    const { api, navigate } = renderLink('not-a-real-hash');
    expect(await screen.findByRole('alert')).toHaveTextContent(HASH_EXPIRED_MESSAGE);
    expect(api.fetchOffersByHash).not.toHaveBeenCalled();
    act(() => { jest.advanceTimersByTime(3000); });
    expect(navigate).toHaveBeenCalledWith('/');
  });

  it("429: 'Too many attempts…' and Try again (no automatic retry)", async () => {
    const user = userEvent.setup();
    const api = fakeApi({ fetchOffersByHash: jest.fn().mockRejectedValueOnce(new OffersError('throttled', 'Too many offers link lookups', 429)).mockResolvedValue(lenaData()) });
    const { navigate } = renderLink(VALID, { api });
    expect(await screen.findByRole('alert')).toHaveTextContent(THROTTLED_MESSAGE);
    expect(THROTTLED_MESSAGE).toMatch(/^Too many attempts/);
    expect(api.fetchOffersByHash).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Scene+ card •••• 1003 · view only')).toBeInTheDocument();
    expect(navigate).not.toHaveBeenCalled();
  });

  it('another failure: the spec §8 exception text', async () => {
    renderLink(VALID, { api: fakeApi({ fetchOffersByHash: jest.fn().mockRejectedValue(new OffersError('error', 'down', 500)) }) });
    expect(await screen.findByRole('alert')).toHaveTextContent(EXCEPTION_MESSAGE);
  });

  it('asks in the order of spec §7: hash validation, then member inquiry, then the offers', async () => {
    const order: string[] = [];
    const api = fakeApi({
      validateHash: jest.fn(async () => { order.push('validate'); return { valid: true, cardNumber: '•••• 1003', expiresAt: '2099-01-01T00:00:00.000Z' }; }),
      memberInquiry: jest.fn(async () => { order.push('member'); return { cardNumber: '•••• 1003', status: 'LP01', firstName: 'Lena' }; }),
      fetchOffersByHash: jest.fn(async () => { order.push('offers'); return lenaData(); }),
    });
    renderLink(VALID, { api });
    expect(await screen.findByText('Scene+ card •••• 1003 · view only')).toBeInTheDocument();
    expect(order).toEqual(['validate', 'member', 'offers']);
    expect(api.validateHash).toHaveBeenCalledWith(VALID, expect.anything());
    expect(api.memberInquiry).toHaveBeenCalledWith(VALID, expect.anything());
  });

  it('an invalid hash at validation: the spec §8 text, and neither member inquiry nor offers are asked', async () => {
    jest.useFakeTimers();
    const api = fakeApi({ validateHash: jest.fn().mockRejectedValue(new OffersError('hash-expired', 'x', 'HASH_EXPIRED')) });
    const { navigate } = renderLink(EXPIRED, { api });
    expect(await screen.findByRole('alert')).toHaveTextContent(HASH_EXPIRED_MESSAGE);
    expect(api.memberInquiry).not.toHaveBeenCalled();
    expect(api.fetchOffersByHash).not.toHaveBeenCalled();
    act(() => { jest.advanceTimersByTime(3000); });
    expect(navigate).toHaveBeenCalledWith('/');
  });

  it('member inquiry says the card is LP00: the card-status text, offers not asked (spec §4)', async () => {
    const api = fakeApi({ memberInquiry: jest.fn().mockResolvedValue({ cardNumber: '•••• 1006', status: 'LP00', firstName: null }) });
    renderLink(VALID, { api });
    expect(await screen.findByText(CARD_STATUS_MESSAGE)).toBeInTheDocument();
    expect(api.fetchOffersByHash).not.toHaveBeenCalled();
    expect(screen.queryByRole('region', { name: /offers \(/ })).toBeNull();
  });

  it('a member inquiry that fails: the spec §8 exception text with Try again, offers not asked', async () => {
    const api = fakeApi({ memberInquiry: jest.fn().mockRejectedValue(new OffersError('error', 'down', 500)) });
    renderLink(VALID, { api });
    expect(await screen.findByRole('alert')).toHaveTextContent(EXCEPTION_MESSAGE);
    expect(api.fetchOffersByHash).not.toHaveBeenCalled();
  });

  it('the link view shows the product pictures with the product names as alt text', async () => {
    renderLink(VALID);
    await screen.findByText('Scene+ card •••• 1003 · view only');
    const pictures = Array.from(document.querySelectorAll<HTMLImageElement>('img.mfo-image'));
    expect(pictures.length).toBeGreaterThan(0);
    for (const img of pictures) {
      expect(img.getAttribute('src')).toMatch(/^\/media\/[a-z0-9-]+\.svg$/);
      expect(img.alt).not.toMatch(/offer$/);
    }
  });

  it('filters work in the link view too', async () => {
    const user = userEvent.setup();
    renderLink(VALID);
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Category' }), 'Bakery');
    const pending = screen.getByRole('region', { name: /^Pending offers \(1\)$/ });
    expect(within(pending).getByText('Get 5 points for every $1 you spend on Bakery')).toBeInTheDocument();
  });
});
