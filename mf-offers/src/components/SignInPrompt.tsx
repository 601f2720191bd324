import { SignInPrompt as KitSignInPrompt, type SignInPromptProps } from '@storefront/remote-kit/blocks';

/**
 * Signed-out prompt (spec §6: offers to load and favourites are for signed-in shoppers): the kit's
 * block ('Log In' / 'Sign Up' publish `session/sign-in-requested { mode, returnTo }`) in the offers look.
 */
export function SignInPrompt(props: Pick<SignInPromptProps, 'bus' | 'text' | 'returnTo'>) {
  return <KitSignInPrompt {...props} className="mfo-notice mfo-signin" buttonClassName="mfo-btn" secondaryButtonClassName="mfo-btn mfo-btn--quiet" />;
}
