/**
 * What the route modules of the search engine share: the route context, the write-route options and the
 * body checks (each answers 400 with the field it names).
 */
import type { FastifyInstance } from 'fastify';
import type { Engine } from '../engines';
import { ApiError, badRequest } from '../errors';
import { overLimit } from '../limits';
import type { AnalyticsStorage } from '../storage';

/** What every route module gets from buildServer. */
export interface RouteContext {
  engine: Engine;
  storage: AnalyticsStorage;
  /** Origins whose pages' searches count in the analytics. */
  allowedOrigins: string[];
  /** Options of the write routes: the admin key and the larger body limit (bytes). */
  write: { config: { write: true }; bodyLimit: number };
}

/** A route module: registers its routes on the server itself (same hooks and error handler). */
export type Routes = (app: FastifyInstance, ctx: RouteContext) => void;

/** Route parameters. */
export type P = { indexName: string; objectID: string; taskID: string };

export type Obj = Record<string, unknown>;

export function asObject(v: unknown, what = 'body'): Obj {
  if (!v || typeof v !== 'object' || Array.isArray(v)) throw badRequest(`Invalid ${what}: expected a JSON object`);
  return v as Obj;
}

export function asArray(v: unknown, what: string): unknown[] {
  if (!Array.isArray(v)) throw badRequest(`Invalid ${what}: expected an array`);
  return v;
}

export function asName(v: unknown, what = 'indexName'): string {
  if (typeof v !== 'string' || v === '') throw badRequest(`Missing or invalid ${what}`);
  return v;
}

export function now(): string {
  return new Date().toISOString();
}

/**
 * The `requests` of a call on every index (`POST /1/indexes/*\/<action>`), each a JSON object.
 * @param indexName the route's `:indexName` (anything but `*` → 404 'Not Found')
 * @param tooMany the reason when there are more than `max` (400, with the count and the limit)
 * @throws ApiError 404; 400 for a body or `requests` of the wrong type, or too many requests
 */
export function requestsOnEveryIndex(indexName: string, body: unknown, max: number, tooMany: string): Obj[] {
  if (indexName !== '*') throw new ApiError(404, 'Not Found');
  const requests = asArray(asObject(body).requests, 'requests');
  if (requests.length > max) throw overLimit(tooMany, requests.length, max);
  return requests.map((r, i) => asObject(r, `requests[${i}]`));
}
