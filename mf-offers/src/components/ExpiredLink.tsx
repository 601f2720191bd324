import { useEffect, useRef } from 'react';
import { useNavigate } from '@storefront/remote-kit';
import { siteLinkClick } from 'shared-events';
import { EXPIRED_LINK_REDIRECT_MS, HASH_EXPIRED_MESSAGE } from '../state/messages';

/**
 * Spec §8 "Expired hash link": the text word for word in an alert, then home ('/') after 3 seconds
 * (also for an unknown or malformed hash: the BFF answers them alike). A 'Go to the home page' link
 * leaves at once. Both use the kit's in-site `useNavigate`.
 */
export function ExpiredLink({ delayMs = EXPIRED_LINK_REDIRECT_MS }: { delayMs?: number }) {
  const kitNavigate = useNavigate();
  const navigate = (url: string) => kitNavigate(url);
  const go = useRef(navigate);
  go.current = navigate;
  useEffect(() => {
    const timer = setTimeout(() => go.current('/'), delayMs);
    return () => clearTimeout(timer);
  }, [delayMs]);
  return (
    <div className="mfo-notice mfo-notice--error" data-expired-link="">
      <p role="alert">{HASH_EXPIRED_MESSAGE}</p>
      <p><a className="mfo-link" href="/" onClick={siteLinkClick('/', navigate)}>Go to the home page</a></p>
    </div>
  );
}
