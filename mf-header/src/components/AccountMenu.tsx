import { useBusState, type EventBus } from 'shared-events';
import { greeting } from '../state/greeting';
import { useDisclosure } from './useDisclosure';

export interface AccountMenuProps {
  bus: EventBus;
}

/**
 * Account trigger and its disclosure menu (spec §2 Header, Account menu).
 *
 * - Trigger text from {@link greeting}: 'Account' signed out, 'Hi, Alexa...' signed in (spec §9).
 * - Signed out, the menu holds 'Log In' and 'Sign Up', publishing
 *   `session/sign-in-requested { mode: 'signIn' | 'signUp' }` (the shell starts the flow).
 * - Signed in, it holds 'Sign Out', publishing `session/sign-out-requested {}`. The account links
 *   and the Scene+ panel are a later issue.
 *
 * Session is read from `bus.state.session`. WAI-ARIA disclosure: Escape closes, focus returns.
 */
export function AccountMenu({ bus }: AccountMenuProps) {
  const session = useBusState(bus.state.session);
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
          <button
            type="button"
            className="mfh-button mfh-button--secondary"
            onClick={choose(() => bus.emit('session/sign-out-requested', {}))}
          >
            Sign Out
          </button>
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
      </div>
    </div>
  );
}
