import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createTestBus } from 'shared-events/testing';
import { SignInPrompt } from './SignInPrompt';

describe('SignInPrompt', () => {
  it("'Log In' and 'Sign Up' ask the shell for sign-in with the return path", async () => {
    const kit = createTestBus();
    const user = userEvent.setup();
    render(<SignInPrompt bus={kit.bus} text="Log in to see your offers." returnTo="/offers" />);
    expect(screen.getByText('Log in to see your offers.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Log In' }));
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(kit.published('session/sign-in-requested').map((e) => e.payload)).toEqual([
      { mode: 'signIn', returnTo: '/offers' },
      { mode: 'signUp', returnTo: '/offers' },
    ]);
  });

  it('leaves the return path to the shell when none is given, with its own labels and no sign-up', async () => {
    const kit = createTestBus();
    render(<SignInPrompt bus={kit.bus} text="Sign in to save your list." signInLabel="Sign in" signUpLabel={null} />);
    expect(screen.queryByRole('button', { name: 'Sign Up' })).not.toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Sign in' }));
    expect(kit.published('session/sign-in-requested')[0].payload).toEqual({ mode: 'signIn' });
  });
});
