/**
 * The BFF answer envelope (spec §7 "status, code, message, data") and the error type every route throws.
 */
import type { FastifyError } from 'fastify';

/** Envelope code: an HTTP-like number, a card status ('LP01'), a spec §8 link code, 439, or a named code ('CARD_TAKEN'). */
export type EnvelopeCode = number | string;

/** Every BFF answer: `{ status, code, message, data }` (data is null on errors). */
export interface Envelope<T = unknown> {
  status: 'success' | 'error';
  code: EnvelopeCode;
  message: string;
  data: T | null;
}

/** A success envelope (`status: 'success'`). */
export function ok<T>(data: T, message = 'OK', code: EnvelopeCode = 200): Envelope<T> {
  return { status: 'success', code, message, data };
}

/**
 * A success envelope as JSON text whose `data` holds ready-made JSON texts next to ordinary values, e.g.
 * `okJson({ items: '[…]' }, { page: 0 })` → `{"status":"success","code":200,"message":"OK","data":{"items":[…],"page":0}}`.
 * For rows the database already aggregated to JSON (a large list is not parsed and stringified again).
 * Send it with content type application/json.
 * @param raw field → JSON text (trusted: made by the database)
 */
export function okJson(raw: Record<string, string>, data: Record<string, unknown>, message = 'OK'): string {
  const fields = Object.entries(raw).map(([key, json]) => `${JSON.stringify(key)}:${json}`);
  const rest = JSON.stringify(data).slice(1, -1);
  if (rest) fields.push(rest);
  return `{"status":"success","code":200,"message":${JSON.stringify(message)},"data":{${fields.join(',')}}}`;
}

/** An error envelope (`status: 'error'`, data null unless given). */
export function fail<T = null>(code: EnvelopeCode, message: string, data: T | null = null): Envelope<T> {
  return { status: 'error', code, message, data };
}

/**
 * Thrown by routes and hooks: answered with HTTP `statusCode` and the envelope
 * `{ status: 'error', code: code ?? statusCode, message, data: null }`.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly code: EnvelopeCode = statusCode,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/** Friendlier wording for pattern/format failures of well-known fields (key: 'body.cardNumber'). */
const FIELD_HINTS: Record<string, string> = {
  'body.province': 'must be a 2-letter Canadian province code (AB, BC, MB, NB, NL, NS, NT, NU, ON, PE, QC, SK, YT)',
  'body.cardNumber': 'must be a 16-digit card number (spaces allowed)',
  'body.storeId': "must be a 4-digit store number such as '3299'",
  'body.code': 'must be the 6-digit verification code',
  'body.data': 'must be base64-encoded JSON',
  'params.id': 'must be a recent-search id (UUID)',
  'params.name': 'must be a content name',
};

/**
 * Whole rule of a field, used for every failure of its value (type, range, length, pattern, enum), e.g.
 * 'body.quantity' → "must be an integer from 1 to 999" for a quantity of 0, 1000, 1.5 or '2'. Array
 * indexes are written `*` ('body.items.*.quantity'); the message still names the index
 * ("Invalid body.items.3.quantity: …"). A route can override entries through its fastify config
 * `{ fieldRules }` (e.g. the cart accepts quantity 0). Fields missing here fall back to FIELD_HINTS.
 */
export type FieldRules = Record<string, string>;

const PRODUCT_ITEM_ID = "a product item id articleNumber_uom_storeId such as '20090401_KG_3299' (uom EA, G, KG, L, ML or LB; 4-digit store)";
const LIST_ITEM_ID = `${PRODUCT_ITEM_ID} or a custom item id 'custom_' + 8–64 letters, digits or hyphens`;

export const FIELD_RULES: FieldRules = {
  'params.itemId': `must be ${LIST_ITEM_ID}`,
  'body.items.*.item_id': `must be ${LIST_ITEM_ID}`,
  'body.quantity': 'must be an integer from 1 to 999',
  'body.items.*.quantity': 'must be an integer from 1 to 999',
  'body.product_type': "must be 'product', 'flyer' or 'Custom'",
  'body.items.*.product_type': "must be 'product', 'flyer' or 'Custom'",
  'body.checked': 'must be true or false',
  'body.items.*.checked': 'must be true or false',
  'body.meta': 'must be an object or null',
  'body.items.*.meta': 'must be an object or null',
  'body.mergeId': "must be a UUID such as '1b4e28ba-2fa1-41d2-883f-0016d3cca427'",
  'body.items': 'must be an array of at most 1000 items',
  'query.page': 'must be an integer from 0 to 999999',
  'query.hitsPerPage': 'must be an integer from 1 to 1000',
  'query.storeId': "must be a 4-digit store number such as '3299'",
};

/** The rule for cart items (route config of POST /api/cart): product ids only, quantity 0 removes. */
export const CART_FIELD_RULES: FieldRules = {
  'body.storeId': "must be a 4-digit store number such as '3299'",
  'body.userToken': "must be the signed-in shopper's uid (a string of 1–255 characters)",
  'body.items.*.item_id': `must be ${PRODUCT_ITEM_ID}`,
  'body.items.*.quantity': 'must be an integer from 0 to 999 (0 removes the item)',
};

/**
 * Turns a fastify/ajv validation error into one readable reason, e.g.
 * "Invalid body.storeId: must be a 4-digit store number such as '3299'" or
 * "Invalid body: unknown property 'foo'".
 * @param routeRules the route's own {@link FieldRules} (fastify route config `fieldRules`), checked first
 */
export function validationMessage(error: FastifyError, routeRules: FieldRules = {}): string {
  // fastify names the query string 'querystring'; messages say 'query' (as in "Invalid query.page: …").
  const where = error.validationContext === 'querystring' ? 'query' : (error.validationContext ?? 'request');
  const detail = error.validation?.[0];
  if (!detail) return `Invalid ${where}: ${error.message}`;
  const field = detail.instancePath ? `${where}${detail.instancePath.replace(/\//g, '.')}` : where;
  const params = detail.params as Record<string, unknown>;
  if (detail.keyword === 'additionalProperties') return `Invalid ${field}: unknown property '${String(params.additionalProperty)}'`;
  if (detail.keyword === 'required') return `Invalid ${field}: missing required property '${String(params.missingProperty)}'`;
  const key = field.replace(/\.\d+(?=\.|$)/g, '.*');
  const rule = routeRules[key] ?? FIELD_RULES[key];
  if (rule) return `Invalid ${field}: ${rule}`;
  switch (detail.keyword) {
    case 'pattern':
    case 'format':
      return `Invalid ${field}: ${FIELD_HINTS[field] ?? detail.message ?? 'bad format'}`;
    default:
      return `Invalid ${field}: ${detail.message ?? error.message}`;
  }
}
