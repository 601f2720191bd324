/**
 * The shell's part of the managed content pages (spec §2 Routes '/privacy-policy', the footer's info
 * pages of spec §2 Footer) are valid content whose links all lead somewhere, the home page's data loaders
 * read the engine's and the flyer provider's answers, and the pre-rendered home still hydrates without
 * a mismatch when the shell has its runtime config (the data arrives after the first paint).
 */
import fs from 'node:fs';
import path from 'node:path';
import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { DEFAULT_RUNTIME_CONFIG } from 'shared-events';
import { createTestBus } from 'shared-events/testing';
import { isSafeContentHref, parseManagedContent } from './ContentPage';
import { CONTENT_PAGES, contentNameFor } from './content-routes';
import { fetchFlyerTeaser, fetchPopularSearches } from './home-content';
import { prerenderShellPage } from './prerender';
import { ShellRoutes, shellPageFor } from './ShellRoutes';

const realFetch = global.fetch;
afterEach(() => { global.fetch = realFetch; });

const answer = (body: unknown, status = 200) => ({ ok: status < 400, status, json: async () => body }) as Response;

const CONTENT_DIR = path.resolve(__dirname, '../../../services/seed/data/content');
const readContent = (name: string): unknown => JSON.parse(fs.readFileSync(path.join(CONTENT_DIR, `${name}.json`), 'utf8'));
const STORE_SLUGS = new Set((JSON.parse(fs.readFileSync(path.resolve(CONTENT_DIR, '../stores.json'), 'utf8')) as Array<{ slug: string }>).map((s) => s.slug));

/**
 * Does an in-site link lead to a page? A shell page (home, a content page) or a remote's page route;
 * a store page only for a store of the seed (services/seed/data/stores.json); '/register' is the
 * edge's redirect to the external loyalty site (spec §2 Routes).
 */
function leadsToAPage(href: string): boolean {
  const url = new URL(href, 'http://site');
  if (url.pathname === '/register') return true;
  const store = /^\/stores\/([^/]+)$/.exec(url.pathname);
  if (store) return STORE_SLUGS.has(store[1]!);
  return shellPageFor(url) !== 'not-found';
}

describe('managed content privacy-policy.json', () => {
  it('is a policy with the sections the spec asks for and the support number', () => {
    const policy = parseManagedContent(readContent('privacy-policy'));
    expect(policy.title).toBe('Privacy Policy');
    expect(policy.updated).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const headings = policy.sections.map((s) => s.heading);
    expect(headings).toEqual(expect.arrayContaining(['What is stored on your device', 'What your account stores', 'Cookies', 'Analytics', 'Contact us']));
    expect(policy.sections.every((s) => s.paragraphs.length > 0)).toBe(true);
    expect(JSON.stringify(policy)).toContain('1-866-586-2805');
  });

  it('rejects content without sections', () => {
    expect(() => parseManagedContent({ title: 'x' })).toThrow();
    expect(() => parseManagedContent(null)).toThrow();
  });
});

describe('managed content pages (spec §2 Footer: the footer\'s info links are real pages)', () => {
  it.each(CONTENT_PAGES.map((p) => [p.path, p.title] as const))('%s: services/seed/data/content has its content, titled %j, every section with text', (pagePath, title) => {
    const content = parseManagedContent(readContent(contentNameFor(pagePath)));
    expect(content.title).toBe(title);
    expect(content.sections.length).toBeGreaterThan(0);
    for (const s of content.sections) expect(s.paragraphs.join(' ').length).toBeGreaterThan(20);
    expect(JSON.stringify(content)).not.toMatch(/lorem|ipsum|TODO/i);
  });

  it('every link of every content page leads to a page of the site (or is the support phone)', () => {
    const links = CONTENT_PAGES.flatMap((p) => parseManagedContent(readContent(contentNameFor(p.path))).sections.flatMap((s) => s.links));
    expect(links.length).toBeGreaterThan(0);
    for (const l of links) {
      if (l.href.startsWith('tel:')) expect(l.href).toBe('tel:+18665862805');
      else expect([l.href, leadsToAPage(l.href)]).toEqual([l.href, true]);
    }
  });

  it('keeps only in-site paths and tel: numbers as links', () => {
    const content = parseManagedContent({
      sections: [{ heading: 'h', paragraphs: ['p'], links: [
        { label: 'ok', href: '/store-locator' }, { label: 'phone', href: 'tel:+18665862805' },
        { label: 'x', href: 'javascript:alert(1)' }, { label: 'x', href: '//evil.example' }, { label: 'x', href: 'https://evil.example' }, { label: 'x', href: '/\\evil' }, { label: 1, href: '/' },
      ] }],
    }, 'Fallback');
    expect(content.title).toBe('Fallback');
    expect(content.sections[0]!.links).toEqual([{ label: 'ok', href: '/store-locator' }, { label: 'phone', href: 'tel:+18665862805' }]);
    expect(isSafeContentHref('/%2F%2Fevil')).toBe(false);
  });

  it('every in-site link of the footer content (spec §2 Footer) leads to a page: no info link answers 404', () => {
    const footer = readContent('footer') as { groups: Array<{ links: Array<{ link: string }> }> };
    const internal = footer.groups.flatMap((g) => g.links.map((l) => l.link)).filter((l) => l.startsWith('/'));
    expect(internal).toEqual(expect.arrayContaining(['/about/careers', '/legal/accessibility', '/customer-service/live-chat']));
    expect(internal.filter((l) => !leadsToAPage(l))).toEqual([]);
  });
});

describe('home data loaders', () => {
  it('fetchPopularSearches keeps searches with results, trimmed, at most `limit`', async () => {
    global.fetch = jest.fn(async () => answer({ searches: [{ search: ' eggs ', count: 3, nbHits: 9 }, { search: '', count: 2, nbHits: 1 }, { search: 'xq', count: 2, nbHits: 0 }, { search: 'bread', count: 1, nbHits: 4 }, 'junk'] })) as unknown as typeof fetch;
    await expect(fetchPopularSearches(DEFAULT_RUNTIME_CONFIG.search, 1)).resolves.toEqual([{ search: 'eggs', count: 3, nbHits: 9 }]);
  });

  it('fetchPopularSearches rejects on an engine error', async () => {
    global.fetch = jest.fn(async () => answer({ message: 'Invalid API key' }, 403)) as unknown as typeof fetch;
    await expect(fetchPopularSearches(DEFAULT_RUNTIME_CONFIG.search)).rejects.toThrow('HTTP 403');
  });

  it('fetchFlyerTeaser pads the store code and resolves to null when the store has no publication', async () => {
    const fetchMock = jest.fn(async () => answer({ publications: [] }));
    global.fetch = fetchMock as unknown as typeof fetch;
    await expect(fetchFlyerTeaser(DEFAULT_RUNTIME_CONFIG.flyer!, '42')).resolves.toBeNull();
    expect(String((fetchMock.mock.calls[0] as unknown[])[0])).toBe('http://localhost:4300/api/publications?merchant=harbour-market&storeCode=0042');
  });
});

describe('pre-rendered home with the runtime config', () => {
  it('hydrates without a mismatch, then shows the popular searches', async () => {
    global.fetch = jest.fn(async () => answer({ searches: [{ search: 'apples', count: 4, nbHits: 12 }] })) as unknown as typeof fetch;
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
    window.history.replaceState(null, '', '/');
    const container = document.createElement('div');
    container.innerHTML = prerenderShellPage('home');
    document.body.append(container);
    const recoverable = jest.fn();
    const errors = jest.spyOn(console, 'error').mockImplementation(() => {});
    let root: ReturnType<typeof hydrateRoot> | undefined;
    await act(async () => {
      root = hydrateRoot(container, <ShellRoutes bus={createTestBus().bus} config={DEFAULT_RUNTIME_CONFIG} />, { onRecoverableError: recoverable });
    });
    expect(recoverable).not.toHaveBeenCalled();
    expect(errors).not.toHaveBeenCalled();
    await act(async () => { await new Promise((r) => setTimeout(r, 20)); });
    expect(container.querySelector('a[href="/?query=apples&tab=product"]')?.textContent).toBe('apples');
    act(() => root!.unmount());
    errors.mockRestore();
    container.remove();
  });
});
