import { act, screen, waitFor, within } from '@testing-library/react';
import { renderWithKit } from '@storefront/remote-kit/testing';
import userEvent from '@testing-library/user-event';
import { callBff, type Session } from 'shared-events';
import { createTestBus } from 'shared-events/testing';
import { recentActivity } from '../hooks/recentActivity';
import { blockLinkNavigation, envelope, sessions } from '../test-utils';
import { ScenePage } from './ScenePage';

jest.mock('shared-events', () => ({ ...jest.requireActual('shared-events'), callBff: jest.fn() }));
const mockedCallBff = callBff as jest.MockedFunction<typeof callBff>;

const NOW = new Date(2026, 2, 15, 10, 0).getTime();
const TRANSACTIONS = [
  { id: 't2', date: '2026-03-10T15:04:00.000Z', description: 'Groceries — Halifax Quinpool Road', points: 120, storeNumber: '3299' },
  { id: 't1', date: '2026-02-01T12:00:00.000Z', description: 'Points redeemed', points: -1000, storeNumber: '3299' },
];

function setup(session: Session) {
  const kit = createTestBus();
  kit.bus.emit('session/changed', session);
  kit.reset();
  const user = userEvent.setup();
  renderWithKit(<ScenePage bus={kit.bus} apiBase="/api" now={() => NOW} />, { kit, remote: 'mf-loyalty' });
  return { kit, user };
}

beforeEach(() => {
  mockedCallBff.mockReset();
  recentActivity.set(null);
});

describe('/scene page (spec §2 Routes, §3 Scene, §7 transactionHistory, §9 180 days)', () => {
  it('linked (lena): masked card, points, dollar value in CAD and the 180-day history table', async () => {
    mockedCallBff.mockResolvedValue(envelope('success', 200, 'OK', { transactions: TRANSACTIONS }));
    setup(sessions.lena());
    expect(screen.getByRole('heading', { level: 1, name: 'Scene+' })).toBeInTheDocument();
    const card = screen.getByLabelText('Card ending in 1003');
    expect(card).toHaveTextContent('•••• •••• •••• 1003');
    expect(screen.queryByText(/6046000000001003/)).not.toBeInTheDocument();
    expect(screen.getByText('1,250 PTS')).toBeInTheDocument();
    expect(screen.getByText('$12.50')).toBeInTheDocument();

    const table = await screen.findByRole('table', { name: 'Transactions in the last 180 days' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1]).toHaveTextContent('Groceries — Halifax Quinpool Road');
    expect(rows[1]).toHaveTextContent('+120');
    expect(rows[2]).toHaveTextContent('−1,000');

    expect(mockedCallBff).toHaveBeenCalledTimes(1);
    const [apiBase, path, options] = mockedCallBff.mock.calls[0];
    expect(apiBase).toBe('/api');
    expect(path).toBe('/services/transactionHistory');
    expect(options).not.toHaveProperty('session');
    const { data } = options?.body as { data: string };
    expect(JSON.parse(atob(data))).toEqual({ startDate: '2025-09-16', endDate: '2026-03-15', enrollmentStatus: 'ENROLLED' });
  });

  it('shows the latest activity fetched by the popup machine (historyLite)', async () => {
    mockedCallBff.mockResolvedValue(envelope('success', 200, 'OK', { transactions: [] }));
    recentActivity.set({ uid: 'u-1003', transactions: [TRANSACTIONS[0]] });
    setup(sessions.lena());
    const latest = screen.getByRole('region', { name: 'Latest activity' });
    expect(latest).toHaveTextContent('Groceries — Halifax Quinpool Road');
    expect(latest).toHaveTextContent('+120 PTS');
    await screen.findByText('No transactions in the last 180 days.');
  });

  it('an empty history says so', async () => {
    mockedCallBff.mockResolvedValue(envelope('success', 200, 'OK', { transactions: [] }));
    setup(sessions.lena());
    expect(await screen.findByText('No transactions in the last 180 days.')).toBeInTheDocument();
  });

  it('a failed history call shows the spec §8 exception message and Try again re-reads', async () => {
    mockedCallBff.mockRejectedValueOnce(new Error('network')).mockResolvedValueOnce(envelope('success', 200, 'OK', { transactions: TRANSACTIONS }));
    const { user } = setup(sessions.lena());
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong. please try later.');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table')).toBeInTheDocument();
    expect(mockedCallBff).toHaveBeenCalledTimes(2);
  });

  it('439 from the history → toast and forced sign-out', async () => {
    mockedCallBff.mockResolvedValue(envelope('error', 439, 'Session expired'));
    const { kit } = setup(sessions.lena());
    await waitFor(() => expect(kit.published('session/sign-out-requested')).toHaveLength(1));
    expect(kit.published('toast/show').map((e) => e.payload.message)).toEqual(['Something went wrong!']);
  });

  it('not linked (liam): no balance, no history call; Verify Your Scene+ Card opens the linkCard popup', async () => {
    const { user, kit } = setup(sessions.liam());
    expect(screen.getByText('Not linked')).toBeInTheDocument();
    expect(screen.queryByText(/PTS/)).not.toBeInTheDocument();
    expect(screen.getByText('Link and verify your card to see your transaction history.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Verify Your Scene+ Card' }));
    expect(kit.published('popup/open').map((e) => e.payload)).toEqual([{ popupType: 'linkCard' }]);
    expect(mockedCallBff).not.toHaveBeenCalled();
  });

  it('no card (nora): Link Your Scene+ Card opens addCard; Get a Scene+ card → /register (scene_registration)', async () => {
    const unblock = blockLinkNavigation();
    const { user, kit } = setup(sessions.nora());
    await user.click(screen.getByRole('button', { name: 'Link Your Scene+ Card' }));
    expect(kit.published('popup/open').map((e) => e.payload)).toEqual([{ popupType: 'addCard' }]);
    const register = screen.getByRole('link', { name: 'Get a Scene+ card' });
    expect(register).toHaveAttribute('href', '/register');
    await user.click(register);
    expect(kit.published('analytics/track').map((e) => e.payload)).toEqual([{ event: 'scene_registration', params: { source: 'scene-page' } }]);
    unblock();
  });

  it('ghost card (gina): Register Scene+ Card', () => {
    setup(sessions.gina());
    expect(screen.getByRole('link', { name: 'Register Scene+ Card' })).toHaveAttribute('href', '/register');
    expect(screen.getByText('Not registered')).toBeInTheDocument();
  });

  it('LP00 (olga): the card-status message, no balance, no history call', () => {
    setup(sessions.olga());
    expect(screen.getByText(/Please check your Scene\+ Card number/)).toBeInTheDocument();
    expect(mockedCallBff).not.toHaveBeenCalled();
  });

  it('signed out → a sign-in prompt that emits session/sign-in-requested', async () => {
    const { user, kit } = setup({ ...sessions.nora(), loggedIn: false, uid: null });
    await user.click(screen.getByRole('button', { name: 'Log In' }));
    expect(kit.published('session/sign-in-requested').map((e) => e.payload)).toEqual([{ mode: 'signIn', returnTo: '/scene' }]);
  });

  it('points update live when the session changes (no reload)', async () => {
    mockedCallBff.mockResolvedValue(envelope('success', 200, 'OK', { transactions: [] }));
    const { kit } = setup(sessions.lena());
    act(() => kit.bus.emit('session/changed', { ...sessions.lena(), scene: { ...sessions.lena().scene!, info: { pointBalance: 2450000, dollarValue: 2450000 } } }));
    expect(screen.getByText('2,450,000 PTS')).toBeInTheDocument();
    expect(screen.getByText('$24,500.00')).toBeInTheDocument();
    await screen.findByText('No transactions in the last 180 days.');
  });
});
