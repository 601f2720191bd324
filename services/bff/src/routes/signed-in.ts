/**
 * What every signed-in route group shares (spec §6 signed-in data, §7 shopper auth): the hooks that make
 * its routes signed-in only, and the JSON schemas of their query strings and bodies, which may repeat the
 * caller's `uid` (checked against the id token by {@link rejectOtherUid}).
 */
import type { FastifyInstance } from 'fastify';
import { createAuthHook, rejectOtherUid, type IdTokenVerifier } from '../auth';

/** The optional `uid` of a signed-in query string or body. */
export const UID_PROPERTY = { uid: { type: 'string', maxLength: 255 } } as const;

type Properties = Record<string, unknown>;

/**
 * Makes every route of the group `app` signed-in only, in this order: {@link createAuthHook} (401 without a
 * valid id token or session, 403 'CSRF'), {@link rejectOtherUid} (403 'Forbidden: not your account' for
 * another shopper's `uid`), then `cache-control: no-store` on every answer.
 */
export function signedInOnly(app: FastifyInstance, verify: IdTokenVerifier): void {
  app.addHook('onRequest', createAuthHook(verify));
  app.addHook('preHandler', rejectOtherUid);
  app.addHook('preHandler', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
}

/**
 * Schema of a JSON object of `properties`, `required` present; any other property → 400 (the body's:
 * `Invalid body: unknown property '<name>'`).
 */
export function strictObject(properties: Properties, required: string[] = []) {
  return { type: 'object', ...(required.length ? { required } : {}), properties, additionalProperties: false } as const;
}

/** Schema of a signed-in request body: a {@link strictObject} of `properties` plus {@link UID_PROPERTY}. */
export function signedInBody(properties: Properties, required: string[] = []) {
  return strictObject({ ...UID_PROPERTY, ...properties }, required);
}

/** Schema of a signed-in query string: `properties` plus {@link UID_PROPERTY}, `required` present. */
export function signedInQuery(properties: Properties = {}, required: string[] = []) {
  return { type: 'object', ...(required.length ? { required } : {}), properties: { ...UID_PROPERTY, ...properties } } as const;
}
