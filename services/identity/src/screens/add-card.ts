/**
 * The add-card registration screen set (spec §2 Card popups "Add Scene+ card (embeds a registration
 * screen set)"): a page of the identity provider's origin that the storefront's addCard popup shows in
 * an iframe. The card form lives here (spec §5 card number: 16 digits starting 6046, spaces allowed);
 * the account write does not: the frame hands the checked number to the parent page (postMessage), which
 * makes the BFF call with the shopper's session and sends the result back (contract: add-card-script.ts).
 *
 *   GET /screens/add-card → 200 HTML; CSP `frame-ancestors <storefront origins>`, the script by hash,
 *                           nothing else loaded; other methods → 405; other /screens/ paths → 404.
 */
import type http from 'node:http';
import { escapeHtml, scriptHash } from '../pages';
import { ADD_CARD_SCRIPT_TEMPLATE } from './add-card-script';

/** The path of the add-card screen set. */
export const ADD_CARD_PATH = '/screens/add-card';

const CSS = `
*{box-sizing:border-box}
html,body{margin:0;background:#fff}
body{font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1d1d1f;padding:2px 4px 4px}
.sr-only{position:absolute;width:1px;height:1px;margin:-1px;padding:0;overflow:hidden;clip:rect(0,0,0,0);border:0}
label{display:block;font-weight:600;margin:0 0 .25rem}
input{width:100%;padding:.6rem .7rem;font:inherit;border:1px solid #6b6b6b;border-radius:.3rem}
input[aria-invalid=true]{border-color:#b00020}
input:focus-visible,button:focus-visible{outline:3px solid #1b7f3b;outline-offset:2px}
.hint{margin:0 0 .35rem;color:#4a4a4a;font-size:.9rem}
.field-error{margin:.25rem 0 0;color:#b00020;font-size:.9rem}
.status{margin:.25rem 0 0;color:#145c2b;font-size:.9rem;min-height:0}
.actions{display:flex;gap:.5rem;flex-wrap:wrap;margin-top:1rem}
button{padding:.6rem 1rem;font:inherit;font-weight:700;color:#fff;background:#1b7f3b;border:2px solid #1b7f3b;border-radius:.3rem;cursor:pointer}
button[disabled]{opacity:.7;cursor:default}
button.secondary{color:#1b7f3b;background:#fff}
`;

/** The page's body: the card form, labelled and described (WAI-ARIA form pattern). */
const BODY = `<main>
<h1 class="sr-only">Scene+ card number</h1>
<form id="add-card" novalidate>
<label for="card-number">Scene+ card number</label>
<p class="hint" id="card-number-hint">The 16-digit number on your card, starting with 6046.</p>
<input id="card-number" name="cardNumber" inputmode="numeric" autocomplete="off" maxlength="23" aria-describedby="card-number-hint">
<p class="field-error" id="card-number-error" role="alert" hidden></p>
<p class="status" id="add-card-status" role="status"></p>
<div class="actions">
<button type="submit" id="add-card-submit">Add Card</button>
<button type="button" class="secondary" id="add-card-cancel">Cancel</button>
</div>
</form>
</main>`;

/** The screen set's script for these allowed parent origins. */
export function addCardScript(allowedOrigins: string[]): string {
  // JSON in a script: '<' escaped so no origin can close the element.
  return ADD_CARD_SCRIPT_TEMPLATE.replace('__ALLOWED__', JSON.stringify(allowedOrigins).replace(/</g, '\\u003c'));
}

/** The add-card screen set page and its Content-Security-Policy. */
export function addCardScreen(allowedOrigins: string[]): { html: string; csp: string } {
  const script = addCardScript(allowedOrigins);
  const html = `<!doctype html>
<html lang="en-CA">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>Add your Scene+ card</title>
<style>${CSS}</style>
</head>
<body>
${BODY}
<script>${script}</script>
</body>
</html>
`;
  const ancestors = allowedOrigins.map((o) => escapeHtml(o)).join(' ');
  const csp = [
    "default-src 'none'",
    "style-src 'unsafe-inline'",
    `script-src '${scriptHash(script)}'`,
    "form-action 'none'",
    `frame-ancestors ${ancestors || "'none'"}`,
    "base-uri 'none'",
  ].join('; ');
  return { html, csp };
}

type Route = (req: http.IncomingMessage, res: http.ServerResponse) => Promise<boolean>;

/**
 * Wraps the provider's page routes with the screen sets: `GET /screens/add-card` is answered here
 * (200; 405 with `Allow: GET, HEAD` for other methods; 404 for other `/screens/` paths), everything
 * else goes to `next`.
 * @param next the routes to fall back to
 * @param o.origin the storefront's origin (PUBLIC_ORIGIN): the only page allowed to frame the screen set
 */
export function withScreenSets(next: Route, { origin }: { origin: string }): Route {
  const page = addCardScreen([new URL(origin).origin]);
  return async (req, res) => {
    const path = (req.url ?? '/').split('?')[0]!;
    if (!path.startsWith('/screens/')) return next(req, res);
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Referrer-Policy', 'no-referrer');
    if (path !== ADD_CARD_PATH) {
      res.statusCode = 404;
      res.setHeader('Content-Type', 'text/plain; charset=utf-8');
      res.end(`No screen set at ${path.slice(0, 100)}`);
      return true;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.statusCode = 405;
      res.setHeader('Allow', 'GET, HEAD');
      res.setHeader('Content-Type', 'text/plain; charset=utf-8');
      res.end(`${req.method} is not allowed on ${ADD_CARD_PATH}: the screen set is read with GET; the card is added by the storefront.`);
      return true;
    }
    res.statusCode = 200;
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.setHeader('Content-Security-Policy', page.csp);
    res.end(req.method === 'HEAD' ? undefined : page.html);
    return true;
  };
}
