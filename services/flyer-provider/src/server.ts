import type { FastifyInstance, FastifyReply, FastifyServerOptions } from 'fastify';
import { createServiceApp } from '@storefront/search-engine/src/lifecycle';
import { loadFlyers, loadStores } from '@storefront/seed';
import { loadAssets } from './assets';
import { FlyerCatalog } from './catalog';
import { exactHttpOrigin, parseAllowedHosts } from './origins';
import type { RouteContext } from './routes/context';
import { registerEmbedRoute } from './routes/embed';
import { registerPublicationRoutes } from './routes/publications';
import { registerStaticRoutes } from './routes/static';

/** Options of {@link buildServer}. */
export interface BuildServerOptions {
  /**
   * Origin the provider is reached at, written into storefront.js and the image URLs
   * (default env `FLYER_PUBLIC_ORIGIN`, else `http://localhost:<FLYER_PORT or 4300>`).
   */
  publicOrigin?: string;
  /** Host page origins allowed to embed the flyer (default env `FLYER_ALLOWED_HOSTS`, else http://localhost:8080). */
  allowedHosts?: string[];
  /** Clock (tests pass a fixed instant; the week is computed from it on every request). */
  now?: () => Date;
  /** Publications to serve (default: services/seed's flyers and stores). */
  catalog?: FlyerCatalog;
  /** Fastify logger option (false = silent). */
  logger?: FastifyServerOptions['logger'];
}

/** The only locale the flyer is published in (spec §2: locale en-CA). */
export { LOCALES } from './params';

/**
 * Builds the flyer provider's HTTP server (not listening yet; call `listen`). GET only.
 *
 * - `GET /storefront.js` — the embed script (`window.FlyerStorefront`), `cache-control: no-cache`
 * - `GET /embed?merchant&storeCode&locale&publicationId&hostOrigin` — the flyer page for the iframe;
 *   400 (bad parameter, hostOrigin not an allowed host) or 404 (unknown merchant, store or publication)
 *   with a short page saying why; CSP `frame-ancestors` = the allowed host origins
 * - `GET /embed.js`, `GET /embed.css` — the flyer page's script and styles
 * - `GET /api/publications?merchant&storeCode` — `{ publications: [{ id, storeCode, title, validFrom, validTo }] }`,
 *   current first; 400 `{ message }` bad/missing storeCode or merchant; 404 `{ message }` unknown store/merchant
 * - `GET /api/publications/:id` — `{ id, storeCode, title, validFrom, validTo, pages: [{ number, items }] }`;
 *   400 `{ message }` malformed id; 404 `{ message }` unknown or ended publication
 * - other methods on `/api/*` — 405 `{ message }`
 * - `GET /images/:itemId.svg` — the item's generated image | 404
 * - `GET /health` — `{ status: 'ok', publications }`; `GET /livez`, `GET /readyz` (src/lifecycle.ts of the search engine)
 *
 * Every response: `x-content-type-options: nosniff`. The API answers any origin (CORS `*`).
 */
export function buildServer(options: BuildServerOptions = {}): FastifyInstance {
  const publicOrigin = options.publicOrigin ?? process.env.FLYER_PUBLIC_ORIGIN ?? `http://localhost:${process.env.FLYER_PORT ?? 4300}`;
  if (!exactHttpOrigin(publicOrigin)) throw new Error(`publicOrigin must be an http(s) origin, got ${JSON.stringify(publicOrigin)}`);
  const allowedHosts = options.allowedHosts ?? parseAllowedHosts(process.env.FLYER_ALLOWED_HOSTS);
  for (const h of allowedHosts) if (!exactHttpOrigin(h)) throw new Error(`allowedHosts: ${JSON.stringify(h)} is not an http(s) origin`);
  const catalog = options.catalog ?? new FlyerCatalog({ flyers: loadFlyers(), stores: loadStores(), publicOrigin, now: options.now });
  const ctx: RouteContext = { catalog, assets: loadAssets(publicOrigin), allowedHosts, publicOrigin };

  const app = createServiceApp({
    logger: options.logger ?? false,
    frameworkErrors: (err, _req, reply) => {
      (reply as FastifyReply).code(400).send({ message: err.message });
    },
  }, { service: 'flyer-provider' });

  app.addHook('onSend', async (_req, reply, payload) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    return payload;
  });

  registerStaticRoutes(app, ctx);
  registerEmbedRoute(app, ctx);
  registerPublicationRoutes(app, ctx);

  app.setNotFoundHandler(async (req, reply) => reply.code(404).send({ message: `Not found: ${req.method} ${req.url.split('?')[0]}` }));

  return app;
}
