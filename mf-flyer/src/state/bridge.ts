/**
 * The host side of the flyer bridge (contract §3): which `postMessage` messages from the flyer's
 * iframe are accepted, and the shopping-list ids of flyer items. Pure functions, no React.
 *
 * A message is accepted only when ALL hold (anything else is ignored and changes nothing):
 * 1. `event.origin` is exactly the provider's origin (`config.flyer.origin`);
 * 2. `event.source` is the `contentWindow` of the iframe of the storefront this page created;
 * 3. the data has exactly the contract's shape (see {@link parseFlyerMessage}).
 */
import { isSafeHttpUrl } from '@storefront/remote-kit';
import { itemId, parseItemId } from 'shared-events';
import { UOMS, type Uom } from 'shared-events';
import type { FlyerItem } from 'shared-events/contracts';

/** Message types the iframe sends (contract §3). */
export const FLYER_MESSAGE_TYPES = ['flyer:ready', 'flyer:resize', 'flyer:item-open', 'flyer:add-to-list', 'flyer:remove-from-list'] as const;
export type FlyerMessageType = (typeof FLYER_MESSAGE_TYPES)[number];

/** A validated iframe → host message. */
export type FlyerMessage =
  | { type: 'flyer:ready'; publicationId: string }
  | { type: 'flyer:resize'; publicationId: string; height: number }
  | { type: 'flyer:item-open' | 'flyer:add-to-list' | 'flyer:remove-from-list'; publicationId: string; item: FlyerItem };

/** Bounds of the flyer's height in px (a 'flyer:resize' outside them is clamped). */
export const MIN_FLYER_HEIGHT = 200;
export const MAX_FLYER_HEIGHT = 20000;

const MESSAGE_KEYS = new Set(['source', 'version', 'type', 'publicationId', 'item', 'height']);
const ITEM_KEYS = ['id', 'articleNumber', 'uom', 'name', 'image', 'priceText', 'saleStory', 'validFrom', 'validTo'] as const;
const ITEM_TYPES = new Set<string>(['flyer:item-open', 'flyer:add-to-list', 'flyer:remove-from-list']);
/** The article number part of a list item id (mf-shopping-list's rule). */
const ARTICLE_NUMBER = /^[0-9A-Za-z]{1,20}$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
/** Longest accepted text of any string field. */
const MAX_TEXT = 200;

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && (Object.getPrototypeOf(v) === Object.prototype || Object.getPrototypeOf(v) === null);
const isText = (v: unknown, { empty = false } = {}): v is string =>
  typeof v === 'string' && v.length <= MAX_TEXT && (empty || v.trim().length > 0);
/** Keys whose value is not `undefined` (structured clone keeps `{ item: undefined }` as a key). */
const presentKeys = (o: Record<string, unknown>) => Object.keys(o).filter((k) => o[k] !== undefined);

/**
 * A FlyerItem exactly as the contract says (every field checked, no other field), or null.
 * @param providerOrigin the image must be an http(s) URL on this origin
 */
export function parseFlyerItem(value: unknown, providerOrigin: string): FlyerItem | null {
  if (!isPlainObject(value)) return null;
  const keys = presentKeys(value);
  if (keys.length !== ITEM_KEYS.length || !ITEM_KEYS.every((k) => keys.includes(k))) return null;
  const { id, articleNumber, uom, name, image, priceText, saleStory, validFrom, validTo } = value;
  if (!isText(id) || !isText(name) || !isText(priceText) || !isText(saleStory, { empty: true })) return null;
  if (typeof articleNumber !== 'string' || !ARTICLE_NUMBER.test(articleNumber)) return null;
  if (typeof uom !== 'string' || !(UOMS as readonly string[]).includes(uom)) return null;
  if (typeof image !== 'string' || !isSafeHttpUrl(image, { allowedOrigins: [providerOrigin] })) return null;
  if (typeof validFrom !== 'string' || !ISO_DATE.test(validFrom) || typeof validTo !== 'string' || !ISO_DATE.test(validTo)) return null;
  return { id, articleNumber, uom: uom as Uom, name, image, priceText, saleStory, validFrom, validTo };
}

/**
 * The message `data` exactly as the contract says, or null: `{ source: 'flyer-provider', version: 1,
 * type, publicationId }` plus `item` (a valid FlyerItem) for item-open / add-to-list /
 * remove-from-list, `height` (a finite number ≥ 0, px) for resize, and no other field.
 * @param providerOrigin see {@link parseFlyerItem}
 */
export function parseFlyerMessage(data: unknown, providerOrigin: string): FlyerMessage | null {
  if (!isPlainObject(data)) return null;
  const keys = presentKeys(data);
  if (keys.some((k) => !MESSAGE_KEYS.has(k))) return null;
  const { source, version, type, publicationId, item, height } = data;
  if (source !== 'flyer-provider' || version !== 1) return null;
  if (typeof type !== 'string' || !(FLYER_MESSAGE_TYPES as readonly string[]).includes(type)) return null;
  if (!isText(publicationId)) return null;
  const needsItem = ITEM_TYPES.has(type);
  const needsHeight = type === 'flyer:resize';
  if (needsItem !== keys.includes('item') || needsHeight !== keys.includes('height')) return null;
  if (needsHeight) {
    if (typeof height !== 'number' || !Number.isFinite(height) || height < 0) return null;
    return { type: 'flyer:resize', publicationId, height };
  }
  if (needsItem) {
    const parsed = parseFlyerItem(item, providerOrigin);
    if (!parsed) return null;
    return { type: type as 'flyer:item-open' | 'flyer:add-to-list' | 'flyer:remove-from-list', publicationId, item: parsed };
  }
  return { type: 'flyer:ready', publicationId };
}

/** Where accepted messages must come from. */
export interface BridgeSource {
  /** The provider's origin (`config.flyer.origin`). */
  origin: string;
  /** The storefront's iframe window now (read at message time: the iframe may appear late). */
  frameWindow: () => Window | null | undefined;
}

/**
 * The validated message of `event`, or null when its origin, its source or its shape is not exactly
 * right (see the module comment).
 */
export function acceptFlyerMessage(event: Pick<MessageEvent, 'origin' | 'source' | 'data'>, from: BridgeSource): FlyerMessage | null {
  if (event.origin !== from.origin) return null;
  const frame = from.frameWindow();
  if (!frame || event.source !== frame) return null;
  return parseFlyerMessage(event.data, from.origin);
}

/** The shopping-list item id of a flyer item at a store (spec §3: articleNumber_uom_storeId; shared-events `itemId`). */
export function listItemIdOf(item: Pick<FlyerItem, 'articleNumber' | 'uom'>, storeCode: string): string {
  return itemId({ articleNumber: item.articleNumber, uom: item.uom, storeId: storeCode });
}

/**
 * The list ids the flyer of `storeCode` may know (the saved flags): only product ids of that store
 * (articleNumber_uom_<storeCode>, shared-events `parseItemId`). Custom items and other stores' items
 * never leave the page.
 */
export function savedIdsForStore(listItemIds: readonly string[], storeCode: string): string[] {
  return listItemIds.filter((id) => parseItemId(id)?.storeId === storeCode);
}

/**
 * A 'flyer:resize' height bounded to {@link MIN_FLYER_HEIGHT}–{@link MAX_FLYER_HEIGHT} px, in whole
 * pixels rounded up (as the provider's script sizes its iframe, so the box never cuts a pixel off).
 */
export function clampFlyerHeight(height: number): number {
  return Math.min(MAX_FLYER_HEIGHT, Math.max(MIN_FLYER_HEIGHT, Math.ceil(height)));
}
