/**
 * Live chat (spec §2 Live chat "a chat embed for customer care, reachable from the quick links";
 * §4 Chat "the chat script is awaited up to 50 times at 100 ms intervals"; §9).
 * The chat embed is a vendor script (RuntimeConfig.vendors `chatScriptUrl`; locally services/vendors
 * `/chat.js`) that defines `window.CareChat`. It is downloaded on demand — when a shopper first asks
 * for the chat — not with the page (nothing the first paint does not need). The header's
 * 'Live Chat' links (mobile panel quick link, footer) load and open it instead of following their URL.
 */
import type { EventBus } from 'shared-events';
// From the kit's root (a shared singleton already on the page): '/safe-url' would bundle a second copy.
import { isSafeHttpUrl } from '@storefront/remote-kit';
import { SUPPORT_PHONE } from '../state/support';

/** The URL of the Live Chat links (footer content and the mobile panel's quick link). */
export const LIVE_CHAT_PATH = '/customer-service/live-chat';
/** How many times the chat script is looked for (spec §9: 50 tries). */
export const CHAT_WAIT_TRIES = 50;
/** Between two looks, ms (spec §9: 100 ms). */
export const CHAT_WAIT_INTERVAL_MS = 100;
/** What the shopper is told when the chat never came (spec §4 Chat leaves it open): say so, with the phone number. */
export const CHAT_UNAVAILABLE_MESSAGE = `Live chat is not available right now. Please call us at ${SUPPORT_PHONE} for help.`;

/** The chat embed's interface (the vendor's global). */
export interface CareChatApi {
  open(): void;
  close(): void;
  isOpen(): boolean;
}

/** True for a link to the Live Chat page (with or without a trailing slash or query). */
export function isLiveChatLink(link: string | undefined | null): boolean {
  if (!link) return false;
  return link.split(/[?#]/)[0]!.replace(/\/+$/, '') === LIVE_CHAT_PATH;
}

type ChatWindow = { CareChat?: unknown };

function chatOf(win: ChatWindow): CareChatApi | null {
  const c = win.CareChat as Partial<CareChatApi> | undefined;
  return c && typeof c.open === 'function' ? (c as CareChatApi) : null;
}

/**
 * Waits for `window.CareChat`: looks at once, then up to `tries` times in all, every `intervalMs` ms.
 * @returns the chat, or null when it never came (after about 5 s with the defaults)
 */
export function waitForChat(win: ChatWindow = window as unknown as ChatWindow, tries = CHAT_WAIT_TRIES, intervalMs = CHAT_WAIT_INTERVAL_MS): Promise<CareChatApi | null> {
  return new Promise((resolve) => {
    let n = 0;
    const look = () => {
      n += 1;
      const chat = chatOf(win);
      if (chat) resolve(chat);
      else if (n >= tries) resolve(null);
      else setTimeout(look, intervalMs);
    };
    look();
  });
}

let pending: Promise<boolean> | null = null;

/**
 * Adds the chat embed's script once (async), when `url` is an http(s) URL (kit safe-url) and the chat
 * is not there yet. A script that fails to load leaves `window.CareChat` unset: the wait below then
 * tells the shopper the chat is unavailable.
 */
export function requestChatScript(url: string | undefined, doc: Document = document): void {
  if (!url || !isSafeHttpUrl(url) || doc.querySelector('script[data-care-chat]')) return;
  const script = doc.createElement('script');
  script.src = url;
  script.async = true;
  script.dataset.careChat = '';
  doc.head.appendChild(script);
}

/**
 * Opens the chat window; when the chat script never comes, shows the error toast
 * {@link CHAT_UNAVAILABLE_MESSAGE} (id 'live-chat-unavailable'). A second click while waiting waits for the same answer.
 * @returns true when the chat opened
 */
export function openLiveChat(bus: EventBus, win: ChatWindow = window as unknown as ChatWindow, scriptUrl?: string): Promise<boolean> {
  if (pending) return pending;
  if (!chatOf(win)) requestChatScript(scriptUrl);
  pending = waitForChat(win).then((chat) => {
    pending = null;
    if (chat) {
      chat.open();
      return true;
    }
    bus.emit('toast/show', { id: 'live-chat-unavailable', message: CHAT_UNAVAILABLE_MESSAGE, kind: 'error' });
    return false;
  });
  return pending;
}
