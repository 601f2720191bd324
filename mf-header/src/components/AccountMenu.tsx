import { useBusState, type EventBus } from 'shared-events';
import { greeting } from '../state/greeting';
import { useLocation } from '@storefront/remote-kit';
import { useDisclosure } from './useDisclosure';
import { linkClick } from './navigation';
import { ScenePanel } from './ScenePanel';

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

export interface AccountMenuProps {
  bus: EventBus;
  navigate?: (url: string) => void;
}

/**
 * Account trigger and its disclosure menu (spec §2 Header, Account menu).
 *
 * - Trigger text from {@link greeting}: 'Account' signed out, 'Hi, Alexa...' signed in (spec §9).
 * - Signed in: the Scene+ panel first ({@link ScenePanel}: link / register / verify / balance with
 *   points and dollar value), then the links, then 'Sign Out', which publishes
 *   `session/sign-out-requested {}`: the shell signs out everywhere and emits the `sign_out` analytics
 *   event once (for this button and for forced sign-outs alike).
 * - Signed out: 'Log In' and 'Sign Up' (publishing `session/sign-in-requested { mode: 'signIn' |
 *   'signUp' }`), then the links.
 * - Links ({@link ACCOUNT_LINKS}) publish `analytics/track nav_header { label, link }`.
 *
 * Session from `bus.state.session`. WAI-ARIA disclosure: Escape closes and returns focus.
 */
export function AccountMenu({ bus, navigate }: AccountMenuProps) {
  const session = useBusState(bus.state.session);
  const { pathname } = useLocation();
  const menu = useDisclosure();
  const label = greeting(session);
  const signedIn = session.loggedIn;

  const choose = (act: () => void) => () => {
    menu.close(true);
    act();
  };

  return (
    <div className="mfh-account" {...menu.containerProps}>
      <button className="mfh-account__trigger" {...menu.buttonProps}>
        <svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true" focusable="false">
          <circle cx="10" cy="7" r="3.5" fill="none" stroke="currentColor" strokeWidth="1.8" />
          <path d="M3.5 17c0-3.6 2.9-5.5 6.5-5.5s6.5 1.9 6.5 5.5" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
        </svg>
        <span>{label}</span>
      </button>
      <div className="mfh-account__panel" {...menu.panelProps}>
        {signedIn ? (
          <ScenePanel bus={bus} session={session} navigate={navigate} onDone={() => menu.close(false)} />
        ) : (
          <>
            <button
              type="button"
              className="mfh-button mfh-button--primary"
              onClick={choose(() => bus.emit('session/sign-in-requested', { mode: 'signIn' }))}
            >
              Log In
            </button>
            <button
              type="button"
              className="mfh-button mfh-button--secondary"
              onClick={choose(() => bus.emit('session/sign-in-requested', { mode: 'signUp' }))}
            >
              Sign Up
            </button>
          </>
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
                    menu.close(false);
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
      </div>
    </div>
  );
}
