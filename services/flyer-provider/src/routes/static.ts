import type { FastifyInstance, FastifyReply } from 'fastify';
import { ITEM_ID } from '../catalog';
import { itemSvg } from '../images';
import type { RouteContext } from './context';

/** Sends a script asset: JavaScript, `no-cache`, loadable cross-origin. */
function sendScript(reply: FastifyReply, body: string): FastifyReply {
  return reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').header('cross-origin-resource-policy', 'cross-origin').send(body);
}

/**
 * Scripts, styles, images and health:
 * - `GET /health` — `{ status: 'ok', publications }` (number of publications served)
 * - `GET /storefront.js`, `GET /embed.js` (`no-cache`, CORP cross-origin), `GET /embed.css` (`no-cache`)
 * - `GET /images/:itemId.svg` — the item's SVG tile (240×180), `public, max-age=86400`; 404 `{ message }` unknown item
 */
export function registerStaticRoutes(app: FastifyInstance, { catalog, assets }: RouteContext): void {
  app.get('/health', async () => ({ status: 'ok', publications: catalog.size }));

  app.get('/storefront.js', async (_req, reply) => sendScript(reply, assets.storefrontJs));
  app.get('/embed.js', async (_req, reply) => sendScript(reply, assets.embedJs));
  app.get('/embed.css', async (_req, reply) => reply.type('text/css; charset=utf-8').header('cache-control', 'no-cache').send(assets.embedCss));

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
}
