/**
 * The createScenePopup on a real recipe page (spec §4 Card popup state "A logged-in user
 * without a card on a recipe detail page, after scrolling more than 100px, sees createScenePopup if not
 * suppressed"; §4 Suppression; §9 scroll threshold 100 px). The host follows in-site navigation (kit
 * `useLocation`) and the scroll itself; its register button leads to the external loyalty site of the
 * runtime config with the page to come back to (spec §2 "/register External loyalty site").
 */
import { act, screen } from '@testing-library/react';
import { renderWithKit } from '@storefront/remote-kit/testing';
import userEvent from '@testing-library/user-event';
import { DEFAULT_RUNTIME_CONFIG, type RuntimeConfig } from 'shared-events';
import { createTestBus } from 'shared-events/testing';
import { readRecord, recordClose } from '../api/suppressionCookies';
import { clearCookies, fakeApi, goTo, mockLayout, sessions } from '../test-utils';
import { PopupHost } from './PopupHost';

const NOW = Date.UTC(2026, 10, 23, 12);
const DAY = 24 * 3600 * 1000;
const TITLE = 'Collect Scene+ points on your groceries';
const SITE: RuntimeConfig = { ...DEFAULT_RUNTIME_CONFIG, loyaltySite: { url: 'http://localhost:4500/register' } };

function setup(path: string, config: RuntimeConfig = DEFAULT_RUNTIME_CONFIG) {
  goTo(path);
  const kit = createTestBus();
  const user = userEvent.setup();
  renderWithKit(<PopupHost bus={kit.bus} api={fakeApi()} navigate={jest.fn()} now={() => NOW} />, { kit, remote: 'mf-loyalty', remoteProps: { config } });
  act(() => kit.bus.emit('session/changed', sessions.nora()));
  return { kit, user };
}

function scrollTo(y: number) {
  act(() => {
    Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
    window.dispatchEvent(new Event('scroll'));
  });
}

let layout: jest.SpyInstance;
beforeEach(() => {
  clearCookies();
  layout = mockLayout();
  // The no-card shopper already said 'Remind me later' to addCard today (one popup at a time, spec §4).
  recordClose('addCard', 'soft', NOW);
});
afterEach(() => {
  layout.mockRestore();
  scrollTo(0);
});

describe('createScenePopup on /recipes/{slug}', () => {
  it('appears only past 100 px, also after an in-site navigation from /recipes to a recipe', () => {
    const { kit } = setup('/recipes');
    scrollTo(400);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    scrollTo(0);
    goTo('/recipes/maple-glazed-salmon');
    scrollTo(100);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    scrollTo(101);
    expect(screen.getByRole('dialog', { name: TITLE })).toBeInTheDocument();
    expect(kit.bus.state.popup.value).toBe('createScenePopup');
  });

  it.each(['/recipes/my-recipe-lists', '/recipes/meal-plan'])('never on %s (mf-shopping-list pages)', (path) => {
    setup(path);
    scrollTo(600);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('the x writes the hard suppression: scrolling again, or another recipe, does not bring it back', async () => {
    const { user, kit } = setup('/recipes/maple-glazed-salmon');
    scrollTo(300);
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(readRecord('createScenePopup')).toEqual(expect.objectContaining({ visits: 1, suppressType: 'hard' }));
    expect(kit.published('popup/closed').map((e) => e.payload)).toContainEqual({ popupType: 'createScenePopup', closeType: 'hard' });
    scrollTo(0);
    goTo('/recipes/classic-lobster-rolls');
    scrollTo(500);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('a soft close 6 days ago (visit 1 needs at least 7 days, spec §4) still suppresses it; 7 days ago no longer', () => {
    recordClose('createScenePopup', 'soft', NOW - 6 * DAY);
    setup('/recipes/maple-glazed-salmon');
    scrollTo(300);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows again once 7 days have passed since the first close', () => {
    recordClose('createScenePopup', 'soft', NOW - 7 * DAY);
    setup('/recipes/maple-glazed-salmon');
    scrollTo(300);
    expect(screen.getByRole('dialog', { name: TITLE })).toBeInTheDocument();
  });

  it("'Create a Scene+ account' leads to the loyalty site of the config, with this page to come back to", () => {
    setup('/recipes/maple-glazed-salmon?servings=4', SITE);
    scrollTo(300);
    const link = screen.getByRole('link', { name: 'Create a Scene+ account' });
    const href = new URL(link.getAttribute('href') ?? '');
    expect(`${href.origin}${href.pathname}`).toBe('http://localhost:4500/register');
    expect(href.searchParams.get('returnUrl')).toBe(`${window.location.origin}/recipes/maple-glazed-salmon?servings=4`);
  });
});
