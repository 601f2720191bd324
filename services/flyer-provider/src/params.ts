/** Query checks shared by the flyer page and the publications API (contract §2, README "The flyer page"). */

/** The only locale the flyer is published in (spec §2: locale en-CA). */
export const LOCALES = ['en-CA'];

/** A parsed query string as fastify hands it over (repeated parameters are arrays). */
export type Query = Record<string, unknown>;

const STORE_CODE = /^\d{4}$/;
const MERCHANT = /^[a-z0-9][a-z0-9-]{0,39}$/;
/** `<storeCode>-<YYYYMMDD>`, e.g. 3299-20261119. */
export const PUBLICATION = /^\d{4}-\d{8}$/;

/** A query parameter that was given once, as a string; undefined when missing; null when repeated. */
export function param(query: Query, name: string): string | undefined | null {
  const v = query[name];
  if (v === undefined) return undefined;
  return typeof v === 'string' ? v : null;
}

/** A failed check: HTTP status and a reason for the caller (never echoes the input). */
export class Rejection {
  constructor(
    readonly status: 400 | 404,
    readonly message: string,
  ) {}
}

/** `merchant`: one value, lowercase slug (else 400), one of `known` (else 404). */
export function checkMerchant(query: Query, known: string[]): string | Rejection {
  const merchant = param(query, 'merchant');
  if (!merchant) return new Rejection(400, 'merchant is required (one value), e.g. merchant=harbour-market');
  if (!MERCHANT.test(merchant)) return new Rejection(400, 'merchant must be lowercase letters, digits and dashes');
  if (!known.includes(merchant)) return new Rejection(404, 'Unknown merchant');
  return merchant;
}

/** `storeCode`: one value of 4 digits (else 400). Whether the store exists is the caller's check. */
export function checkStoreCode(query: Query): string | Rejection {
  const storeCode = param(query, 'storeCode');
  if (!storeCode) return new Rejection(400, 'storeCode is required (one value), e.g. storeCode=3299');
  if (!STORE_CODE.test(storeCode)) return new Rejection(400, 'storeCode must be 4 digits, e.g. 3299 or 0042');
  return storeCode;
}
