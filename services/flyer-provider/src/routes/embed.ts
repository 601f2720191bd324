import type { FastifyInstance } from 'fastify';
import type { ResolvedPublication } from '../catalog';
import { embedPage, errorPage } from '../embed';
import { exactHttpOrigin } from '../origins';
import { checkMerchant, checkStoreCode, LOCALES, param, PUBLICATION, Rejection, type Query } from '../params';
import type { RouteContext } from './context';

/** The flyer page's CSP: own scripts and styles, images from the provider, framed by the allowed hosts only. */
function embedCsp(publicOrigin: string, allowedHosts: string[]): string {
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    `img-src 'self' ${publicOrigin}`,
    "base-uri 'none'",
    "form-action 'none'",
    `frame-ancestors ${allowedHosts.join(' ')}`,
  ].join('; ');
}

interface EmbedParams {
  merchant: string;
  storeCode: string;
  locale: string;
  hostOrigin: string;
  resolved: ResolvedPublication;
}

/**
 * Checks `/embed`'s query in the README's order: every 400 (malformed parameter, host not allowed)
 * before any 404 (unknown merchant, store, or a publication not this store's current or last week).
 */
function checkEmbedQuery(query: Query, { catalog, allowedHosts }: RouteContext, merchants: string[]): EmbedParams | Rejection {
  const merchant = checkMerchant(query, merchants);
  if (merchant instanceof Rejection && merchant.status === 400) return merchant;
  const storeCode = checkStoreCode(query);
  if (storeCode instanceof Rejection) return storeCode;
  const locale = param(query, 'locale');
  if (!locale || !LOCALES.includes(locale)) return new Rejection(400, `locale must be one of ${LOCALES.join(', ')}`);
  const publicationId = param(query, 'publicationId');
  if (!publicationId || !PUBLICATION.test(publicationId)) return new Rejection(400, 'publicationId is required, e.g. 3299-20261119');
  const hostOrigin = exactHttpOrigin(param(query, 'hostOrigin'));
  if (!hostOrigin) return new Rejection(400, 'hostOrigin must be the http(s) origin of the host page, e.g. http://localhost:8080');
  if (!allowedHosts.includes(hostOrigin)) return new Rejection(400, 'hostOrigin is not a host allowed to embed this flyer');
  if (merchant instanceof Rejection) return merchant;
  if (!catalog.store(storeCode)) return new Rejection(404, 'Unknown store');
  const resolved = catalog.publication(publicationId);
  if (!resolved || resolved.publication.storeCode !== storeCode) return new Rejection(404, 'This publication is not available (it may have ended): reload the page');
  return { merchant, storeCode, locale, hostOrigin, resolved };
}

/**
 * `GET /embed?merchant&storeCode&locale&publicationId&hostOrigin` — the flyer page for the iframe (HTML);
 * 400 (bad parameter, hostOrigin not an allowed host) or 404 (unknown merchant, store or publication)
 * with a short page saying why. CSP `frame-ancestors` = the allowed host origins, on every answer.
 */
export function registerEmbedRoute(app: FastifyInstance, ctx: RouteContext): void {
  const csp = embedCsp(ctx.publicOrigin, ctx.allowedHosts);
  const merchants = ctx.catalog.merchants();
  app.get('/embed', async (req, reply) => {
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').header('content-security-policy', csp);
    const checked = checkEmbedQuery(req.query as Query, ctx, merchants);
    if (checked instanceof Rejection) return reply.code(checked.status).send(errorPage(checked.message, ctx.assets.version));
    const { resolved, hostOrigin, merchant, storeCode, locale } = checked;
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
          unitPrices: resolved.unitPrices,
        },
        ctx.assets.version,
      ),
    );
  });
}
