/**
 * The add-card registration screen set's message contract (spec §2 Card popups "Add Scene+ card (embeds a
 * registration screen set)"). The identity provider serves the screen set at
 * `<identity origin>/screens/add-card`; the popup embeds it in an iframe and talks to it with postMessage:
 *
 * - parent → frame `{ type: 'screenset/init', screenSet: 'add-card', focus }` once the frame has loaded;
 * - frame → parent `{ type: 'screenset/ready', height }` (px; again when its height changes),
 *   `{ type: 'screenset/submit', cardNumber }` (16 digits, checked in the frame), `{ type: 'screenset/cancel' }`;
 * - parent → frame `{ type: 'screenset/result', ok, message }` after the parent's BFF add-card call.
 *
 * Only messages from the configured identity origin (and from the frame's own window) count; the rest
 * are ignored. Pure: no DOM here.
 */

/** The path of the add-card screen set on the identity provider's origin. */
export const ADD_CARD_SCREEN_PATH = '/screens/add-card';

/** Frame height before the screen set reports its own, px. */
export const SCREEN_SET_DEFAULT_HEIGHT = 240;
/** Largest frame height accepted from the screen set, px. */
export const SCREEN_SET_MAX_HEIGHT = 1200;

/** A message of the frame the parent acts on. */
export type ScreenSetMessage =
  | { type: 'screenset/ready'; height: number }
  | { type: 'screenset/submit'; cardNumber: string }
  | { type: 'screenset/cancel' };

/** A message of the parent to the frame. */
export type ParentMessage =
  | { type: 'screenset/init'; screenSet: 'add-card'; focus: boolean }
  | { type: 'screenset/result'; ok: boolean; message: string };

/**
 * The origin of the identity provider from the runtime config (`/config.json` `oidc.issuer`, e.g.
 * 'http://localhost:4100'), or null when there is none or it is not an http(s) URL.
 */
export function identityOriginOf(config: unknown): string | null {
  const issuer = (config as { oidc?: { issuer?: unknown } } | null | undefined)?.oidc?.issuer;
  if (typeof issuer !== 'string') return null;
  try {
    const url = new URL(issuer);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null;
  } catch {
    return null;
  }
}

/** The screen set's address on `identityOrigin`. */
export function addCardScreenUrl(identityOrigin: string): string {
  return `${identityOrigin}${ADD_CARD_SCREEN_PATH}`;
}

/**
 * A frame message the parent may act on, or null: wrong origin, unknown type, a height that is not a
 * number in 0…{@link SCREEN_SET_MAX_HEIGHT}, or a card number that is not 16 digits starting 6046 (the
 * frame checks it; the parent does not trust that).
 */
export function readScreenSetMessage(event: { origin: string; data: unknown }, identityOrigin: string): ScreenSetMessage | null {
  if (event.origin !== identityOrigin) return null;
  const data = event.data as { type?: unknown; height?: unknown; cardNumber?: unknown } | null;
  if (!data || typeof data !== 'object') return null;
  switch (data.type) {
    case 'screenset/ready':
      return typeof data.height === 'number' && Number.isFinite(data.height) && data.height >= 0
        ? { type: 'screenset/ready', height: Math.min(Math.ceil(data.height), SCREEN_SET_MAX_HEIGHT) }
        : null;
    case 'screenset/submit':
      return typeof data.cardNumber === 'string' && /^6046\d{12}$/.test(data.cardNumber) ? { type: 'screenset/submit', cardNumber: data.cardNumber } : null;
    case 'screenset/cancel':
      return { type: 'screenset/cancel' };
    default:
      return null;
  }
}
