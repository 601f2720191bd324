import { act, screen } from '@testing-library/react';
import { renderWithKit } from '@storefront/remote-kit/testing';
import userEvent from '@testing-library/user-event';
import { BffError, callBff, type Session } from 'shared-events';
import { createTestBus } from 'shared-events/testing';
import { envelope, sessions } from '../test-utils';
import { PreferencesCentrePage } from './PreferencesCentrePage';

jest.mock('shared-events', () => ({ ...jest.requireActual('shared-events'), callBff: jest.fn() }));
const mockedCallBff = callBff as jest.MockedFunction<typeof callBff>;

const DEFAULTS = { flyerEmail: false, offersEmail: false, language: 'en' };

function setup(session: Session) {
  const kit = createTestBus();
  kit.bus.emit('session/changed', session);
  kit.reset();
  const user = userEvent.setup();
  renderWithKit(<PreferencesCentrePage bus={kit.bus} apiBase="/api" />, { kit, remote: 'mf-loyalty' });
  return { kit, user };
}

const flyer = () => screen.getByRole('checkbox', { name: 'Weekly flyer by email' });
const offers = () => screen.getByRole('checkbox', { name: 'Offers and news by email' });

beforeEach(() => mockedCallBff.mockReset());

describe('/preferences-centre (spec §2 Routes, §3 Session subscribed, §6)', () => {
  it('reads GET /api/account/preferences into the form', async () => {
    mockedCallBff.mockResolvedValueOnce(envelope('success', 200, 'OK', { flyerEmail: false, offersEmail: true, language: 'fr' }));
    setup(sessions.lena());
    expect(screen.getByRole('heading', { level: 1, name: 'Preferences Centre' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading your preferences…');
    expect(await screen.findByRole('checkbox', { name: 'Weekly flyer by email' })).not.toBeChecked();
    expect(offers()).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Français' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'English' })).not.toBeChecked();
    const [apiBase, path, options] = mockedCallBff.mock.calls[0];
    expect([apiBase, path, options?.method]).toEqual(['/api', '/account/preferences', 'GET']);
    expect(options).not.toHaveProperty('session');
  });

  it('save: PUT with the choices → success message and session/refresh-requested', async () => {
    mockedCallBff.mockResolvedValueOnce(envelope('success', 200, 'OK', DEFAULTS));
    const { user, kit } = setup(sessions.lena());
    await user.click(await screen.findByRole('checkbox', { name: 'Weekly flyer by email' }));
    await user.click(screen.getByRole('radio', { name: 'Français' }));
    mockedCallBff.mockResolvedValueOnce(envelope('success', 200, 'Preferences saved', { flyerEmail: true, offersEmail: false, language: 'fr' }));
    await user.click(screen.getByRole('button', { name: 'Save preferences' }));

    expect(await screen.findByText('Your preferences have been saved.')).toHaveAttribute('role', 'status');
    const [, path, options] = mockedCallBff.mock.calls[1];
    expect(path).toBe('/account/preferences');
    expect(options?.method).toBe('PUT');
    expect(options?.body).toEqual({ flyerEmail: true, offersEmail: false, language: 'fr' });
    expect(options).not.toHaveProperty('session');
    expect(kit.published('session/refresh-requested').map((e) => e.payload)).toEqual([{ reason: 'preferences-saved' }]);
    expect(flyer()).toBeChecked();
  });

  it('a refused save (400): the reason shows, the form keeps the choices, no session refresh', async () => {
    mockedCallBff.mockResolvedValueOnce(envelope('success', 200, 'OK', DEFAULTS));
    const { user, kit } = setup(sessions.lena());
    await user.click(await screen.findByRole('checkbox', { name: 'Offers and news by email' }));
    mockedCallBff.mockResolvedValueOnce(envelope('error', 400, "Invalid body.language: must be 'en' or 'fr'"));
    await user.click(screen.getByRole('button', { name: 'Save preferences' }));
    expect(await screen.findByRole('alert')).toHaveTextContent("Your preferences could not be saved: Invalid body.language: must be 'en' or 'fr'");
    expect(offers()).toBeChecked();
    expect(flyer()).not.toBeChecked();
    expect(kit.published('session/refresh-requested')).toHaveLength(0);
  });

  it('a failed save (network): spec §8 exception message, the choices stay, saving again works', async () => {
    mockedCallBff.mockResolvedValueOnce(envelope('success', 200, 'OK', DEFAULTS));
    const { user, kit } = setup(sessions.lena());
    await user.click(await screen.findByRole('checkbox', { name: 'Weekly flyer by email' }));
    mockedCallBff.mockRejectedValueOnce(new BffError('BFF /account/preferences: network error (x)', 0));
    await user.click(screen.getByRole('button', { name: 'Save preferences' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong. please try later.');
    expect(flyer()).toBeChecked();
    mockedCallBff.mockResolvedValueOnce(envelope('success', 200, 'OK', { ...DEFAULTS, flyerEmail: true }));
    await user.click(screen.getByRole('button', { name: 'Save preferences' }));
    expect(await screen.findByText('Your preferences have been saved.')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(kit.published('session/refresh-requested')).toHaveLength(1);
  });

  it('reading fails: an error with "Try again"', async () => {
    mockedCallBff.mockRejectedValueOnce(new BffError('BFF /account/preferences: network error (x)', 0));
    const { user } = setup(sessions.lena());
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong. please try later.');
    mockedCallBff.mockResolvedValueOnce(envelope('success', 200, 'OK', DEFAULTS));
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('checkbox', { name: 'Weekly flyer by email' })).not.toBeChecked();
  });

  it('anonymous: loading until the session settles, then the sign-in prompt; no call', async () => {
    const { kit, user } = setup({ ...sessions.nora(), loggedIn: false, uid: null, isLoading: true });
    expect(screen.getByRole('status')).toHaveTextContent('Loading your account…');
    act(() => kit.bus.emit('session/changed', { ...sessions.nora(), loggedIn: false, uid: null, isLoading: false }));
    await user.click(screen.getByRole('button', { name: 'Log In' }));
    expect(kit.published('session/sign-in-requested').map((e) => e.payload)).toEqual([{ mode: 'signIn', returnTo: '/preferences-centre' }]);
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    expect(mockedCallBff).not.toHaveBeenCalled();
  });
});
