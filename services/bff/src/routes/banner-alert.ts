/**
 * POST /api/bannerAlert (spec §7, §3 Alert): the current red alert banner of a province.
 */
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db';
import { HttpError, ok } from '../http';
import { isSafeHttpUrl, safeReturnPath } from '@storefront/remote-kit/safe-url';

/** Canadian province and territory codes accepted by the API. */
export const PROVINCES = ['AB', 'BC', 'MB', 'NB', 'NL', 'NS', 'NT', 'NU', 'ON', 'PE', 'QC', 'SK', 'YT'] as const;
export type Province = (typeof PROVINCES)[number];

/** Province used when the request body has none (spec §7). */
export const DEFAULT_PROVINCE: Province = 'ON';

/** Spec §3 Alert, as answered in data.getAlert. */
export interface Alert {
  descriptionText: string;
  ctaUrl: string | null;
  ctaLabel: string | null;
}

/**
 * POST /api/bannerAlert.
 * Request: JSON body `{ province?: string }` (2-letter code, case-insensitive; default 'ON'); header `x-nonce` optional, echoed back.
 * 200: `{ status: 'success', code: 200, message: 'OK', data: { getAlert: [{ descriptionText, ctaUrl, ctaLabel }] } }`
 *      (getAlert is [] when the province has no current alert).
 * 400: malformed JSON, body not an object, province not a string or not a Canadian province code.
 */
export async function bannerAlertRoute(app: FastifyInstance, { db }: { db: Db }): Promise<void> {
  app.post<{ Body: { province?: string } | undefined; Headers: { 'x-nonce'?: string } }>(
    '/bannerAlert',
    {
      schema: {
        body: {
          type: ['object', 'null'],
          properties: { province: { type: 'string', pattern: '^[A-Za-z]{2}$' } },
        },
        headers: { type: 'object', properties: { 'x-nonce': { type: 'string', maxLength: 256 } } },
      },
    },
    async (request, reply) => {
      const province = (request.body?.province ?? DEFAULT_PROVINCE).toUpperCase();
      if (!(PROVINCES as readonly string[]).includes(province)) {
        throw new HttpError(400, `Unknown province '${province}': must be one of ${PROVINCES.join(', ')}`);
      }
      const { rows } = await db.query<{ description_text: string; cta_url: string | null; cta_label: string | null }>(
        `SELECT description_text, cta_url, cta_label FROM banner_alerts
          WHERE province = $1 AND starts_at <= now() AND (ends_at IS NULL OR ends_at > now())
          ORDER BY starts_at DESC, id DESC LIMIT 1`,
        [province],
      );
      const nonce = request.headers['x-nonce'];
      if (nonce) reply.header('x-nonce', nonce);
      reply.header('cache-control', 'no-store');
      // A call-to-action goes out only as an http(s) URL or a path of this site (never
      // javascript:, data:, //host…); anything else is dropped here, before any storefront sees it
      const getAlert: Alert[] = rows.map((r) => ({ descriptionText: r.description_text, ctaUrl: safeCtaUrl(r.cta_url), ctaLabel: r.cta_label }));
      return ok({ getAlert });
    },
  );
}

/**
 * The alert's ctaUrl as served: an absolute http(s) URL or a same-site path (kit safe-url), else null.
 * @example safeCtaUrl('javascript:alert(1)') === null; safeCtaUrl('/flyer') === '/flyer'
 */
export function safeCtaUrl(url: string | null): string | null {
  if (!url) return null;
  if (isSafeHttpUrl(url)) return url;
  return safeReturnPath(url, { fallback: null }) === url ? url : null;
}
