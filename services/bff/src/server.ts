/**
 * The backend-for-frontend behind the shell's `/api` (ARCHITECTURE §5). The shell's edge server proxies
 * `/api/*` here unchanged. Every answer uses the envelope `{ status, code, message, data? }`.
 */
import Fastify, { type FastifyBaseLogger, type FastifyError, type FastifyInstance } from 'fastify';
import type { Db } from './db';

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

/** Uniform error envelope for every 4xx/5xx answer. */
export interface ErrorEnvelope {
  status: 'error';
  code: number;
  message: string;
}

export interface BuildServerOptions {
  db: Db;
  /** true for fastify's default pino logger, false (default) for none, or a logger instance. */
  logger?: boolean | FastifyBaseLogger;
  /** Maximum request body in bytes (default 16 KiB: the BFF only takes small JSON bodies). */
  bodyLimit?: number;
}

class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }
}

const errorEnvelope = (code: number, message: string): ErrorEnvelope => ({ status: 'error', code, message });

const REASONS: Record<number, string> = {
  400: 'Bad Request', 404: 'Not Found', 405: 'Method Not Allowed', 413: 'Payload Too Large',
  415: 'Unsupported Media Type', 500: 'Internal Server Error',
};

/**
 * Builds the BFF (not listening). Routes:
 * - `GET /api/health` → `{ ok: true }`
 * - `POST /api/bannerAlert` (spec §7) → `{ status: 'success', code: 200, message: 'OK', data: { getAlert: Alert[] } }`
 */
export function buildServer({ db, logger = false, bodyLimit = 16 * 1024 }: BuildServerOptions): FastifyInstance {
  const app = Fastify({
    bodyLimit,
    ...(typeof logger === 'boolean' ? { logger } : { loggerInstance: logger }),
    ajv: { customOptions: { allErrors: false, coerceTypes: false, removeAdditional: false } },
  });

  // JSON bodies (also sent as text/plain by beacons and some clients): an empty body means "no body";
  // malformed JSON is a clean 400. Other media types answer 415.
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser(['application/json', 'text/plain'], { parseAs: 'string' }, (_req, body, done) => {
    const text = (body as string).trim();
    if (text === '') return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      done(new HttpError(400, 'Malformed JSON body'), undefined);
    }
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error.validation) {
      const where = error.validationContext ?? 'request';
      const detail = error.validation[0];
      const field = detail?.instancePath ? `${where}${detail.instancePath.replace(/\//g, '.')}` : where;
      let message = `Invalid ${field}: ${detail?.message ?? error.message}`;
      if (detail?.keyword === 'pattern' && field.endsWith('province')) {
        message = `Invalid ${field}: must be a 2-letter Canadian province code (${PROVINCES.join(', ')})`;
      }
      return reply.code(400).send(errorEnvelope(400, message));
    }
    const code = typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500;
    if (code >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.code(code).send(errorEnvelope(code, REASONS[code] ?? 'Internal Server Error'));
    }
    return reply.code(code).send(errorEnvelope(code, error.message || REASONS[code] || 'Request error'));
  });

  app.setNotFoundHandler((request, reply) => {
    reply.code(404).send(errorEnvelope(404, `Route ${request.method} ${request.url.split('?')[0]} not found`));
  });

  /** GET /api/health → 200 { ok: true }. */
  app.get('/api/health', async () => ({ ok: true }));

  /**
   * POST /api/bannerAlert (spec §7, §3 Alert).
   * Request: JSON body `{ province?: string }` (2-letter code, case-insensitive; default 'ON'); header `x-nonce` optional, echoed back.
   * 200: `{ status: 'success', code: 200, message: 'OK', data: { getAlert: [{ descriptionText, ctaUrl, ctaLabel }] } }`
   *      (getAlert is [] when the province has no current alert).
   * 400: malformed JSON, body not an object, province not a string or not a Canadian province code.
   */
  app.post<{ Body: { province?: string } | undefined; Headers: { 'x-nonce'?: string } }>(
    '/api/bannerAlert',
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
      const getAlert: Alert[] = rows.map((r) => ({ descriptionText: r.description_text, ctaUrl: r.cta_url, ctaLabel: r.cta_label }));
      return { status: 'success', code: 200, message: 'OK', data: { getAlert } };
    },
  );

  return app;
}
