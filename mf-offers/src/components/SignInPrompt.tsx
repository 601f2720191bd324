import type { EventBus } from 'shared-events';

/**
 * Signed-out prompt (spec §6: offers to load and favourites are for signed-in shoppers): 'Log In'
 * publishes `session/sign-in-requested { mode: 'signIn', returnTo }`, 'Sign Up' the same with
 * `mode: 'signUp'`; the shell runs the identity flow and comes back to `returnTo`.
 */
export function SignInPrompt({ bus, text, returnTo }: { bus: EventBus; text: string; returnTo: string }) {
  return (
    <div className="mfo-notice mfo-signin">
      <p>{text}</p>
      <div className="mfo-actions">
        <button type="button" className="mfo-btn" onClick={() => bus.emit('session/sign-in-requested', { mode: 'signIn', returnTo })}>Log In</button>
        <button type="button" className="mfo-btn mfo-btn--quiet" onClick={() => bus.emit('session/sign-in-requested', { mode: 'signUp', returnTo })}>Sign Up</button>
      </div>
    </div>
  );
}
