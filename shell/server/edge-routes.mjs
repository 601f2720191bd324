/**
 * What the edge registers on its fastify app: request guards, the CSP, the upstreams (BFF proxy, files,
 * pictures), CSP reports and the pages (true 404s, ADR 0009). `startEdge` (./edge.mjs) wires them.
 */
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import httpProxy from '@fastify/http-proxy';
import helmet from '@fastify/helmet';
import { cacheControlFor } from '@storefront/tooling/serve/cache-policy.mjs';
import { cspDirectives, httpOrigin, newCspNonce, serializeCsp, strictCspDirectives, withCspNonce } from './csp.mjs';
import { registerPublicApiCache } from './public-cache.mjs';
import { withServedFooter } from './served-footer.mjs';

/**
 * Headers a proxied request carries on: the request id and `x-forwarded-for` with this hop's peer
 * appended (RFC 7239's de-facto predecessor), so the BFF keys throttles by shopper.
 * @param {import('fastify').FastifyRequest} req
 * @returns {{ 'x-request-id': string, 'x-forwarded-for': string }}
 */
export function forwardedHeaders(req) {
  const prior = req.headers['x-forwarded-for'];
  const peer = req.raw.socket.remoteAddress || 'unknown';
  return { 'x-request-id': req.id, 'x-forwarded-for': prior ? `${prior}, ${peer}` : peer };
}

/** Permissions-Policy of every response. */
export const PERMISSIONS_POLICY = 'camera=(), microphone=(), payment=(), usb=(), serial=(), bluetooth=(), hid=(), midi=(), interest-cohort=(), geolocation=(self)';

/** Whether a request path names a file (has an extension), e.g. '/missing.js'. */
const looksLikeFile = (urlPath) => /\/[^/]*\.[a-z0-9]+$/i.test(urlPath);

/**
 * Which pre-rendered HTML file answers a page request (the served HTML carries the shell's
 * own page): '/' without `query` → index.html (home), a not-found path → 404.html, every other page
 * (remote pages, '/?query', the sign-in callback) → frame.html (the page frame; the remote fills it).
 * @param {string} urlPath path without query
 * @param {URLSearchParams} query
 * @param {number} status 200 for a known route, 404 otherwise
 */
export function htmlFileFor(urlPath, query, status) {
  if (status === 404) return '404.html';
  if (urlPath === '/' && !query.has('query')) return 'index.html';
  return 'frame.html';
}

/**
 * Echoes the request id, asks for `Connection: close` while draining, sets Permissions-Policy, and refuses
 * an /api body over `apiBodyLimit` bytes (413) or of unknown length (411), with a reason.
 */
export function registerRequestGuards(app, { apiBodyLimit, isDraining }) {
  app.addHook('onRequest', async (req, reply) => {
    reply.header('x-request-id', req.id);
    if (isDraining()) reply.header('Connection', 'close');
  });
  // Features the storefront never uses are off for every page and frame; geolocation only
  // for the store selector's "Use my location" (same origin).
  app.addHook('onSend', async (_req, reply, payload) => {
    reply.header('Permissions-Policy', PERMISSIONS_POLICY);
    return payload;
  });
  // A body over API_BODY_LIMIT_BYTES is refused here with a reason (413), not streamed to the
  // BFF (which used to end in 502 'The BFF did not answer'); a body of unknown length is refused (411).
  app.addHook('onRequest', async (req, reply) => {
    if (!req.url.startsWith('/api/') || req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS') return undefined;
    const length = req.headers['content-length'];
    if (length === undefined && req.headers['transfer-encoding']) {
      return reply.code(411).header('Cache-Control', 'no-store').send({ error: 'Length Required', message: 'Send the request body with a Content-Length header.' });
    }
    if (Number(length) > apiBodyLimit) {
      return reply.code(413).header('Cache-Control', 'no-store')
        .send({ error: 'Payload Too Large', message: `The request body is ${Number(length)} bytes; the limit is ${apiBodyLimit} bytes.` });
    }
    return undefined;
  });
}

/** The CSP of every response, with a nonce of its own (`reply.cspNonce`; the HTML's scripts and styles carry it). */
export function registerCsp(app, { cspInput, cspMode }) {
  // The CSP of every response, with a nonce of its own (the HTML's scripts and styles carry it: sendIndex).
  // Violations are reported to the edge, which logs them (POST /csp-report)
  const report = { reportUri: ['/csp-report'] };
  const allowlist = cspDirectives(cspInput);
  app.decorateReply('cspNonce', '');
  app.addHook('onRequest', async (_req, reply) => {
    reply.cspNonce = newCspNonce();
    const strict = serializeCsp({ ...strictCspDirectives(cspInput, reply.cspNonce), ...report });
    if (cspMode === 'strict') return void reply.header('Content-Security-Policy', strict);
    // report-only: the enforced allowlist admits the HTML's nonced inline script too (the Trusted Types
    // policy, which the reported policy needs); its style-src keeps 'unsafe-inline' (a nonce would void it)
    const enforced = serializeCsp({ ...allowlist, scriptSrc: [`'nonce-${reply.cspNonce}'`, ...allowlist.scriptSrc], ...report });
    reply.header('Content-Security-Policy', enforced).header('Content-Security-Policy-Report-Only', strict);
  });
}

/** Security headers (helmet), the public API cache, the /api proxy to the BFF, the shell's files and the catalogue pictures. */
export async function registerUpstreams(app, { bffUrl, apiBodyLimit, redis, distDir, mediaDir }) {
  await app.register(helmet, {
    contentSecurityPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    frameguard: { action: 'deny' },
    // Remotes load from their own origins with their own CORS; the shell's files are same-origin only.
    crossOriginResourcePolicy: { policy: 'same-origin' },
    crossOriginEmbedderPolicy: false,
    // HSTS belongs to the TLS-terminating production edge, not to http://localhost.
    hsts: false,
  });

  // Under load: public API reads (bannerAlert) answered from a short-lived cache, the rest proxied
  await registerPublicApiCache(app, { bffUrl, bodyLimit: apiBodyLimit, redis });
  await app.register(httpProxy, {
    upstream: bffUrl,
    prefix: '/api',
    rewritePrefix: '/api',
    http2: false,
    replyOptions: {
      // The BFF's logs carry the same request id, and its throttles see the shopper's address.
      rewriteRequestHeaders: (req, headers) => ({ ...headers, ...forwardedHeaders(req) }),
      // The BFF is down or unreachable: a gateway error the remotes can tell apart from a BFF error.
      onError(reply, { error }) {
        const status = error && error.statusCode === 504 ? 504 : 502;
        reply.code(status).header('Cache-Control', 'no-store')
          .send({ error: status === 504 ? 'Gateway Timeout' : 'Bad Gateway', message: 'The BFF did not answer.' });
      },
    },
  });

  await app.register(fastifyStatic, {
    root: distDir,
    index: false,
    wildcard: true,
    cacheControl: false,
    setHeaders(res, filePath) {
      res.setHeader('Cache-Control', cacheControlFor(filePath));
    },
  });

  // Catalogue pictures: the seed's illustrations, same origin (CSP img-src 'self').
  if (mediaDir && fs.existsSync(mediaDir)) {
    await app.register(fastifyStatic, {
      root: mediaDir,
      prefix: '/media/',
      decorateReply: false,
      index: false,
      cacheControl: false,
      setHeaders(res) {
        res.setHeader('Cache-Control', 'public, max-age=86400');
      },
    });
  }
}

/**
 * The shell's HTML for a request's page with `status`: the build's file for the path, with the CSP nonce and
 * the start-up hints (the first view from `record`, the page's record) and the footer's links (./served-footer.mjs);
 * 503 with a reason when the build is missing.
 */
/**
 * @param {string} distDir the shell's build
 * @param {{ inject: Function }} hints ./startup-hints.mjs
 * @param {{ current: () => Promise<string> } | null} [footer] ./served-footer.mjs; null = no served footer
 */
export function createSendIndex(distDir, hints, footer = null) {
  return async (req, reply, status, record = null) => {
      let html;
      const url = new URL(req.url, 'http://edge');
      try {
        html = await fs.promises.readFile(path.join(distDir, htmlFileFor(url.pathname, url.searchParams, status)), 'utf8');
      } catch {
        return reply.code(503).type('text/plain; charset=utf-8').header('Cache-Control', 'no-store')
          .send('The shell build is missing: run `npm run build` in shell/.');
      }
      const [hinted, footerHtml] = await Promise.all([
        hints.inject(withCspNonce(html, reply.cspNonce), url.pathname, url.searchParams, record),
        footer ? footer.current() : '',
      ]);
      html = withServedFooter(hinted, footerHtml);
      return reply.code(status).type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(html);
  };
}

/** CSP violation reports (report-uri), logged one line each; at most 16 KB, answered 204. */
export function registerCspReports(app) {
  // CSP violation reports (report-uri), logged one line each; at most 16 KB, answered 204.
  app.post('/csp-report', {
    bodyLimit: 16 * 1024,
    config: {},
  }, async (req, reply) => {
    const body = req.body && typeof req.body === 'object' ? req.body : {};
    const r = body['csp-report'] || (Array.isArray(body) ? body[0]?.body : body.body) || body;
    console.warn(`[edge] CSP violation: ${JSON.stringify({ directive: r['violated-directive'] || r.effectiveDirective, blocked: r['blocked-uri'] || r.blockedURL, page: r['document-uri'] || r.documentURL }).slice(0, 500)}`);
    return reply.code(204).send();
  });
  app.addContentTypeParser(['application/csp-report', 'application/reports+json'], { parseAs: 'string', bodyLimit: 16 * 1024 }, (_req, text, done) => {
    try {
      done(null, JSON.parse(text));
    } catch {
      done(Object.assign(new Error('The report is not JSON.'), { statusCode: 400 }));
    }
  });
}

/** /register (the loyalty site), /remotes.json, /config.json, the app routes (200 or a true 404) and the 404 page. */
export function registerPages(app, { config, currentRemotes, appRoutes, pageLookup, sendIndex }) {
  // spec §2 '/register': the external loyalty site. The storefront's own /register (footer and menu
  // links) leaves for it (302), passing `returnUrl` on; the site accepts only storefront origins there.
  app.get('/register', async (req, reply) => {
    const site = config?.loyaltySite?.url;
    if (!site || !httpOrigin(site)) return sendIndex(req, reply, 404);
    const to = new URL(site);
    const back = req.query && typeof req.query.returnUrl === 'string' ? req.query.returnUrl : null;
    if (back && back.length <= 2048) to.searchParams.set('returnUrl', back);
    return reply.header('Cache-Control', 'no-store').redirect(to.href, 302);
  });

  app.get('/remotes.json', async (_req, reply) => reply.header('Cache-Control', 'no-cache').send(currentRemotes()));
  app.get('/config.json', async (_req, reply) => reply.header('Cache-Control', 'no-cache').send(config));
  for (const route of appRoutes) {
    app.get(route, async (req, reply) => {
      const page = await pageLookup(req.url.split('?')[0]);
      return page.exists ? sendIndex(req, reply, 200, page.record) : sendIndex(req, reply, 404);
    });
  }

  app.setNotFoundHandler(async (req, reply) => {
    const urlPath = req.url.split('?')[0];
    if ((req.method === 'GET' || req.method === 'HEAD') && !looksLikeFile(urlPath) && !urlPath.startsWith('/api/')) {
      return sendIndex(req, reply, 404);
    }
    return reply.code(404).header('Cache-Control', 'no-cache').send({ error: 'Not Found', path: urlPath });
  });
}

