import { SignInPrompt as KitSignInPrompt, type SignInPromptProps } from '@storefront/remote-kit/blocks';

/**
 * Signed-out prompt of the loyalty pages (spec §6): the kit's block ('Log In' / 'Sign Up' publish
 * `session/sign-in-requested { mode, returnTo }`) in the loyalty look.
 */
export function SignInPrompt(props: Pick<SignInPromptProps, 'bus' | 'text' | 'returnTo'>) {
  return <KitSignInPrompt {...props} className="mfl-signin" buttonClassName="mfl-btn" secondaryButtonClassName="mfl-btn mfl-btn--quiet" />;
}
