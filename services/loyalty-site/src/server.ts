/**
 * The external loyalty site's local stand-in (spec §2 Routes "/register External loyalty
 * site (registration)"; ARCHITECTURE §5 "a small site on its own origin that returns to the
 * storefront"). The storefront's popups and /scene link here (RuntimeConfig.loyaltySite.url) with
 * `?returnUrl=<the storefront page>`.
 *
 *   GET  /register?returnUrl=<url>   the registration form (HTML)
 *   POST /register                   form (application/x-www-form-urlencoded) or JSON body
 *        { firstName, lastName, email, postalCode, terms: 'on', returnUrl }
 *        → 200 HTML 'Welcome to Scene+' with 'Return to the store' (JSON: 201 { registered: true, returnUrl })
 *        → 400 the form again with each field's reason (JSON: 400 { error, errors: [{ field, reason }] })
 *        → 409 an account exists for that email (same shapes)
 *        → 413 body over 8 KiB; 415 another content type
 *   GET  /site.css, /health, /livez, /readyz (src/lifecycle.ts of the search engine)
 *
 * `returnUrl` is used only when it is on a storefront origin (`safeReturnUrl`): no open redirect.
 * Typed text is HTML-escaped. CSP: nothing but this origin's stylesheet; forms post to this origin.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createServiceApp } from '@storefront/search-engine/src/lifecycle';
import { registeredPage, registrationPage, SITE_CSS } from './html';
import type { RegistrationStore } from './store';
import { isOrigin, readInput, safeReturnUrl, validateRegistration } from './validation';

/** Largest request body accepted, in bytes. */
export const BODY_LIMIT = 8 * 1024;

/** Options of {@link buildServer}. */
export interface LoyaltySiteOptions {
  /** The storefront's origins (the edge's public origin first), e.g. ['http://localhost:8080']. */
  storefrontOrigins: string[];
  store: RegistrationStore;
  logger?: boolean | { level: string };
}

const wantsJson = (req: FastifyRequest) => (req.headers['content-type'] ?? '').startsWith('application/json')
  || /application\/json/.test(req.headers.accept ?? '') && !/text\/html/.test(req.headers.accept ?? '');

/**
 * Builds the site (not listening).
 * @throws Error when a storefront origin is not an http(s) origin
 */
export function buildServer({ storefrontOrigins, store, logger = false }: LoyaltySiteOptions): FastifyInstance {
  if (storefrontOrigins.length === 0 || !storefrontOrigins.every(isOrigin)) throw new Error('storefrontOrigins must be http(s) origins');
  const app = createServiceApp({ logger, bodyLimit: BODY_LIMIT }, { service: 'loyalty-site' });
  const csp = [
    "default-src 'none'", "style-src 'self'", "img-src 'self'", `form-action 'self' ${storefrontOrigins.join(' ')}`,
    "frame-ancestors 'none'", "base-uri 'none'",
  ].join('; ');

  app.addHook('onSend', async (_req, reply) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'strict-origin-when-cross-origin');
    reply.header('Content-Security-Policy', csp);
    reply.header('X-Frame-Options', 'DENY');
  });
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  const html = (reply: FastifyReply, status: number, body: string) =>
    reply.code(status).type('text/html; charset=utf-8').header('Cache-Control', 'no-store').send(body);

  app.get('/health', async () => ({ ok: true }));
  app.get('/site.css', async (_req, reply) => reply.type('text/css; charset=utf-8').header('Cache-Control', 'no-cache').send(SITE_CSS));
  app.get('/', async (_req, reply) => reply.redirect('/register', 302));

  app.get<{ Querystring: { returnUrl?: string } }>('/register', async (req, reply) =>
    html(reply, 200, registrationPage({ returnUrl: safeReturnUrl(req.query.returnUrl, storefrontOrigins) })));

  app.post('/register', async (req, reply) => {
    const type = (req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
    if (type !== 'application/x-www-form-urlencoded' && type !== 'application/json') {
      return reply.code(415).send({ error: 'Send the form as application/x-www-form-urlencoded or JSON.' });
    }
    const json = wantsJson(req);
    const body = (req.body && typeof req.body === 'object' ? req.body : {}) as Record<string, unknown>;
    const returnUrl = safeReturnUrl(body.returnUrl, storefrontOrigins);
    const input = readInput(body);
    const result = validateRegistration(input);
    if (!result.ok) {
      if (json) return reply.code(400).send({ error: 'invalid registration', errors: result.errors });
      return html(reply, 400, registrationPage({ returnUrl, input, errors: result.errors }));
    }
    if (store.has(result.value.email)) {
      const errors = [{ field: 'email' as const, reason: 'A Scene+ account already exists for this email address.' }];
      if (json) return reply.code(409).send({ error: 'already registered', errors });
      return html(reply, 409, registrationPage({ returnUrl, input, errors }));
    }
    store.add(result.value);
    if (json) return reply.code(201).send({ registered: true, returnUrl });
    return html(reply, 200, registeredPage({ firstName: result.value.firstName, returnUrl }));
  });

  app.setErrorHandler((err: { statusCode?: number; message: string }, req, reply) => {
    const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 500;
    if (status === 500) req.log.error(err);
    const reason = status === 413 ? `The form is larger than ${BODY_LIMIT} bytes.` : status === 415 ? 'Send the form as application/x-www-form-urlencoded or JSON.' : status === 500 ? 'Something went wrong.' : err.message;
    return reply.code(status).send({ error: reason });
  });
  return app;
}
