import { screen, within } from '@testing-library/react';
import { EMPTY_SESSION } from 'shared-events';
import { fixtures } from 'shared-events/testing';
import { renderHeader } from '../test-utils';

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('Account trigger (spec §2 Account menu, spec §9 Greeting name length 5)', () => {
  it("reads 'Account' for an anonymous shopper", () => {
    renderHeader();
    expect(screen.getByRole('button', { name: 'Account' })).toHaveAttribute('aria-expanded', 'false');
  });

  it("greets a signed-in shopper with 5 characters: 'Hi, Alexa...', and goes back on sign-out", () => {
    const { emit } = renderHeader();
    emit('session/changed', fixtures.session());
    expect(screen.getByRole('button', { name: 'Hi, Alexa...' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Account' })).not.toBeInTheDocument();
    emit('session/changed', EMPTY_SESSION);
    expect(screen.getByRole('button', { name: 'Account' })).toBeInTheDocument();
  });

  it('greets a short first name whole', () => {
    const { emit } = renderHeader();
    emit('session/changed', fixtures.session({ profile: { firstName: 'Sam', lastName: 'Lee' } }));
    expect(screen.getByRole('button', { name: 'Hi, Sam...' })).toBeInTheDocument();
  });
});

describe('Account disclosure for anonymous shoppers (WAI-ARIA disclosure)', () => {
  it('opens with Log In and Sign Up, controlled by the trigger', async () => {
    const { user } = renderHeader();
    const trigger = screen.getByRole('button', { name: 'Account' });
    expect(screen.queryByRole('button', { name: 'Log In' })).not.toBeInTheDocument();
    await user.click(trigger);
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    const logIn = screen.getByRole('button', { name: 'Log In' });
    expect(trigger).toHaveAttribute('aria-controls', logIn.parentElement!.id);
    expect(screen.getByRole('button', { name: 'Sign Up' })).toBeVisible();
  });

  it('opens with Enter from the keyboard and closes with Escape, focus back on the trigger', async () => {
    const { user } = renderHeader();
    const trigger = screen.getByRole('button', { name: 'Account' });
    trigger.focus();
    await user.keyboard('{Enter}');
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    await user.tab();
    expect(screen.getByRole('button', { name: 'Log In' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Sign Up' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    expect(trigger).toHaveFocus();
    expect(screen.queryByRole('button', { name: 'Sign Up' })).not.toBeInTheDocument();
  });

  it('closes on a click outside', async () => {
    const { user } = renderHeader();
    await user.click(screen.getByRole('button', { name: 'Account' }));
    await user.click(document.body);
    expect(screen.getByRole('button', { name: 'Account' })).toHaveAttribute('aria-expanded', 'false');
  });

  it.each([
    ['Log In', 'signIn'],
    ['Sign Up', 'signUp'],
  ] as const)("'%s' publishes session/sign-in-requested { mode: '%s' } and closes", async (name, mode) => {
    const { user, kit } = renderHeader();
    await user.click(screen.getByRole('button', { name: 'Account' }));
    await user.click(screen.getByRole('button', { name }));
    expect(kit.published('session/sign-in-requested')).toEqual([{ type: 'session/sign-in-requested', payload: { mode } }]);
    expect(screen.getByRole('button', { name: 'Account' })).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('button', { name: 'Account' })).toHaveFocus();
  });

  it('offers Sign Out instead when signed in', async () => {
    const { user, kit, emit } = renderHeader();
    emit('session/changed', fixtures.session());
    await user.click(screen.getByRole('button', { name: 'Hi, Alexa...' }));
    expect(screen.queryByRole('button', { name: 'Log In' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sign Out' }));
    expect(kit.published('session/sign-out-requested')).toHaveLength(1);
    expect(kit.published('session/sign-in-requested')).toHaveLength(0);
  });
});

describe('Account menu links (spec §2 Header "Links: /my-profile, … /shopping-list")', () => {
  const LINKS = ['/my-profile', '/preferences-centre', '/scene', '/offers', '/favourites', '/recipes/meal-plan', '/recipes/my-recipe-lists', '/shopping-list'];

  it.each([['anonymous', false], ['signed in', true]] as const)('lists the eight account links in order (%s)', async (_, signedIn) => {
    const { user, emit } = renderHeader();
    if (signedIn) emit('session/changed', fixtures.session());
    await user.click(screen.getByRole('button', { name: signedIn ? 'Hi, Alexa...' : 'Account' }));
    const list = screen.getByRole('list', { name: 'Your account' });
    expect(within(list).getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual(LINKS);
  });

  it('a link publishes nav_header { label, link }, navigates and closes the menu', async () => {
    const navigate = jest.fn();
    const { user, kit } = renderHeader({ navigate });
    await user.click(screen.getByRole('button', { name: 'Account' }));
    await user.click(screen.getByRole('link', { name: 'Meal Plan' }));
    expect(kit.published('analytics/track').map((e) => e.payload)).toEqual([{ event: 'nav_header', params: { label: 'Meal Plan', link: '/recipes/meal-plan' } }]);
    expect(navigate).toHaveBeenCalledWith('/recipes/meal-plan');
    expect(screen.getByRole('button', { name: 'Account' })).toHaveAttribute('aria-expanded', 'false');
  });

  it("'Sign Out' asks the shell to sign out (the shell emits sign_out once, spec §7)", async () => {
    const { user, kit, emit } = renderHeader();
    emit('session/changed', fixtures.session());
    await user.click(screen.getByRole('button', { name: 'Hi, Alexa...' }));
    kit.reset();
    await user.click(screen.getByRole('button', { name: 'Sign Out' }));
    expect(kit.log.map((e) => e.type)).toEqual(['session/sign-out-requested']);
  });
});

describe('Scene+ panel in the account menu (spec §2 Header "exactly one of four states", spec §4)', () => {
  const card = (linkedStatus: boolean) => ({ cardNumber: '6046000000001003', enrollmentStatus: 'ENROLLED', linkedStatus, info: { pointBalance: 1250, dollarValue: 1250 } });
  const SCENE_BUTTONS = ['Link Your Scene+ Card', 'Register Scene+ Card', 'Verify Your Scene+ Card'];
  async function open(session: ReturnType<typeof fixtures.session>, options: Parameters<typeof renderHeader>[0] = {}) {
    const view = renderHeader(options);
    view.emit('session/changed', session);
    await view.user.click(screen.getByRole('button', { name: 'Hi, Alexa...' }));
    return view;
  }
  const shownButtons = () => SCENE_BUTTONS.filter((name) => screen.queryByRole('button', { name }));

  it("no card: only 'Link Your Scene+ Card', which asks mf-loyalty for the addCard popup", async () => {
    const { user, kit } = await open(fixtures.session({ scene: null }));
    expect(shownButtons()).toEqual(['Link Your Scene+ Card']);
    await user.click(screen.getByRole('button', { name: 'Link Your Scene+ Card' }));
    expect(kit.published('popup/open').map((e) => e.payload)).toEqual([{ popupType: 'addCard' }]);
    expect(screen.getByRole('button', { name: 'Hi, Alexa...' })).toHaveAttribute('aria-expanded', 'false');
  });

  it("LP03: only 'Register Scene+ Card', which opens the ghostCard popup", async () => {
    const { user, kit } = await open(fixtures.session({ scene: card(false), cardStatus: 'LP03' }));
    expect(shownButtons()).toEqual(['Register Scene+ Card']);
    await user.click(screen.getByRole('button', { name: 'Register Scene+ Card' }));
    expect(kit.published('popup/open').map((e) => e.payload)).toEqual([{ popupType: 'ghostCard' }]);
  });

  it("LP01 not linked: only 'Verify Your Scene+ Card', going to /verify-card?redirectUrl=<current path>", async () => {
    window.history.pushState({}, '', '/recipes');
    const navigate = jest.fn();
    const { user } = await open(fixtures.session({ scene: card(false), cardStatus: 'LP01' }), { navigate });
    expect(shownButtons()).toEqual(['Verify Your Scene+ Card']);
    await user.click(screen.getByRole('button', { name: 'Verify Your Scene+ Card' }));
    expect(navigate).toHaveBeenCalledWith('/verify-card?redirectUrl=%2Frecipes');
    window.history.pushState({}, '', '/');
  });

  it("'Verify Your Scene+ Card' is disabled while on /verify-card", async () => {
    window.history.pushState({}, '', '/verify-card');
    await open(fixtures.session({ scene: card(false), cardStatus: 'LP01' }));
    expect(screen.getByRole('button', { name: 'Verify Your Scene+ Card' })).toBeDisabled();
    window.history.pushState({}, '', '/');
  });

  it("linked: the balance only — '1,250' with a PTS badge and '$12.50'", async () => {
    await open(fixtures.session({ scene: card(true), cardStatus: 'LP01' }));
    expect(shownButtons()).toEqual([]);
    const panel = screen.getByTestId('scene-panel');
    expect(within(panel).getByTestId('scene-points')).toHaveTextContent('1,250');
    expect(within(panel).getByText('PTS')).toBeInTheDocument();
    expect(within(panel).getByTestId('scene-dollars')).toHaveTextContent('$12.50');
  });

  it('LP00: no Scene+ panel at all', async () => {
    await open(fixtures.session({ scene: card(false), cardStatus: 'LP00' }));
    expect(shownButtons()).toEqual([]);
    expect(screen.queryByTestId('scene-panel')).not.toBeInTheDocument();
  });

  it('updates live when the session changes (card linked after verification)', async () => {
    const { emit } = await open(fixtures.session({ scene: card(false), cardStatus: 'LP01' }));
    expect(shownButtons()).toEqual(['Verify Your Scene+ Card']);
    emit('session/changed', fixtures.session({ scene: card(true), cardStatus: 'LP01' }));
    expect(shownButtons()).toEqual([]);
    expect(screen.getByTestId('scene-dollars')).toHaveTextContent('$12.50');
  });
});
