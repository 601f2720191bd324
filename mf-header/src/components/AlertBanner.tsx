import { useEffect, useLayoutEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { useBusState, type EventBus } from 'shared-events';
import {
  DEFAULT_ALERT_PROVINCE, fetchAlert, isAlertBannerClosed, markAlertBannerClosed, type Alert,
} from '../state/alertBanner';
import { isExternalLink } from '../state/menu';
import { linkClick } from './navigation';

/** How long the banner waits for the selected store before asking for the default province (ms). */
export const STORE_WAIT_MS = 2000;

export interface AlertBannerProps {
  bus: EventBus;
  /** RuntimeConfig.apiBase, normally '/api'. */
  apiBase: string;
  navigate?: (url: string) => void;
  /**
   * The header bar element. When it sits inside a `<header>` (the shell's banner landmark), the
   * banner is rendered as that header's first child, full width above the header band; otherwise
   * (standalone, tests) it renders in place.
   */
  anchor: HTMLElement | null;
}

/**
 * The alert banner (spec §2 Header "Alert banner: red, dismissible, one per page, showing
 * descriptionText and a call-to-action link (ctaLabel, ctaUrl)"; spec §4 Alert banner; spec §7).
 *
 * - Province: the selected store's (`bus.state.store.address.province`); when no store is known
 *   after {@link STORE_WAIT_MS} ms, 'ON' (spec §7 "defaults to ON"). Refetched when the store's
 *   province changes. `POST /api/bannerAlert { province }`; the first alert is shown.
 * - Closing ('Close alert') stores `sessionStorage.alertBannerClosed = 'true'` (spec §9 storage key),
 *   so no banner is fetched or shown again in this browser session; focus moves to the logo.
 * - A region named 'Alert'; the text is rendered as text. No alert, or a failed call: nothing.
 */
export function AlertBanner({ bus, apiBase, navigate, anchor }: AlertBannerProps) {
  const store = useBusState(bus.state.store);
  const [closed, setClosed] = useState(() => isAlertBannerClosed());
  const [waitedForStore, setWaitedForStore] = useState(false);
  const [alert, setAlert] = useState<Alert | null>(null);
  const [host, setHost] = useState<HTMLElement | null>(null);
  const province = store?.address.province ?? (waitedForStore ? DEFAULT_ALERT_PROVINCE : null);

  useEffect(() => {
    if (store || closed) return;
    const timer = setTimeout(() => setWaitedForStore(true), STORE_WAIT_MS);
    return () => clearTimeout(timer);
  }, [store, closed]);

  useEffect(() => {
    if (closed || !province) return;
    const controller = new AbortController();
    fetchAlert(apiBase, province, controller.signal).then((a) => {
      if (!controller.signal.aborted) setAlert(a);
    });
    return () => controller.abort();
  }, [apiBase, province, closed]);

  useLayoutEffect(() => {
    const header = anchor?.closest('header');
    if (!header) return;
    const el = document.createElement('div');
    el.className = 'mfh-alert-host';
    header.prepend(el);
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
  const cta = alert.ctaUrl && alert.ctaLabel ? { url: alert.ctaUrl, label: alert.ctaLabel } : null;

  const banner = (
    <section className="mfh-alert" aria-label="Alert" data-testid="alert-banner">
      <svg className="mfh-alert__icon" viewBox="0 0 20 20" width="20" height="20" aria-hidden="true" focusable="false">
        <circle cx="10" cy="10" r="9" fill="none" stroke="currentColor" strokeWidth="2" />
        <path d="M10 5.5v5.5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        <circle cx="10" cy="14.3" r="1.2" fill="currentColor" />
      </svg>
      <p className="mfh-alert__text">{alert.descriptionText}</p>
      {cta && (
        <a className="mfh-alert__cta" href={cta.url} onClick={linkClick(cta.url, isExternalLink(cta.url) ? undefined : navigate)}>
          {cta.label}
        </a>
      )}
      <button type="button" className="mfh-alert__close" aria-label="Close alert" onClick={close}>
        <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
          <path d="M3.5 3.5l9 9M12.5 3.5l-9 9" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
    </section>
  );
  return host ? createPortal(banner, host) : banner;
}
