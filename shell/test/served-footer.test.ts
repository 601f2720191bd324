/**
 * @jest-environment node
 *
 * The footer's links in the served HTML (spec §2 Footer; a keyboard user tabbing through a page reaches
 * them, find-in-page finds them): the edge writes the managed footer content into `#slot-mf-footer`
 * of every page it serves, over real HTTP on loopback with a stand-in BFF.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { DEFAULT_RUNTIME_CONFIG } from 'shared-events';
import { startEdge } from '../server/edge.mjs';
import { footerModel, servedFooterHtml, withServedFooter } from '../server/served-footer.mjs';
import { portOf } from './helpers';

const CONTENT = JSON.parse(fs.readFileSync(path.join(__dirname, '../../services/seed/data/content/footer.json'), 'utf8'));
const PAGE = (body: string) => `<!doctype html><html><head></head><body><main id=main-content>${body}</main><footer class=site-footer><div id=slot-mf-footer class="site-footer__slot" data-remote=mf-header></div></footer></body></html>`;

let distDir: string;
let bff: FastifyInstance;
let edge: FastifyInstance;
let base: string;
let footerAnswer: { code: number, body: unknown };

beforeAll(async () => {
  distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'served-footer-'));
  fs.writeFileSync(path.join(distDir, 'index.html'), PAGE('<h1>Welcome</h1>'));
  fs.writeFileSync(path.join(distDir, 'frame.html'), PAGE('<div id="slot-page"></div>'));
  fs.writeFileSync(path.join(distDir, '404.html'), PAGE('<h1>Page not found</h1>'));
  bff = Fastify();
  bff.get('/api/content/footer', async (_req, reply) => reply.code(footerAnswer.code).send(footerAnswer.body));
  await bff.listen({ port: 0, host: '127.0.0.1' });
  footerAnswer = { code: 200, body: { status: 'success', code: 200, message: 'OK', data: CONTENT } };
  edge = await startEdge({
    port: 0, host: '127.0.0.1', distDir, remotes: {}, config: DEFAULT_RUNTIME_CONFIG, bffUrl: `http://127.0.0.1:${portOf(bff)}`,
    pageLookup: async () => ({ exists: true, record: null }),
  });
  base = `http://127.0.0.1:${portOf(edge)}`;
});

afterAll(async () => {
  await edge?.close();
  await bff?.close();
  fs.rmSync(distDir, { recursive: true, force: true });
});

/** The served footer slot's HTML of a page. */
async function footerSlot(pathname: string): Promise<string> {
  const html = await (await fetch(`${base}${pathname}`)).text();
  return /<div id=slot-mf-footer[^>]*>([\s\S]*?)<\/div><\/footer>/.exec(html)?.[1] ?? '';
}

describe('the footer in the served HTML', () => {
  it.each(['/', '/store-locator', '/no/such/page'])('%s carries the footer links, Customer Service first, with the support line', async (pathname) => {
    const slot = await footerSlot(pathname);
    expect(slot).toContain('<nav class="mfh-footer__nav" aria-label="Site links">');
    expect(slot).toContain('<a class="mfh-footer__link" href="/customer-service/contact-us">Contact Us</a>');
    expect(slot).toContain('<a class="mfh-footer__link" href="/customer-service/live-chat">Live Chat</a>');
    expect(slot.indexOf('Customer Service')).toBeLessThan(slot.indexOf('>Shop<'));
    expect(slot).toContain('href="/register" target="_blank" rel="noopener">Register a Scene+ Card<span class="mfh-visually-hidden"> (opens in a new tab)</span>');
    expect(slot).toContain('Scene+ support: <a href="tel:+18665862805">1-866-586-2805</a>');
  });
});

describe('servedFooterHtml / footerModel', () => {
  it('escapes every text and drops links that are not a path, tel:, mailto: or http(s)', () => {
    const html = servedFooterHtml({ groups: [{ heading: 'A <b>&', links: [{ label: '<img src=x>', link: '/a?x="1"' }, { label: 'x', link: 'javascript:alert(1)' }, { title: 'T', link: '/t' }] }], legal: '<i>' });
    expect(html).not.toContain('<img');
    expect(html).not.toContain('javascript:');
    expect(html).toContain('A &lt;b&gt;&amp;');
    expect(html).toContain('&lt;i&gt;');
    expect(footerModel({ groups: [{ heading: 'A', links: [{ label: 'x', link: '//evil.example' }] }] }).groups).toEqual([]);
  });

  it('no groups → nothing served; the page stays as it is', () => {
    expect(servedFooterHtml({ groups: [] })).toBe('');
    expect(withServedFooter(PAGE(''), '')).toBe(PAGE(''));
  });
});
