import type { Session } from 'shared-events';

/** Spec §9 "Greeting name length": how many characters of the first name the trigger shows. */
export const GREETING_NAME_LENGTH = 5;

/** Trigger text for a signed-out shopper (spec §2 Account menu). */
export const ANONYMOUS_LABEL = 'Account';

/**
 * The account-menu trigger text (spec §2 Header, Account menu; spec §9 Greeting name length 5).
 *
 * - signed out (or signed in with no first name yet): 'Account'
 * - signed in: 'Hi, ' + the first 5 characters of `profile.firstName` + '...',
 *   e.g. 'Alexandra' → 'Hi, Alexa...'. As the spec words it, the '...' is always appended, so a
 *   short name reads 'Hi, Sam...'. Characters are Unicode code points (an accented letter or an
 *   emoji is never split); surrounding whitespace is ignored.
 *
 * Pure function.
 */
export function greeting(session: Pick<Session, 'loggedIn' | 'profile'> | null | undefined): string {
  if (!session?.loggedIn) return ANONYMOUS_LABEL;
  const firstName = session.profile?.firstName?.trim() ?? '';
  if (!firstName) return ANONYMOUS_LABEL;
  return `Hi, ${Array.from(firstName).slice(0, GREETING_NAME_LENGTH).join('')}...`;
}
