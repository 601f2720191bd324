import { screen } from '@testing-library/react';
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
