import type { EventBus } from 'shared-events';

/**
 * Signed-out prompt of the loyalty pages (spec §6 "Logged-in user: … points are shown; card popups
 * apply"): 'Log In' publishes `session/sign-in-requested` `{ mode: 'signIn', returnTo }`, 'Sign Up'
 * the same with `mode: 'signUp'`; the shell runs the identity flow.
 */
export function SignInPrompt({ bus, text, returnTo }: { bus: EventBus; text: string; returnTo: string }) {
  return (
    <div className="mfl-signin">
      <p>{text}</p>
      <div className="mfl-actions">
        <button type="button" className="mfl-btn" onClick={() => bus.emit('session/sign-in-requested', { mode: 'signIn', returnTo })}>Log In</button>
        <button type="button" className="mfl-btn mfl-btn--quiet" onClick={() => bus.emit('session/sign-in-requested', { mode: 'signUp', returnTo })}>Sign Up</button>
      </div>
    </div>
  );
}
