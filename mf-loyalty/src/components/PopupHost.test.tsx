import { act, screen, waitFor } from '@testing-library/react';
import { renderWithKit } from '@storefront/remote-kit/testing';
import userEvent from '@testing-library/user-event';
import type { Session } from 'shared-events';
import { createTestBus } from 'shared-events/testing';
import { recentActivity } from '../hooks/recentActivity';
import { readRecord, recordClose } from '../api/suppressionCookies';
import { COUNTDOWN_KEY } from '../state/verifyCountdown';
import { blockLinkNavigation, clearCookies, envelope, fakeApi, goTo, mockLayout, sessions } from '../test-utils';
import { CARD_ADDED_MESSAGE, CODE_SENT_MESSAGE, PopupHost } from './PopupHost';

const NOW = Date.UTC(2026, 2, 15, 12);

function setup({ session, api = fakeApi(), path = '/' }: { session?: Session; api?: ReturnType<typeof fakeApi>; path?: string } = {}) {
  goTo(path);
  const kit = createTestBus();
  const navigate = jest.fn();
  const user = userEvent.setup();
  const view = renderWithKit(
    <>
      <button type="button">Before</button>
      <PopupHost bus={kit.bus} api={api} navigate={navigate} now={() => NOW} />
    </>,
    { kit, remote: 'mf-loyalty' },
  );
  const emitSession = (s: Session) => act(() => kit.bus.emit('session/changed', s));
  if (session) emitSession(session);
  return { ...view, kit, api, navigate, user, emitSession };
}

let layout: jest.SpyInstance;

beforeEach(() => {
  clearCookies();
  sessionStorage.clear();
  layout = mockLayout();
});

afterEach(() => {
  layout.mockRestore();
});

describe('spec §4 Card popup state → popups (modal dialogs)', () => {
  it('signed out → no popup', () => {
    const { kit } = setup();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(kit.bus.state.popup.value).toBe('none');
  });

  it('no card (nora) → addCard dialog, labelled, focus on the card number field, bus.state.popup and popup_view', () => {
    const { kit } = setup({ session: sessions.nora() });
    const dialog = screen.getByRole('dialog', { name: 'Add your Scene+ card' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAccessibleDescription('Add your Scene+ card to collect points on every shop and see your balance here.');
    expect(screen.getByRole('textbox', { name: 'Scene+ card number' })).toHaveFocus();
    expect(kit.bus.state.popup.value).toBe('addCard');
    expect(kit.published('analytics/track').map((e) => e.payload)).toContainEqual({ event: 'popup_view', params: { popup_type: 'addCard' } });
  });

  it('LP01 not linked (liam) → linkCard dialog naming the card ending', () => {
    setup({ session: sessions.liam() });
    expect(screen.getByRole('dialog', { name: 'Link your Scene+ card' })).toHaveTextContent('ending in 1002');
  });

  it('LP01 not linked on /scene → no popup', () => {
    setup({ session: sessions.liam(), path: '/scene' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('LP03 (gina) → ghostCard dialog with Register Scene+ Card → /register, tracked as scene_registration', async () => {
    const unblock = blockLinkNavigation();
    const { user, kit } = setup({ session: sessions.gina() });
    screen.getByRole('dialog', { name: 'Finish registering your Scene+ card' });
    const link = screen.getByRole('link', { name: 'Register Scene+ Card' });
    expect(link).toHaveAttribute('href', '/register');
    await user.click(link);
    const events = kit.published('analytics/track').map((e) => e.payload);
    expect(events).toContainEqual({ event: 'popup_click', params: { popup_type: 'ghostCard', action: 'register' } });
    expect(events).toContainEqual({ event: 'scene_registration', params: { source: 'ghostCard' } });
    unblock();
  });

  it('LP00 (olga) → the spec §8 card-status toast with id scene-card-status, and no popup', () => {
    const { kit } = setup({ session: sessions.olga() });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(kit.published('toast/show').map((e) => e.payload)).toEqual([{
      id: 'scene-card-status', kind: 'error',
      message: 'Please check your Scene+ Card number. If you are still experiencing issues, contact Scene+ support at 1-866-586-2805.',
    }]);
  });

  it('the toast is raised once per session state, not again on navigation', () => {
    const { kit } = setup({ session: sessions.olga() });
    goTo('/flyer');
    goTo('/offers');
    expect(kit.published('toast/show')).toHaveLength(1);
  });

  it('linked LP01 (lena) → historyLite is fetched and kept for the /scene page; no popup', async () => {
    const transactions = [{ id: 't1', date: '2026-03-01', description: 'Groceries', points: 120, storeNumber: '3299' }];
    const api = fakeApi({ historyLite: jest.fn().mockResolvedValue(envelope('success', 200, 'OK', { transactions })) });
    setup({ session: sessions.lena(), api });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(recentActivity.get()).toEqual({ uid: 'u-1003', transactions }));
    expect(api.historyLite).toHaveBeenCalledTimes(1);
  });

  it("historyLite answering 439 → toast 'Something went wrong!' and forced sign-out", async () => {
    const api = fakeApi({ historyLite: jest.fn().mockResolvedValue(envelope('error', 439, 'Session expired')) });
    const { kit } = setup({ session: sessions.lena(), api });
    await waitFor(() => expect(kit.published('session/sign-out-requested')).toHaveLength(1));
    expect(kit.published('toast/show').map((e) => e.payload.message)).toEqual(['Something went wrong!']);
  });

  it('a suppressed popup stays hidden (cookie from an earlier close)', () => {
    recordClose('addCard', 'soft', NOW - 2 * 24 * 3600 * 1000);
    setup({ session: sessions.nora() });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('createScenePopup on a recipe detail page after scrolling more than 100 px (addCard suppressed)', () => {
    recordClose('addCard', 'soft', NOW);
    setup({ session: sessions.nora(), path: '/recipes/maple-salmon' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    act(() => {
      Object.defineProperty(window, 'scrollY', { value: 150, configurable: true });
      window.dispatchEvent(new Event('scroll'));
    });
    expect(screen.getByRole('dialog', { name: 'Collect Scene+ points on your groceries' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create a Scene+ account' })).toHaveAttribute('href', '/register');
    Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
  });
});

describe('spec §4 Suppression: soft and hard close, keyboard (WAI-ARIA dialog)', () => {
  it("Escape is a soft close: cookie {visits 1, soft}, popup/closed, bus.state.popup none, focus returns", async () => {
    const { user, kit, emitSession } = setup();
    const before = screen.getByRole('button', { name: 'Before' });
    before.focus();
    emitSession(sessions.nora());
    expect(screen.getByRole('textbox', { name: 'Scene+ card number' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(readRecord('addCard')).toEqual({ lastShown: NOW, visits: 1, suppressType: 'soft' });
    expect(kit.published('popup/closed').map((e) => e.payload)).toEqual([{ popupType: 'addCard', closeType: 'soft' }]);
    expect(kit.bus.state.popup.value).toBe('none');
    expect(before).toHaveFocus();
    expect(kit.published('analytics/track').map((e) => e.payload)).toContainEqual({ event: 'popup_click', params: { popup_type: 'addCard', action: 'remind_later' } });
  });

  it("'Remind me later' is a soft close", async () => {
    const { user } = setup({ session: sessions.liam() });
    await user.click(screen.getByRole('button', { name: 'Remind me later' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(readRecord('linkCard')?.suppressType).toBe('soft');
  });

  it('the x (Close) is a hard close', async () => {
    const { user, kit } = setup({ session: sessions.gina() });
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(readRecord('ghostCard')).toEqual({ lastShown: NOW, visits: 1, suppressType: 'hard' });
    expect(kit.published('popup/closed').map((e) => e.payload)).toEqual([{ popupType: 'ghostCard', closeType: 'hard' }]);
  });

  it('Tab and Shift+Tab stay inside the dialog', async () => {
    const { user } = setup({ session: sessions.liam() });
    const dialog = screen.getByRole('dialog');
    const close = screen.getByRole('button', { name: 'Close' });
    const later = screen.getByRole('button', { name: 'Remind me later' });
    expect(screen.getByRole('button', { name: 'Link My Card' })).toHaveFocus();
    await user.tab();
    expect(later).toHaveFocus();
    await user.tab();
    expect(close).toHaveFocus();
    await user.tab({ shift: true });
    expect(later).toHaveFocus();
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
  });
});

describe('popup/open on the bus (e.g. the header\'s Link Your Scene+ Card)', () => {
  it('opens the asked popup even when the machine would show none, and closing writes the cookie', async () => {
    const { user, kit } = setup({ session: sessions.lena() });
    act(() => kit.bus.emit('popup/open', { popupType: 'addCard' }));
    expect(screen.getByRole('dialog', { name: 'Add your Scene+ card' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(readRecord('addCard')?.suppressType).toBe('hard');
  });

  it("popup/open 'none' closes the machine's popup", () => {
    const { kit } = setup({ session: sessions.nora() });
    act(() => kit.bus.emit('popup/open', { popupType: 'none' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('is ignored while signed out', () => {
    const { kit } = setup();
    act(() => kit.bus.emit('popup/open', { popupType: 'addCard' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('addCard: registration screen set (card number entry and validation)', () => {
  it('shows the validation error as text and does not call the BFF', async () => {
    const { user, api } = setup({ session: sessions.nora() });
    await user.type(screen.getByRole('textbox', { name: 'Scene+ card number' }), '1234');
    await user.click(screen.getByRole('button', { name: 'Add Card' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Enter the 16-digit Scene+ card number that starts with 6046.');
    expect(screen.getByRole('textbox', { name: 'Scene+ card number' })).toHaveAttribute('aria-invalid', 'true');
    expect(api.addCard).not.toHaveBeenCalled();
  });

  it('adds the card (spaces allowed), clears add/link suppression, toasts and asks the shell to refresh', async () => {
    recordClose('linkCard', 'soft', NOW);
    const api = fakeApi({ addCard: jest.fn().mockResolvedValue(envelope('success', 200, 'Card added', { cardNumber: '6046000000002000' })) });
    const { user, kit, emitSession } = setup({ session: sessions.nora(), api });
    await user.type(screen.getByRole('textbox', { name: 'Scene+ card number' }), '6046 0000 0000 2000');
    await user.click(screen.getByRole('button', { name: 'Add Card' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.addCard).toHaveBeenCalledWith('6046000000002000');
    expect(readRecord('linkCard')).toBeNull();
    expect(readRecord('addCard')).toBeNull();
    expect(kit.published('toast/show').map((e) => e.payload.message)).toContain(CARD_ADDED_MESSAGE);
    expect(kit.published('session/refresh-requested')).toHaveLength(1);
    // The refreshed session has the new LP01 card, not linked: the linkCard popup follows.
    emitSession(noraWith({ uid: 'u-1001', scene: { cardNumber: '6046000000002000', enrollmentStatus: 'ENROLLED', linkedStatus: false, info: null }, cardStatus: 'LP01' }));
    expect(screen.getByRole('dialog', { name: 'Link your Scene+ card' })).toHaveTextContent('ending in 2000');
  });

  it('shows an unknown card as text', async () => {
    const api = fakeApi({ addCard: jest.fn().mockResolvedValue(envelope('error', 'CARD_UNAVAILABLE', 'This Scene+ card cannot be added to your account')) });
    const { user } = setup({ session: sessions.nora(), api });
    await user.type(screen.getByRole('textbox', { name: 'Scene+ card number' }), '6046000000009999');
    await user.click(screen.getByRole('button', { name: 'Add Card' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please check your Scene+ Card number. If you are still experiencing issues, contact Scene+ support at 1-866-586-2805.');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });
});

describe('linkCard → spec §4 Verify flow and spec §8 link-account messages', () => {
  it('code 200 → 30-second countdown stored, message, route to /verify-card?redirectUrl=<current path>', async () => {
    const api = fakeApi({ linkAccount: jest.fn().mockResolvedValue(envelope('success', 200, 'Verification code sent')) });
    const { user, kit, navigate } = setup({ session: sessions.liam(), api, path: '/recipes?tab=recipe' });
    await user.click(screen.getByRole('button', { name: 'Link My Card' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/verify-card?redirectUrl=%2Frecipes%3Ftab%3Drecipe'));
    expect(Number(sessionStorage.getItem(COUNTDOWN_KEY))).toBe(NOW + 30_000);
    expect(kit.published('toast/show').map((e) => e.payload.message)).toContain(CODE_SENT_MESSAGE);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(readRecord('linkCard')).toBeNull();
  });

  it.each([
    [6001, 'The request could not be completed. Please try again. If you are still experiencing issues, please contact us at 1-866-586-2805 for support. (6001)'],
    [6101, 'There is an issue linking this card, contact us (6101).'],
    [7777, 'This card is on hold.'],
  ])('code %s → its message as text in the dialog', async (code, message) => {
    const api = fakeApi({ linkAccount: jest.fn().mockResolvedValue(envelope('error', code, 'This card is on hold')) });
    const { user, navigate } = setup({ session: sessions.liam(), api });
    await user.click(screen.getByRole('button', { name: 'Link My Card' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('ALREADY_LINKED (linked elsewhere meanwhile) → no verify flow: the session is refreshed and the dialog closes', async () => {
    const api = fakeApi({ linkAccount: jest.fn().mockResolvedValue(envelope('success', 'ALREADY_LINKED', 'Card already linked')) });
    const { user, kit, navigate } = setup({ session: sessions.liam(), api });
    await user.click(screen.getByRole('button', { name: 'Link My Card' }));
    await waitFor(() => expect(kit.published('session/refresh-requested')).toHaveLength(1));
    expect(navigate).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("an exception → 'Something went wrong. please try later.'", async () => {
    const api = fakeApi({ linkAccount: jest.fn().mockRejectedValue(new Error('network')) });
    const { user } = setup({ session: sessions.liam(), api });
    await user.click(screen.getByRole('button', { name: 'Link My Card' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong. please try later.');
  });

  it('439 → toast and forced sign-out, the dialog closes', async () => {
    const api = fakeApi({ linkAccount: jest.fn().mockResolvedValue(envelope('error', 439, 'Session expired')) });
    const { user, kit } = setup({ session: sessions.liam(), api });
    await user.click(screen.getByRole('button', { name: 'Link My Card' }));
    await waitFor(() => expect(kit.published('session/sign-out-requested')).toHaveLength(1));
    expect(kit.published('toast/show').map((e) => e.payload.message)).toContain('Something went wrong!');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

function noraWith(over: Partial<Session>): Session {
  return { ...sessions.nora(), ...over };
}
