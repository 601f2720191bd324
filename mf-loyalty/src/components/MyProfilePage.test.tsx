import { act, screen, waitFor } from '@testing-library/react';
import { renderWithKit } from '@storefront/remote-kit/testing';
import userEvent from '@testing-library/user-event';
import { BffError, callBff, type Session } from 'shared-events';
import { createTestBus } from 'shared-events/testing';
import { envelope, sessions } from '../test-utils';
import { MyProfilePage } from './MyProfilePage';

jest.mock('shared-events', () => ({ ...jest.requireActual('shared-events'), callBff: jest.fn() }));
const mockedCallBff = callBff as jest.MockedFunction<typeof callBff>;

const LENA_ACCOUNT = {
  uid: 'u-1003', email: 'lena.linked@example.com', firstName: 'Lena', lastName: 'Linked',
  cardNumber: '6046000000001003', preferredStoreId: '3299', subscribed: true,
};

function setup(session: Session, { withStore = true } = {}) {
  const kit = createTestBus();
  kit.bus.emit('session/changed', session);
  if (withStore) kit.bus.emit('store/changed', { store: kit.fixtures.store(), source: 'account' });
  kit.reset();
  const navigate = jest.fn();
  const user = userEvent.setup();
  renderWithKit(<MyProfilePage bus={kit.bus} apiBase="/api" navigate={navigate} />, { kit, remote: 'mf-loyalty' });
  return { kit, user, navigate };
}

beforeEach(() => mockedCallBff.mockReset());

describe('/my-profile (spec §2 Routes, §3 Session, §6)', () => {
  it('lena: name, email from GET /api/account, preferred store, masked card with points and dollar value', async () => {
    mockedCallBff.mockResolvedValue(envelope('success', 200, 'OK', LENA_ACCOUNT));
    const { user, navigate } = setup(sessions.lena());
    expect(screen.getByRole('heading', { level: 1, name: 'My Profile' })).toBeInTheDocument();
    expect(screen.getByText('Lena Linked')).toBeInTheDocument();
    expect(await screen.findByText('lena.linked@example.com')).toBeInTheDocument();

    expect(mockedCallBff).toHaveBeenCalledTimes(1);
    const [apiBase, path, options] = mockedCallBff.mock.calls[0];
    expect([apiBase, path, options?.method]).toEqual(['/api', '/account', 'GET']);
    expect(options).not.toHaveProperty('session');

    expect(screen.getByText('Halifax Quinpool Road')).toBeInTheDocument();
    const storeLink = screen.getByRole('link', { name: 'Change store' });
    expect(storeLink).toHaveAttribute('href', '/store-locator');
    await user.click(storeLink);
    expect(navigate).toHaveBeenCalledWith('/store-locator');

    expect(screen.getByLabelText('Card ending in 1003')).toHaveTextContent('•••• •••• •••• 1003');
    expect(screen.queryByText(/6046000000001003/)).not.toBeInTheDocument();
    expect(screen.getByText('1,250 PTS')).toBeInTheDocument();
    expect(screen.getByText('$12.50')).toBeInTheDocument();
    expect(screen.queryByText('No Scene+ card linked')).not.toBeInTheDocument();
  });

  it('nora (no card, no store): "No Scene+ card linked" with a link to /scene, "Find a store"', async () => {
    mockedCallBff.mockResolvedValue(envelope('success', 200, 'OK', { ...LENA_ACCOUNT, uid: 'u-1001', email: 'nora.nocard@example.com', firstName: 'Nora', lastName: 'Nocard', cardNumber: null }));
    setup(sessions.nora(), { withStore: false });
    expect(await screen.findByText('nora.nocard@example.com')).toBeInTheDocument();
    expect(screen.getByText('No Scene+ card linked')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add or get a Scene+ card' })).toHaveAttribute('href', '/scene');
    expect(screen.getByText('No preferred store selected.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Find a store' })).toHaveAttribute('href', '/store-locator');
    expect(screen.queryByText(/PTS/)).not.toBeInTheDocument();
  });

  it('an unlinked card (liam): masked number, no balance', async () => {
    mockedCallBff.mockResolvedValue(envelope('success', 200, 'OK', { ...LENA_ACCOUNT, uid: 'u-1002' }));
    setup(sessions.liam());
    expect(screen.getByLabelText('Card ending in 1002')).toBeInTheDocument();
    expect(screen.queryByText(/PTS/)).not.toBeInTheDocument();
    expect(screen.getByText(/once your card is linked/)).toBeInTheDocument();
    await waitFor(() => expect(mockedCallBff).toHaveBeenCalled());
  });

  it('account call fails: the name from the session stays, an error with "Try again" re-reads', async () => {
    mockedCallBff.mockRejectedValueOnce(new BffError('BFF /account: network error (x)', 0));
    const { user } = setup(sessions.lena());
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong. please try later.');
    expect(screen.getByText('Lena Linked')).toBeInTheDocument();
    mockedCallBff.mockResolvedValueOnce(envelope('success', 200, 'OK', LENA_ACCOUNT));
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('lena.linked@example.com')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('an account answer that breaks the contract (shared-events/contracts) is an error, not a page of blanks', async () => {
    mockedCallBff.mockResolvedValueOnce(envelope('success', 200, 'OK', { ...LENA_ACCOUNT, email: 42, cardNumber: undefined }));
    setup(sessions.lena());
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong. please try later.');
    expect(screen.getByText('Lena Linked')).toBeInTheDocument();
  });

  it('session loading: a loading state, no prompt, no call; signed out afterwards: the sign-in prompt', async () => {
    const { kit, user } = setup({ ...sessions.nora(), loggedIn: false, uid: null, isLoading: true });
    expect(screen.getByRole('status')).toHaveTextContent('Loading your account…');
    expect(screen.queryByRole('button', { name: 'Log In' })).not.toBeInTheDocument();
    act(() => kit.bus.emit('session/changed', { ...sessions.nora(), loggedIn: false, uid: null, isLoading: false }));
    await user.click(screen.getByRole('button', { name: 'Log In' }));
    expect(kit.published('session/sign-in-requested').map((e) => e.payload)).toEqual([{ mode: 'signIn', returnTo: '/my-profile' }]);
    expect(mockedCallBff).not.toHaveBeenCalled();
  });

  it('signed in means loggedIn with a uid: without a uid, the sign-in prompt and no account call', async () => {
    setup({ ...sessions.lena(), uid: null });
    expect(screen.getByRole('button', { name: 'Log In' })).toBeInTheDocument();
    expect(screen.queryByText('Lena Linked')).not.toBeInTheDocument();
    expect(mockedCallBff).not.toHaveBeenCalled();
  });
});
