import { SignInPrompt as KitSignInPrompt, type SignInPromptProps } from '@storefront/remote-kit/blocks';
import { useRemoteRuntime } from '@storefront/remote-kit';

/**
 * Signed-out prompt (spec §6: offers to load and favourites are for signed-in shoppers): the kit's
 * block ('Log In' / 'Sign Up' publish `session/sign-in-requested { mode, returnTo }` on the page's bus) in the offers look.
 */
export function SignInPrompt(props: Pick<SignInPromptProps, 'text' | 'returnTo'>) {
  return <KitSignInPrompt {...props} bus={useRemoteRuntime().bus} className="mfo-notice mfo-signin" buttonClassName="mfo-btn" secondaryButtonClassName="mfo-btn mfo-btn--quiet" />;
}
