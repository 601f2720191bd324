/**
 * Public content endpoint: `GET /api/content/:name` serves `services/seed/data/content/<name>.json`
 * (header menu, footer, content-managed popular searches, guides, the store locator's text; spec §2
 * Header / Footer, §3 Menu item, Popular search, §7 Content queries; and the shell's managed content pages, spec §2 Routes '/privacy-policy' and the
 * footer's info pages). Only names in {@link CONTENT_NAMES} are served.
 */
import { readFile } from 'fs/promises';
import path from 'path';
import type { FastifyInstance } from 'fastify';
import { HttpError, ok } from '../http';

/**
 * The shell's managed content pages (shell/src/pages/content-pages.json): the page path without its
 * first '/' and with '/' as '-', e.g. '/about/careers' → 'about-careers'.
 */
export const PAGE_CONTENT_NAMES: readonly string[] = [
  'privacy-policy',
  'legal-terms-of-use', 'legal-accessibility',
  'customer-service-contact-us', 'customer-service-help', 'customer-service-live-chat',
  'about-our-story', 'about-co-op-stores', 'about-community', 'about-careers',
];

/** Content names that may be read. */
export const CONTENT_NAMES: ReadonlySet<string> = new Set(['menu', 'footer', 'popular-searches', 'guides', 'store-locator', ...PAGE_CONTENT_NAMES]);

/**
 * Registers GET /api/content/:name → data = the file's JSON as is; `Cache-Control: public, max-age=60`.
 * → 404 'CONTENT_NOT_FOUND' for a name outside the allow-list or a file that does not exist (yet);
 *   500 when the file is not valid JSON (logged).
 */
export async function contentRoutes(app: FastifyInstance, { contentDir }: { contentDir: string }): Promise<void> {
  app.get<{ Params: { name: string } }>(
    '/content/:name',
    { schema: { params: { type: 'object', required: ['name'], properties: { name: { type: 'string', maxLength: 64 } } } } },
    async (request, reply) => {
      const { name } = request.params;
      if (!CONTENT_NAMES.has(name)) throw new HttpError(404, `Unknown content '${name.slice(0, 64)}'`, 'CONTENT_NOT_FOUND');
      let text: string;
      try {
        text = await readFile(path.join(contentDir, `${name}.json`), 'utf8');
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') throw new HttpError(404, `Content '${name}' is not available`, 'CONTENT_NOT_FOUND');
        throw err;
      }
      const data: unknown = JSON.parse(text);
      reply.header('cache-control', 'public, max-age=60');
      return ok(data);
    },
  );
}
