import { useEffect, useLayoutEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { keepPreviousData, skipToken, useQuery } from '@storefront/remote-kit';
import { useBusState } from 'shared-events';
import { DEFAULT_ALERT_PROVINCE, fetchAlert } from '../api/bannerAlert';
import { isAlertBannerClosed, markAlertBannerClosed } from '../api/alertBannerClosed';
import { alertCta } from '../state/alertBanner';
import { useHeaderRemote } from '../hooks/useHeaderRemote';
import { linkClick } from './navigation';

/** How long the banner waits for the selected store before asking for the default province (ms). */
export const STORE_WAIT_MS = 2000;

export interface AlertBannerProps {
  /**
   * The header bar element. When it sits inside a `<header>` (the shell's banner landmark), the
   * banner is rendered into a host appended as that header's last child, which CSS places over the
   * page just below the header band (out of the flow: nothing moves when it appears);
   * otherwise (standalone, tests) it renders in place.
   */
  anchor: HTMLElement | null;
}

/**
 * The alert banner (spec §2 Header "Alert banner: red, dismissible, one per page, showing
 * descriptionText and a call-to-action link (ctaLabel, ctaUrl)"; spec §4 Alert banner; spec §7).
 *
 * - Province: the selected store's (`bus.state.store.address.province`); when no store is known
 *   after {@link STORE_WAIT_MS} ms, 'ON' (spec §7 "defaults to ON"). Refetched when the store's
 *   province changes. `POST /api/bannerAlert { province }` ({@link fetchAlert}) through the kit's
 *   `useQuery`; the first alert is shown, and the previous province's alert stays until the new
 *   answer arrives.
 * - The CTA link is rendered only when `ctaUrl` passes {@link alertCta} (an http(s) URL or a
 *   same-origin path, checked with the kit's `isSafeHttpUrl` / `safeReturnPath`).
 * - Closing ('Close alert') stores `sessionStorage.alertBannerClosed = 'true'` (spec §9 storage key),
 *   so no banner is fetched or shown again in this browser session; focus moves to the logo.
 * - A region named 'Alert'; the text is rendered as text. No alert, or a failed call: nothing.
 * - Never pushes content (no layout shift): the answer arrives after the first paint, so the banner is
 *   not in the page flow. Its host is the last child of the shell's `<header>` (after the band's
 *   controls in reading and Tab order) and is pinned to the bottom of the viewport (`position: fixed;
 *   bottom: 0`, header.css), full width, fading and sliding in by a few pixels (transform/opacity only;
 *   none with reduced motion). It never covers the logo, Menu, Account, search or store controls; the
 *   mega menu, account menu and search dropdown open above it; 'Close alert' removes it.
 * A same-origin CTA path is followed with RemoteProps.navigate (without it, a normal link).
 * Must render under the kit's providers (QueryClient).
 */
export function AlertBanner({ anchor }: AlertBannerProps) {
  const { bus, apiBase, navigate } = useHeaderRemote();
  const store = useBusState(bus.state.store);
  const [closed, setClosed] = useState(() => isAlertBannerClosed());
  const [waitedForStore, setWaitedForStore] = useState(false);
  const [host, setHost] = useState<HTMLElement | null>(null);
  const province = store?.address.province ?? (waitedForStore ? DEFAULT_ALERT_PROVINCE : null);

  useEffect(() => {
    if (store || closed) return;
    const timer = setTimeout(() => setWaitedForStore(true), STORE_WAIT_MS);
    return () => clearTimeout(timer);
  }, [store, closed]);

  const { data: alert } = useQuery({
    queryKey: ['mf-header', 'bannerAlert', apiBase, province],
    // Nothing is fetched once the banner was closed in this browser session, nor before a province is known.
    queryFn: closed || !province ? skipToken : ({ signal }) => fetchAlert(apiBase, province, signal),
    placeholderData: keepPreviousData,
  });

  useLayoutEffect(() => {
    const header = anchor?.closest('header');
    if (!header) return;
    const el = document.createElement('div');
    el.className = 'mfh-alert-host';
    header.append(el);
    setHost(el);
    return () => {
      el.remove();
      setHost(null);
    };
  }, [anchor]);

  if (closed || !alert) return null;

  const close = () => {
    markAlertBannerClosed();
    setClosed(true);
    anchor?.querySelector<HTMLElement>('.mfh-logo')?.focus();
  };
  const cta = alertCta(alert);

  const banner = (
    <section className="mfh-alert" aria-label="Alert" data-testid="alert-banner">
      <svg className="mfh-alert__icon" viewBox="0 0 20 20" width="20" height="20" aria-hidden="true" focusable="false">
        <circle cx="10" cy="10" r="9" fill="none" stroke="currentColor" strokeWidth="2" />
        <path d="M10 5.5v5.5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        <circle cx="10" cy="14.3" r="1.2" fill="currentColor" />
      </svg>
      <p className="mfh-alert__text">
        {alert.descriptionText}
        {cta && (
          <>
            {' '}
            <a className="mfh-alert__cta" href={cta.href} onClick={linkClick(cta.href, cta.external ? undefined : navigate)}>
              {cta.label}
            </a>
          </>
        )}
      </p>
      <button type="button" className="mfh-alert__close" aria-label="Close alert" onClick={close}>
        <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
          <path d="M3.5 3.5l9 9M12.5 3.5l-9 9" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
    </section>
  );
  return host ? createPortal(banner, host) : banner;
}
