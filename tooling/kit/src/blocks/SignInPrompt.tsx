import type { ReactNode } from 'react';
import type { EventBus } from 'shared-events';
import './blocks.css';

/** Props of {@link SignInPrompt}. */
export interface SignInPromptProps {
  /** The bus the prompt publishes on (RemoteProps.bus). */
  bus: EventBus;
  /** Why signing in helps here (e.g. 'Log in to see your points'). */
  text: ReactNode;
  /** Where the shopper comes back to (a same-site path). Default: the shell uses the current page. */
  returnTo?: string;
  /** Default `'Log In'`. */
  signInLabel?: string;
  /** Default `'Sign Up'`; `null`: no sign-up button. */
  signUpLabel?: string | null;
  className?: string;
  /** Class names of the sign-in button. */
  buttonClassName?: string;
  /** Class names of the sign-up button. */
  secondaryButtonClassName?: string;
}

/**
 * A signed-out prompt: 'Log In' publishes `session/sign-in-requested { mode: 'signIn', returnTo? }`,
 * 'Sign Up' the same with `mode: 'signUp'`; the shell runs the identity flow.
 * @example <SignInPrompt bus={bus} text="Log in to see your offers." returnTo="/offers" />
 */
export function SignInPrompt(props: SignInPromptProps) {
  const { bus, text, returnTo, signInLabel = 'Log In', signUpLabel = 'Sign Up', className } = props;
  const ask = (mode: 'signIn' | 'signUp') => bus.emit('session/sign-in-requested', returnTo === undefined ? { mode } : { mode, returnTo });
  return (
    <div className={['kit-signin', className].filter(Boolean).join(' ')}>
      <p className="kit-signin__text">{text}</p>
      <div className="kit-signin__actions">
        <button type="button" className={props.buttonClassName} onClick={() => ask('signIn')}>{signInLabel}</button>
        {signUpLabel !== null && (
          <button type="button" className={props.secondaryButtonClassName} onClick={() => ask('signUp')}>{signUpLabel}</button>
        )}
      </div>
    </div>
  );
}
