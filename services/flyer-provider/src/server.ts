import type { FastifyInstance, FastifyReply, FastifyServerOptions } from 'fastify';
import { createServiceApp } from '@storefront/search-engine/src/lifecycle';
import { loadFlyers, loadStores } from '@storefront/seed';
import { loadAssets } from './assets';
import { FlyerCatalog, ITEM_ID } from './catalog';
import { embedPage, errorPage } from './embed';
import { itemSvg } from './images';
import { exactHttpOrigin, parseAllowedHosts } from './origins';

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
export const LOCALES = ['en-CA'];

type Query = Record<string, unknown>;

/** A query parameter that was given once, as a string; undefined when missing; null when repeated. */
function param(query: Query, name: string): string | undefined | null {
  const v = query[name];
  if (v === undefined) return undefined;
  return typeof v === 'string' ? v : null;
}

const STORE_CODE = /^\d{4}$/;
const MERCHANT = /^[a-z0-9][a-z0-9-]{0,39}$/;
const PUBLICATION = /^\d{4}-\d{8}$/;

/** A failed check: HTTP status and a reason for the caller (never echoes the input). */
class Rejection {
  constructor(
    readonly status: 400 | 404,
    readonly message: string,
  ) {}
}

function checkMerchant(query: Query, known: string[]): string | Rejection {
  const merchant = param(query, 'merchant');
  if (!merchant) return new Rejection(400, 'merchant is required (one value), e.g. merchant=harbour-market');
  if (!MERCHANT.test(merchant)) return new Rejection(400, 'merchant must be lowercase letters, digits and dashes');
  if (!known.includes(merchant)) return new Rejection(404, 'Unknown merchant');
  return merchant;
}

function checkStoreCode(query: Query): string | Rejection {
  const storeCode = param(query, 'storeCode');
  if (!storeCode) return new Rejection(400, 'storeCode is required (one value), e.g. storeCode=3299');
  if (!STORE_CODE.test(storeCode)) return new Rejection(400, 'storeCode must be 4 digits, e.g. 3299 or 0042');
  return storeCode;
}

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
 * - `GET /api/publications/:id` — `{ id, storeCode, title, validFrom, validTo, pages: [{ number, items }] }` | 404
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
  const assets = loadAssets(publicOrigin);
  const merchants = catalog.merchants();

  const embedCsp = [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    `img-src 'self' ${publicOrigin}`,
    "base-uri 'none'",
    "form-action 'none'",
    `frame-ancestors ${allowedHosts.join(' ')}`,
  ].join('; ');

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

  const api = (reply: FastifyReply) => reply.header('access-control-allow-origin', '*').header('cache-control', 'no-cache');
  const script = (reply: FastifyReply, body: string) =>
    reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').header('cross-origin-resource-policy', 'cross-origin').send(body);

  app.get('/health', async () => ({ status: 'ok', publications: catalog.size }));

  app.get('/storefront.js', async (_req, reply) => script(reply, assets.storefrontJs));
  app.get('/embed.js', async (_req, reply) => script(reply, assets.embedJs));
  app.get('/embed.css', async (_req, reply) => reply.type('text/css; charset=utf-8').header('cache-control', 'no-cache').send(assets.embedCss));

  app.get('/embed', async (req, reply) => {
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').header('content-security-policy', embedCsp);
    const fail = (r: Rejection) => reply.code(r.status).send(errorPage(r.message, assets.version));
    const query = req.query as Query;
    const merchant = checkMerchant(query, merchants);
    if (merchant instanceof Rejection && merchant.status === 400) return fail(merchant);
    const storeCode = checkStoreCode(query);
    if (storeCode instanceof Rejection) return fail(storeCode);
    const locale = param(query, 'locale');
    if (!locale || !LOCALES.includes(locale)) return fail(new Rejection(400, `locale must be one of ${LOCALES.join(', ')}`));
    const publicationId = param(query, 'publicationId');
    if (!publicationId || !PUBLICATION.test(publicationId)) return fail(new Rejection(400, 'publicationId is required, e.g. 3299-20261119'));
    const hostOrigin = exactHttpOrigin(param(query, 'hostOrigin'));
    if (!hostOrigin) return fail(new Rejection(400, 'hostOrigin must be the http(s) origin of the host page, e.g. http://localhost:8080'));
    if (!allowedHosts.includes(hostOrigin)) return fail(new Rejection(400, 'hostOrigin is not a host allowed to embed this flyer'));
    if (merchant instanceof Rejection) return fail(merchant);
    if (!catalog.store(storeCode)) return fail(new Rejection(404, 'Unknown store'));
    const resolved = catalog.publication(publicationId);
    if (!resolved || resolved.publication.storeCode !== storeCode) return fail(new Rejection(404, 'This publication is not available (it may have ended): reload the page'));
    const { store } = resolved;
    return reply.send(
      embedPage(
        {
          hostOrigin,
          merchant,
          storeCode,
          locale,
          store: { name: store.locationName, city: store.address.city, province: store.address.province },
          publication: resolved.publication,
          pageTitles: resolved.pageTitles,
          sizes: resolved.sizes,
        },
        assets.version,
      ),
    );
  });

  app.options('/api/*', async (_req, reply) =>
    reply
      .code(204)
      .header('access-control-allow-origin', '*')
      .header('access-control-allow-methods', 'GET')
      .header('access-control-allow-headers', 'content-type, accept')
      .header('access-control-max-age', '600')
      .send(),
  );

  app.get('/api/publications', async (req, reply) => {
    api(reply);
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
    api(reply);
    const resolved = catalog.publication(req.params.id);
    if (!resolved) return reply.code(404).send({ message: 'Unknown or ended publication' });
    return resolved.publication;
  });

  app.get<{ Params: { file: string } }>('/images/:file', async (req, reply) => {
    const m = /^(.+)\.svg$/.exec(req.params.file);
    const item = m && ITEM_ID.test(m[1] as string) ? catalog.item(m[1] as string) : undefined;
    if (!item) return reply.code(404).send({ message: 'Unknown image' });
    return reply
      .type('image/svg+xml; charset=utf-8')
      .header('cache-control', 'public, max-age=86400')
      .header('cross-origin-resource-policy', 'cross-origin')
      .header('content-security-policy', "default-src 'none'")
      .send(itemSvg(item.name, item.category));
  });

  app.setNotFoundHandler(async (req, reply) => reply.code(404).send({ message: `Not found: ${req.method} ${req.url.split('?')[0]}` }));

  return app;
}
