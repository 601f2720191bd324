import type { Session } from 'shared-events';
import { useLocation } from '@storefront/remote-kit';
import { useHeaderRemote } from '../hooks/useHeaderRemote';
import { linkClick } from './navigation';
import { ScenePanel } from './ScenePanel';
import './account-panel.css';

/** The account menu links, in order (spec §2 Header "Account menu … Links"). */
export const ACCOUNT_LINKS: readonly { label: string; href: string }[] = Object.freeze([
  { label: 'My Profile', href: '/my-profile' },
  { label: 'Preferences Centre', href: '/preferences-centre' },
  { label: 'Scene+', href: '/scene' },
  { label: 'Offers', href: '/offers' },
  { label: 'Favourites', href: '/favourites' },
  { label: 'Meal Plan', href: '/recipes/meal-plan' },
  { label: 'My Recipe Lists', href: '/recipes/my-recipe-lists' },
  { label: 'Shopping List', href: '/shopping-list' },
]);

/** 'Log In' and 'Sign Up' (signed out): the `session/sign-in-requested` mode each asks for, and its look. */
const SIGN_IN_BUTTONS = [
  { label: 'Log In', mode: 'signIn', look: 'primary' },
  { label: 'Sign Up', mode: 'signUp', look: 'secondary' },
] as const;

export interface AccountPanelProps {
  /** `bus.state.session`. */
  session: Session;
  /** Closes the menu; focus goes back to the trigger when `returnFocus`. */
  close: (returnFocus: boolean) => void;
}

/**
 * The inside of the account menu (spec §2 Header, Account menu), rendered by {@link ./AccountMenu}
 * while it is open (loaded on demand, chunk `mfh-account-panel`, so the first paint does not wait):
 * - signed in: the Scene+ panel first ({@link ScenePanel}: link / register / verify / balance with
 *   points and dollar value), then the links, then 'Sign Out', which publishes
 *   `session/sign-out-requested {}`: the shell signs out everywhere and emits the `sign_out` analytics
 *   event once (for this button and for forced sign-outs alike);
 * - signed out: 'Log In' and 'Sign Up' (publishing `session/sign-in-requested { mode: 'signIn' |
 *   'signUp' }`), then the links;
 * - links ({@link ACCOUNT_LINKS}) publish `analytics/track nav_header { label, link }`.
 */
export function AccountPanel({ session, close }: AccountPanelProps) {
  const { bus, navigate } = useHeaderRemote();
  const { pathname } = useLocation();
  const signedIn = session.loggedIn;

  const choose = (act: () => void) => () => {
    close(true);
    act();
  };

  return (
    <>
      {signedIn ? (
        <ScenePanel session={session} onDone={() => close(false)} />
      ) : (
        SIGN_IN_BUTTONS.map(({ label, mode, look }) => (
          <button key={mode} type="button" className={`mfh-button mfh-button--${look}`} onClick={choose(() => bus.emit('session/sign-in-requested', { mode }))}>
            {label}
          </button>
        ))
      )}
      <ul className="mfh-account__links" aria-label="Your account">
        {ACCOUNT_LINKS.map(({ label: text, href }) => {
          const follow = linkClick(href, navigate);
          return (
            <li key={href}>
              <a
                className="mfh-account__link"
                href={href}
                aria-current={pathname === href ? 'page' : undefined}
                onClick={(e) => {
                  bus.emit('analytics/track', { event: 'nav_header', params: { label: text, link: href } });
                  close(false);
                  follow(e);
                }}
              >
                {text}
              </a>
            </li>
          );
        })}
      </ul>
      {signedIn && (
        <button
          type="button"
          className="mfh-button mfh-button--secondary"
          onClick={choose(() => bus.emit('session/sign-out-requested', {}))}
        >
          Sign Out
        </button>
      )}
    </>
  );
}
