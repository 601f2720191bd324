/**
 * The vendors' scripts on the page (spec §7 Other, §4 Guided tours and Chat; ARCHITECTURE §5),
 * all after the shell's first paint ({@link afterShellPaint}; not after `load`: the consent banner is the
 * first thing a new visitor answers) from `RuntimeConfig.vendors`:
 * 1. the consent tool (`consentScriptUrl`), always; a signed-in shopper first gets its token from the BFF's
 *    `POST /api/generateToken` (spec §7: "token, used for the consent tool"), handed to the tool as
 *    `window.OneTrust.dataSubjectParams` before it loads. Then {@link ConsentBridge.attach}.
 * 2. the tag manager (`tagManagerUrl`) only once the performance group C0002 is active (basic consent mode:
 *    a shopper who declines never downloads it);
 * 3. the ad script (`adsScriptUrl`) only once the targeting group C0004 is active, and only on pages that
 *    have an ad slot (`[data-ad-slot]`); slots drawn later (a remote's page) are noticed with a
 *    MutationObserver and filled with `AdSlots.refresh()`;
 * The chat embed (`chatScriptUrl`) is not loaded here: mf-header loads it when a shopper first asks for
 * Live Chat and waits for `window.CareChat` (spec §9), so no page downloads it unasked.
 * A script that fails is reported with console.warn ("[vendors] …") and the rest goes on.
 */
import type { EventBus, RuntimeConfig, Session } from 'shared-events';
import { callBff } from 'shared-events';
import { ConsentBridge, type ConsentToolWindow } from '../consent/consent-bridge';
import { PERFORMANCE_GROUP, TARGETING_GROUP } from '../consent/consent-state';
import { afterShellPaint, loadScript } from './load-script';

type VendorsConfig = NonNullable<RuntimeConfig['vendors']>;

/** An ad slot the ad script has not filled yet (services/vendors ads.js marks filled ones). */
const UNFILLED_SLOT = '[data-ad-slot]:not([data-ad-filled="true"])';

/** Longest wait for the session to settle before loading the consent tool without a token, ms. */
export const SESSION_WAIT_MS = 3000;

const isHttpUrl = (v: unknown): v is string => typeof v === 'string' && /^https?:\/\/[^\s]+$/.test(v);

/** The vendors block when every URL is an http(s) URL, else null (nothing is loaded). */
export function vendorsConfigOf(config: RuntimeConfig): VendorsConfig | null {
  const v = config.vendors;
  if (!v || typeof v !== 'object') return null;
  const ok = [v.origin, v.consentScriptUrl, v.tagManagerUrl, v.adsScriptUrl, v.chatScriptUrl].every(isHttpUrl);
  return ok ? v : null;
}

function warn(what: string, error: unknown): void {
  console.warn(`[vendors] ${what}`, error);
}

/** The session once it is no longer loading, or null after {@link SESSION_WAIT_MS}. */
function settledSession(bus: EventBus): Promise<Session | null> {
  return new Promise((resolve) => {
    let done = false;
    let sub: { unsubscribe(): void } | null = null;
    const finish = (s: Session | null) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      queueMicrotask(() => sub?.unsubscribe());
      resolve(s);
    };
    const timer = setTimeout(() => finish(null), SESSION_WAIT_MS);
    sub = bus.state.session.subscribe((s: Session) => { if (!s.isLoading) finish(s); });
    if (done) sub.unsubscribe();
  });
}

/**
 * The consent token for a signed-in shopper (`POST <apiBase>/generateToken {}`, the BFF session's
 * id token names the shopper), or null when
 * anonymous, still loading after {@link SESSION_WAIT_MS}, or the BFF refuses (the tool then runs anonymous).
 */
export async function consentSubject(bus: EventBus, apiBase: string, sessionReady?: Promise<unknown>): Promise<{ id: string; isAnonymous: false; token: string } | null> {
  // The bus starts with the signed-out session (not loading): before the session manager has read a
  // stored sign-in, a signed-in shopper would look anonymous. Wait for it (at most SESSION_WAIT_MS).
  if (sessionReady) {
    let timer: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([sessionReady.catch(() => undefined), new Promise((r) => { timer = setTimeout(r, SESSION_WAIT_MS); })]);
    clearTimeout(timer);
  }
  const session = await settledSession(bus);
  if (!session) return null;
  if (!session.loggedIn || !session.uid) return null;
  try {
    const env = await callBff<{ token: string }>(apiBase, '/generateToken', { body: {} });
    const token = (env.data as { token?: unknown } | undefined)?.token;
    return typeof token === 'string' && token ? { id: session.uid, isAnonymous: false, token } : null;
  } catch {
    return null;
  }
}

export interface StartVendorsOptions {
  bus: EventBus;
  config: RuntimeConfig;
  /** The shell's consent adapter (its decision$ also gates the dataLayer). */
  consent: ConsentBridge;
  win?: Window & ConsentToolWindow & { AdSlots?: { refresh(): number } };
  /** Resolves when the shell's first paint is done (default {@link afterShellPaint}). */
  whenIdle?: () => Promise<void>;
  /**
   * Settles once the session manager has restored (or not) a stored sign-in (its `start()`); the
   * consent token is asked for only after it, so a signed-in shopper is never taken for anonymous.
   */
  sessionReady?: Promise<unknown>;
}

/** Runs the sequence above. Resolves once the consent tool is attached (or failed). */
export async function startVendors({ bus, config, consent, win = window as StartVendorsOptions['win'] & Window, whenIdle = () => afterShellPaint(), sessionReady }: StartVendorsOptions): Promise<void> {
  const vendors = vendorsConfigOf(config);
  if (!vendors || !win) return;
  const w = win;
  await whenIdle();

  let gtmRequested = false;
  let adsRequested = false;
  let targeting = false;
  /** Loads the ad script for the first slot on a page, or has it fill slots added since (targeting only). */
  const fillSlots = () => {
    if (!targeting || !w.document.querySelector(UNFILLED_SLOT)) return;
    if (!adsRequested) {
      adsRequested = true;
      loadScript(vendors.adsScriptUrl, w.document).catch((e) => warn('ad script failed to load', e));
    } else w.AdSlots?.refresh();
  };
  consent.decision$.subscribe(({ groups }) => {
    if (groups.includes(PERFORMANCE_GROUP) && !gtmRequested) {
      gtmRequested = true;
      loadScript(vendors.tagManagerUrl, w.document).catch((e) => warn('tag manager failed to load', e));
    }
    targeting = groups.includes(TARGETING_GROUP);
    fillSlots();
  });
  // A remote's page draws its slot later (e.g. mf-search's results page; "ad slots on the home
  // and results pages"): the shell notices new slots and fills them; without targeting nothing loads.
  const MutationObserverCtor = (w as Window & typeof globalThis).MutationObserver;
  if (MutationObserverCtor && w.document.body) {
    let queued = false;
    new MutationObserverCtor(() => {
      if (queued || !targeting) return;
      queued = true;
      w.setTimeout(() => { queued = false; fillSlots(); }, 0);
    }).observe(w.document.body, { childList: true, subtree: true });
  }

  const subject = await consentSubject(bus, config.apiBase, sessionReady);
  if (subject) w.OneTrust = { ...(w.OneTrust ?? {}), dataSubjectParams: subject };
  try {
    await loadScript(vendors.consentScriptUrl, w.document);
  } catch (e) {
    warn('consent tool failed to load (no consent: no analytics, no tours, no ads)', e);
    return;
  }
  consent.attach();
}
