/**
 * Request limits that keep one request with the public search key from costing the engine much more
 * than it costs the sender: body size (also after decompression), JSON nesting, sub-queries and hits
 * per request. Figures and errors are listed in the README ("Limits").
 */
import { Transform, type Readable } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import { ApiError, badRequest } from './errors';

/** Largest request body in bytes, measured after decompression, on every route but admin writes. */
export const BODY_LIMIT_BYTES = 1_048_576;
/** Largest body of a write route (admin key only, checked before the body is read): a seed batch of 500 products is ~0.7 MB. */
export const WRITE_BODY_LIMIT_BYTES = 10 * 1_048_576;
/** Deepest JSON nesting accepted in a body (objects and arrays; Algolia's bodies need about 4). */
export const MAX_JSON_DEPTH = 32;
/** Most sub-queries in one multi-query request (`POST /1/indexes/*\/queries`). */
export const MAX_QUERIES_PER_REQUEST = 50;
/** Most hits one search request may ask for, summed over its sub-queries (each is also ≤ 1000). */
export const MAX_HITS_PER_REQUEST = 1000;
/** Most facet values one search request may ask for: attributes × maxValuesPerFacet, summed over its sub-queries. */
export const MAX_FACET_VALUES_PER_REQUEST = 10_000;
/** Most records in one `POST /1/indexes/*\/objects` request (Algolia: 1000). */
export const MAX_OBJECTS_PER_REQUEST = 1000;

/** An {@link ApiError} fastify also understands (`statusCode`), for errors raised inside body streams. */
export class StreamApiError extends ApiError {
  readonly statusCode: number;

  constructor(status: number, message: string) {
    super(status, message);
    this.statusCode = status;
  }
}

/** The 413 answered for a body over `limit` bytes. */
export function bodyTooLarge(limit: number): StreamApiError {
  return new StreamApiError(413, `Request body is too large: the limit is ${limit} bytes (after decompression)`);
}

/**
 * The request body decoded per `content-encoding` (`gzip`, `x-gzip`, `deflate`, `br`; none or `identity`
 * = as is), as a stream that fails with a 413 {@link bodyTooLarge} as soon as more than `limit` decoded
 * bytes came out, stopping the decompression there (a 50 KB gzip body cannot grow to 50 MB in memory).
 * A corrupt compressed body fails with 400.
 * @throws StreamApiError 415 for another encoding
 */
export function decodeBody(payload: Readable, encoding: string, limit: number): Readable & { receivedEncodedLength?: number } {
  const name = encoding.trim().toLowerCase();
  if (name === '' || name === 'identity') return payload;
  const inflater = name === 'gzip' || name === 'x-gzip' ? createGunzip() : name === 'deflate' ? createInflate() : name === 'br' ? createBrotliDecompress() : undefined;
  if (!inflater) throw new StreamApiError(415, `Unsupported content-encoding: ${name.slice(0, 40)} (use gzip, deflate or br)`);
  let total = 0;
  // fastify compares the bytes received on the wire (not the inflated ones) with content-length
  const encoded = new Transform({
    transform(chunk: Buffer, _enc, callback) {
      counted.receivedEncodedLength += chunk.length;
      callback(null, chunk);
    },
  });
  const counted: Transform & { receivedEncodedLength: number } = Object.assign(new Transform({
    transform(chunk: Buffer, _enc, callback) {
      total += chunk.length;
      if (total > limit) {
        stop();
        callback(bodyTooLarge(limit));
        return;
      }
      callback(null, chunk);
    },
  }), { receivedEncodedLength: 0 });
  const stop = () => {
    payload.unpipe(encoded);
    encoded.unpipe(inflater);
    inflater.destroy();
  };
  inflater.on('error', () => {
    stop();
    counted.destroy(new StreamApiError(400, `Invalid ${name} body: it cannot be decompressed`));
  });
  payload.pipe(encoded).pipe(inflater).pipe(counted);
  return counted;
}

/** `badRequest` for a request asking for too much, with the limit in the message. */
export function overLimit(what: string, got: number, max: number): ApiError {
  return badRequest(`${what}: ${got}, the maximum is ${max} per request`);
}
