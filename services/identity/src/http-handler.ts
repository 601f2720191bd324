/**
 * The identity server's request handler: request ids and one log line per request, the probes
 * (/livez, /readyz), the provider's own pages, then oidc-provider for everything else; errors become
 * HTML error pages (HttpProblem's status, the provider's, else 500).
 */
import type http from 'node:http';
import { errors as oidcErrors } from 'oidc-provider';
import type { TrustedProxies } from './client-address';
import { HttpProblem } from './forms';
import { errorFields, requestIdOf, type Logger } from './log';
import { errorPage } from './pages';

type Req = http.IncomingMessage;
type Res = http.ServerResponse;

/** What the handler calls; `callback()` is oidc-provider's handler of the moment (rebuilt when the keys change). */
export interface HandlerDeps {
  route: (req: Req, res: Res) => Promise<boolean>;
  callback: () => (req: Req, res: Res) => unknown;
  /** null when ready; else the reason (e.g. 'draining', 'redis: …'). */
  readiness: () => Promise<string | null>;
  draining: () => boolean;
  trusted: TrustedProxies | null;
  logger: Logger;
  /** Answers an HTML page with the identity pages' headers. */
  send: (res: Res, status: number, html: string) => void;
  /** The storefront's home page, linked from the error pages. */
  home: string;
}

function sendJson(res: Res, status: number, body: unknown): void {
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/json');
  res.setHeader('Cache-Control', 'no-store');
  res.end(JSON.stringify(body));
}

/** An error as an HTML error page: HttpProblem and provider errors say why; anything else is logged and answered 500. */
function fail({ send, home, logger }: HandlerDeps, res: Res, err: unknown, reqId: string): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  if (err instanceof HttpProblem) {
    send(res, err.status, errorPage({ title: err.title, message: err.message, homeHref: home }));
    return;
  }
  if (err instanceof oidcErrors.OIDCProviderError) {
    send(res, err.status, errorPage({ title: 'Sign-in could not be completed', message: err.error_description ?? err.message, homeHref: home }));
    return;
  }
  logger('error', { msg: 'unexpected error', reqId, ...errorFields(err) });
  send(res, 500, errorPage({ title: 'Something went wrong', message: 'Something went wrong. Please try again later.', homeHref: home }));
}

/** GET/HEAD /livez → 200; /readyz → 200 ready or 503 with the reason; other methods → 405. */
function probe(deps: HandlerDeps, req: Req, res: Res, path: string, reqId: string): void {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.setHeader('Allow', 'GET, HEAD');
    sendJson(res, 405, { status: 'error', reason: `${req.method} is not allowed here.` });
    return;
  }
  if (path === '/livez') {
    sendJson(res, 200, { status: 'ok' });
    return;
  }
  deps.readiness().then(
    (problem) => (problem === null ? sendJson(res, 200, { status: 'ready' }) : sendJson(res, 503, { status: deps.draining() ? 'draining' : 'unavailable', reason: problem })),
    (err: unknown) => fail(deps, res, err, reqId),
  );
}

/** The `node:http` request listener. */
export function requestHandler(deps: HandlerDeps): (req: Req, res: Res) => void {
  const { logger, trusted } = deps;
  return (req, res) => {
    const started = process.hrtime.bigint();
    const reqId = requestIdOf(req);
    const path = (req.url ?? '/').split('?')[0]!.slice(0, 256);
    res.setHeader('x-request-id', reqId);
    if (deps.draining()) res.setHeader('Connection', 'close');
    res.once('close', () => {
      const ms = Math.round(Number(process.hrtime.bigint() - started) / 1e4) / 100;
      logger('info', { reqId, method: req.method, path, status: res.statusCode, ms, ...(res.writableFinished ? {} : { aborted: true }) });
    });
    // X-Forwarded-Proto/Host count only from a trusted proxy.
    if (trusted && !trusted.trusts(req.socket.remoteAddress ?? '')) {
      delete req.headers['x-forwarded-proto'];
      delete req.headers['x-forwarded-host'];
    }
    if (path === '/livez' || path === '/readyz') {
      probe(deps, req, res, path, reqId);
      return;
    }
    const callback = deps.callback();
    deps.route(req, res).then(
      (handled) => {
        if (!handled) callback(req, res);
      },
      (err: unknown) => fail(deps, res, err, reqId),
    );
  };
}
