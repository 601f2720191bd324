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
 * Turns a fastify/ajv validation error into one readable reason, e.g.
 * "Invalid body.storeId: must be a 4-digit store number such as '3299'" or
 * "Invalid body: unknown property 'foo'".
 */
export function validationMessage(error: FastifyError): string {
  const where = error.validationContext ?? 'request';
  const detail = error.validation?.[0];
  if (!detail) return `Invalid ${where}: ${error.message}`;
  const field = detail.instancePath ? `${where}${detail.instancePath.replace(/\//g, '.')}` : where;
  const params = detail.params as Record<string, unknown>;
  switch (detail.keyword) {
    case 'additionalProperties':
      return `Invalid ${field}: unknown property '${String(params.additionalProperty)}'`;
    case 'required':
      return `Invalid ${field}: missing required property '${String(params.missingProperty)}'`;
    case 'pattern':
    case 'format':
      return `Invalid ${field}: ${FIELD_HINTS[field] ?? detail.message ?? 'bad format'}`;
    default:
      return `Invalid ${field}: ${detail.message ?? error.message}`;
  }
}
