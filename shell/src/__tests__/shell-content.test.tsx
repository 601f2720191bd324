/**
 * Issue 16 (shell part): the managed privacy policy is a valid policy, the home page's data loaders
 * read the engine's and the flyer provider's answers, and the pre-rendered home still hydrates without
 * a mismatch when the shell has its runtime config (the data arrives after the first paint).
 */
import fs from 'node:fs';
import path from 'node:path';
import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { DEFAULT_RUNTIME_CONFIG } from 'shared-events';
import { createTestBus } from 'shared-events/testing';
import { parsePrivacyPolicy } from '../pages/PrivacyPolicyPage';
import { fetchFlyerTeaser, fetchPopularSearches } from '../pages/home-content';
import { prerenderShellPage } from '../pages/prerender';
import { ShellRoutes } from '../pages/ShellRoutes';

const realFetch = global.fetch;
afterEach(() => { global.fetch = realFetch; });

const answer = (body: unknown, status = 200) => ({ ok: status < 400, status, json: async () => body }) as Response;

describe('managed content privacy-policy.json', () => {
  it('is a policy with the sections the spec asks for and the support number', () => {
    const file = path.resolve(__dirname, '../../../services/seed/data/content/privacy-policy.json');
    const policy = parsePrivacyPolicy(JSON.parse(fs.readFileSync(file, 'utf8')));
    expect(policy.title).toBe('Privacy Policy');
    expect(policy.updated).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const headings = policy.sections.map((s) => s.heading);
    expect(headings).toEqual(expect.arrayContaining(['What is stored on your device', 'What your account stores', 'Cookies', 'Analytics', 'Contact us']));
    expect(policy.sections.every((s) => s.paragraphs.length > 0)).toBe(true);
    expect(JSON.stringify(policy)).toContain('1-866-586-2805');
  });

  it('rejects content without sections', () => {
    expect(() => parsePrivacyPolicy({ title: 'x' })).toThrow();
    expect(() => parsePrivacyPolicy(null)).toThrow();
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
