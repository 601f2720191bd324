import type { FastifyInstance, FastifyReply } from 'fastify';
import { checkMerchant, checkStoreCode, PUBLICATION, Rejection, type Query } from '../params';
import type { RouteContext } from './context';

/** JSON API headers: any origin may read it (contract §2), never cached. */
function apiHeaders(reply: FastifyReply): FastifyReply {
  return reply.header('access-control-allow-origin', '*').header('cache-control', 'no-cache');
}

/**
 * The publications API (contract §2, GET only, CORS `*`):
 * - `OPTIONS /api/*` — preflight, 204 allowing GET
 * - other methods on `/api/*` — 405 `{ message }`, `allow: GET, OPTIONS`
 * - `GET /api/publications?merchant&storeCode` — `{ publications: [{ id, storeCode, title, validFrom, validTo }] }`,
 *   current first; 400 `{ message }` missing/repeated/malformed storeCode or merchant; 404 `{ message }` unknown store or merchant
 * - `GET /api/publications/:id` — `{ id, storeCode, title, validFrom, validTo, pages: [{ number, items }] }`;
 *   400 `{ message }` when the id is not `dddd-dddddddd`; 404 `{ message }` unknown, older or future week
 */
export function registerPublicationRoutes(app: FastifyInstance, { catalog }: RouteContext): void {
  const merchants = catalog.merchants();

  app.options('/api/*', async (_req, reply) =>
    reply
      .code(204)
      .header('access-control-allow-origin', '*')
      .header('access-control-allow-methods', 'GET')
      .header('access-control-allow-headers', 'content-type, accept')
      .header('access-control-max-age', '600')
      .send(),
  );

  app.route({
    method: ['POST', 'PUT', 'PATCH', 'DELETE'],
    url: '/api/*',
    handler: async (_req, reply) =>
      apiHeaders(reply).code(405).header('allow', 'GET, OPTIONS').send({ message: 'Method not allowed: the publications API is read-only (GET)' }),
  });

  app.get('/api/publications', async (req, reply) => {
    apiHeaders(reply);
    const query = req.query as Query;
    const storeCode = checkStoreCode(query);
    if (storeCode instanceof Rejection) return reply.code(storeCode.status).send({ message: storeCode.message });
    const merchant = checkMerchant(query, merchants);
    if (merchant instanceof Rejection) return reply.code(merchant.status).send({ message: merchant.message });
    const publications = catalog.publicationsFor(merchant, storeCode);
    if (!publications) return reply.code(404).send({ message: `No store ${storeCode} at ${merchant}` });
    return { publications };
  });

  app.get<{ Params: { id: string } }>('/api/publications/:id', async (req, reply) => {
    apiHeaders(reply);
    if (!PUBLICATION.test(req.params.id)) return reply.code(400).send({ message: 'publication id must be <storeCode>-<YYYYMMDD>, e.g. 3299-20261119' });
    const resolved = catalog.publication(req.params.id);
    if (!resolved) return reply.code(404).send({ message: 'Unknown or ended publication' });
    return resolved.publication;
  });
}
