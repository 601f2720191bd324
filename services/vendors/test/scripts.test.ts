/**
 * @jest-environment jsdom
 * @jest-environment-options {"url": "http://localhost:18080/"}
 *
 * The browser scripts as a storefront page runs them: the consent tool's interface, banner and
 * preferences dialog; the tag manager's consent mode (queued events dropped after a decline, sent after a
 * grant); ads only with C0004; the chat renders typed text as text.
 */
import { fireEvent, screen, within } from '@testing-library/dom';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PUBLIC_DIR, SCRIPTS, script } from '../src/assets';

const ORIGIN = 'http://localhost:14400';
type W = Window & Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const w = window as unknown as W;

function run(name: 'consent.js' | 'gtm.js' | 'ads.js' | 'chat.js') {
  new Function(script(name, ORIGIN))();
}
function clearCookies() {
  for (const c of document.cookie.split('; ')) if (c) document.cookie = `${c.split('=')[0]}=; path=/; max-age=0`;
}

beforeEach(() => {
  document.body.replaceChildren();
  document.head.replaceChildren();
  clearCookies();
  for (const k of ['OneTrust', 'Optanon', 'OnetrustActiveGroups', 'OptanonWrapper', 'dataLayer', '__gtmStandIn', 'AdSlots', 'CareChat']) delete w[k];
});

describe('served scripts', () => {
  it.each(SCRIPTS)('%s is served minified, as the vendors serve theirs, with the origin written in', (name) => {
    const source = readFileSync(path.join(PUBLIC_DIR, name), 'utf8');
    const served = script(name, ORIGIN);
    expect(served.length).toBeLessThan(source.length * 0.75);
    expect(served).not.toMatch(/\/\*|\n\s*\/\//);
    expect(served).not.toContain('__VENDORS_ORIGIN__');
  });
});

describe('consent.js', () => {
  it('before a choice: only C0001 active, the banner (a region, not a modal) with three buttons, one groups event at load', () => {
    const seen: string[][] = [];
    window.addEventListener('OneTrustGroupsUpdated', (e) => seen.push((e as CustomEvent).detail), { once: true });
    run('consent.js');
    expect(w.OnetrustActiveGroups).toBe(',C0001,');
    expect(seen).toEqual([['C0001']]);
    const banner = screen.getByRole('region', { name: 'Cookie consent' });
    expect(within(banner).getAllByRole('button').map((b) => b.textContent)).toEqual(['Accept All Cookies', 'Reject All', 'Cookie Settings']);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(w.OneTrust.IsAlertBoxClosed()).toBe(false);
  });

  it('Reject All: groups ,C0001, in the cookie and the global, OnConsentChanged called, banner gone; a reload remembers it', () => {
    run('consent.js');
    const changed = jest.fn();
    w.OneTrust.OnConsentChanged(changed);
    fireEvent.click(screen.getByRole('button', { name: 'Reject All' }));
    expect(changed).toHaveBeenCalledWith({ detail: ['C0001'] });
    expect(w.OnetrustActiveGroups).toBe(',C0001,');
    expect(decodeURIComponent(document.cookie)).toContain('groups=C0001:1,C0002:0,C0003:0,C0004:0');
    expect(screen.queryByRole('region', { name: 'Cookie consent' })).toBeNull();
    // reload: a fresh copy of the script reads the cookie, shows no banner
    delete w.OneTrust;
    document.body.replaceChildren();
    run('consent.js');
    expect(screen.queryByRole('region', { name: 'Cookie consent' })).toBeNull();
    expect(w.OneTrust.IsAlertBoxClosed()).toBe(true);
  });

  it('Accept All: every group active', () => {
    run('consent.js');
    const events: string[][] = [];
    window.addEventListener('OneTrustGroupsUpdated', (e) => events.push((e as CustomEvent).detail));
    fireEvent.click(screen.getByRole('button', { name: 'Accept All Cookies' }));
    expect(w.OnetrustActiveGroups).toBe(',C0001,C0002,C0003,C0004,');
    expect(events).toEqual([['C0001', 'C0002', 'C0003', 'C0004']]);
  });

  it('preferences dialog: labelled dialog, C0001 always active, focus inside and trapped, Escape closes back to the opener, Confirm saves the chosen groups', () => {
    run('consent.js');
    const settings = screen.getByRole('button', { name: 'Cookie Settings' });
    settings.focus();
    fireEvent.click(settings);
    const dialog = screen.getByRole('dialog', { name: 'Privacy Preference Center' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    const necessary = within(dialog).getByRole('checkbox', { name: /Strictly Necessary Cookies/ }) as HTMLInputElement;
    expect(necessary.checked && necessary.disabled).toBe(true);
    const perf = within(dialog).getByRole('checkbox', { name: 'Performance Cookies' });
    expect(document.activeElement).toBe(perf);
    const close = within(dialog).getByRole('button', { name: 'Close' });
    close.focus();
    fireEvent.keyDown(close, { key: 'Tab' });
    expect(document.activeElement).toBe(perf);
    fireEvent.keyDown(perf, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(close);
    fireEvent.keyDown(close, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(settings);
    expect(w.OneTrust.IsAlertBoxClosed()).toBe(false);

    fireEvent.click(settings);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Performance Cookies' }));
    fireEvent.click(screen.getByRole('button', { name: 'Confirm My Choices' }));
    expect(w.OnetrustActiveGroups).toBe(',C0001,C0002,');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('a signed-in shopper (dataSubjectParams set before load) gets the identifier in the cookie and a receipt sent with the token', () => {
    const fetchMock = jest.fn(() => Promise.resolve(new Response(null, { status: 204 })));
    w.fetch = fetchMock;
    w.OneTrust = { dataSubjectParams: { id: 'uid-1', isAnonymous: false, token: 'a.b.c' } };
    run('consent.js');
    expect(w.OneTrust.getDataSubjectId()).toBe('uid-1');
    w.OneTrust.AllowAll();
    expect(decodeURIComponent(document.cookie)).toContain('identifier=uid-1');
    expect(fetchMock).toHaveBeenCalledWith(`${ORIGIN}/consent/receipts`, expect.objectContaining({ method: 'POST', headers: expect.objectContaining({ authorization: 'Bearer a.b.c' }) }));
  });
});

describe('gtm.js', () => {
  let fetchMock: jest.Mock;
  const sentNames = () => fetchMock.mock.calls.map(([, init]) => JSON.parse(init.body).events[0].name);
  beforeEach(() => {
    fetchMock = jest.fn(() => Promise.resolve(new Response(null, { status: 204 })));
    w.fetch = fetchMock;
  });
  const gtag = (...args: unknown[]) => {
    // eslint-disable-next-line prefer-rest-params
    (function (..._a: unknown[]) { w.dataLayer.push(arguments); })(...args);
  };

  it('default denied: events wait; a declined update drops them for good, later events are not sent either', () => {
    w.dataLayer = [];
    gtag('consent', 'default', { analytics_storage: 'denied' });
    run('gtm.js');
    w.dataLayer.push({ event: 'nav_header', label: 'Offers' });
    expect(w.__gtmStandIn.queued()).toBe(1);
    gtag('consent', 'update', { analytics_storage: 'denied' });
    w.dataLayer.push({ event: 'sign_out' });
    gtag('consent', 'update', { analytics_storage: 'granted' });
    expect(fetchMock).not.toHaveBeenCalled();
    expect(w.__gtmStandIn.queued()).toBe(0);
    expect(document.cookie).not.toContain('_ga=');
  });

  it('a granted update sends the queued events (also ones pushed before the script) and later ones, GA4-shaped, to /collect', () => {
    w.dataLayer = [{ event: 'nav_footer', label: 'Help' }];
    run('gtm.js');
    w.dataLayer.push({ event: 'view_item_list', ecommerce: { item_list_id: '7', item_list_name: 'Search - Products', items: [{ item_id: 'a' }] } });
    expect(fetchMock).not.toHaveBeenCalled();
    gtag('consent', 'update', { analytics_storage: 'granted' });
    w.dataLayer.push({ event: 'sign_out' });
    expect(sentNames()).toEqual(['nav_footer', 'view_item_list', 'sign_out']);
    const [url, init] = fetchMock.mock.calls[1];
    expect(url).toBe(`${ORIGIN}/collect`);
    expect(JSON.parse(init.body)).toEqual({ v: 2, cid: expect.stringMatching(/^GA1\.1\./), events: [{ name: 'view_item_list', params: { ecommerce: { item_list_id: '7', item_list_name: 'Search - Products', items: [{ item_id: 'a' }] } } }] });
    expect(document.cookie).toContain('_ga=');
  });
});

describe('ads.js', () => {
  const slot = () => {
    const el = document.createElement('div');
    el.setAttribute('data-ad-slot', 'home-leaderboard');
    el.setAttribute('data-ad-size', '728x90');
    document.body.appendChild(el);
    return el;
  };
  it('fills nothing without the targeting group C0004', () => {
    const el = slot();
    w.OnetrustActiveGroups = ',C0001,C0002,';
    run('ads.js');
    expect(el.children).toHaveLength(0);
  });
  it('fills each slot once with a sized creative when C0004 is active', () => {
    const el = slot();
    w.OnetrustActiveGroups = ',C0001,C0004,';
    run('ads.js');
    const img = el.querySelector('img')!;
    expect(img.getAttribute('src')).toBe(`${ORIGIN}/ads/creative?slot=home-leaderboard&size=728x90`);
    expect([img.width, img.height]).toEqual([728, 90]);
    expect(w.AdSlots.refresh()).toBe(0);
  });
});

describe('chat.js', () => {
  it('opens a labelled chat window with focus in the text box, shows typed text as text, Escape closes and restores focus', () => {
    const link = document.createElement('button');
    document.body.appendChild(link);
    link.focus();
    run('chat.js');
    w.CareChat.open();
    const chat = screen.getByRole('dialog', { name: 'Customer care chat' });
    const box = within(chat).getByRole('textbox', { name: 'Type your message' }) as HTMLInputElement;
    expect(document.activeElement).toBe(box);
    box.value = '<img src=x onerror=alert(1)>';
    fireEvent.submit(box.form!);
    expect(within(chat).getByText('<img src=x onerror=alert(1)>')).toBeTruthy();
    expect(chat.querySelector('img')).toBeNull();
    fireEvent.keyDown(box, { key: 'Escape' });
    expect(w.CareChat.isOpen()).toBe(false);
    expect(document.activeElement).toBe(link);
  });
});

describe('a strict CSP (no unsafe-inline for styles)', () => {
  it.each([['consent.js', '#ot-sa-style'], ['chat.js', '#cc-style']] as const)('%s gives its <style> the page\'s nonce (<meta name="csp-nonce" nonce>)', (name, selector) => {
    const meta = document.createElement('meta');
    meta.name = 'csp-nonce';
    meta.setAttribute('nonce', 'cGFnZS1ub25jZQ==');
    document.head.appendChild(meta);
    run(name);
    if (name === 'chat.js') w.CareChat.open();
    const style = document.querySelector<HTMLStyleElement>(selector)!;
    expect(style).not.toBeNull();
    expect(style.nonce || style.getAttribute('nonce')).toBe('cGFnZS1ub25jZQ==');
  });
});
