/**
 * The footer over the links the edge served in its slot (shell/server/served-footer.mjs): they stay on
 * screen until the content arrives, the link a keyboard user had focused keeps focus when the remote
 * takes the slot, and 'Live Chat' opens the chat from the keyboard (Enter or Space).
 */
import { act, screen, within } from '@testing-library/react';
import { renderWithKit } from '@storefront/remote-kit/testing';
import userEvent from '@testing-library/user-event';
import { createTestBus } from 'shared-events/testing';
import { mockBff, mockCompactViewport, realContent, settle } from '../test-utils';
import { Footer } from './Footer';

/** What the edge writes into #slot-mf-footer (same markup as shell/server/served-footer.mjs). */
const SERVED = '<div class="mfh-footer mfh-footer--columns" data-served-footer=""><nav class="mfh-footer__nav" aria-label="Site links">'
  + '<section class="mfh-footer__group" aria-labelledby="served-footer-customer-service-h"><h2 class="mfh-footer__heading" id="served-footer-customer-service-h">Customer Service</h2>'
  + '<ul class="mfh-footer__list"><li><a class="mfh-footer__link" href="/customer-service/contact-us">Contact Us</a></li>'
  + '<li><a class="mfh-footer__link" href="/customer-service/live-chat">Live Chat</a></li></ul></section>'
  + '<section class="mfh-footer__group" aria-labelledby="served-footer-scene-h"><h2 class="mfh-footer__heading" id="served-footer-scene-h">Scene+</h2>'
  + '<ul class="mfh-footer__list"><li><a class="mfh-footer__link" href="/register" target="_blank" rel="noopener">Register a Scene+ Card<span class="mfh-visually-hidden"> (opens in a new tab)</span></a></li></ul></section>'
  + '</nav><div class="mfh-footer__bottom"><p>Scene+ support: <a href="tel:+18665862805">1-866-586-2805</a></p><p class="mfh-footer__legal">Small print.</p></div></div>';

/** A slot holding the served footer, with `focus` (a link text) focused, and the Footer mounted over it. */
function mountOverServed(focus?: string) {
  const slot = document.createElement('div');
  slot.id = 'slot-mf-footer';
  slot.innerHTML = SERVED;
  document.body.appendChild(slot);
  if (focus) [...slot.querySelectorAll('a')].find((a) => a.textContent === focus)!.focus();
  const kit = createTestBus();
  mockBff({ 'GET /content/footer': realContent('footer') }, { defer: true });
  const result = renderWithKit(<Footer domElement={slot} />, { remote: 'mf-header', kit, container: slot, remoteProps: { domElement: slot } });
  return { ...result, slot, kit };
}

afterEach(() => document.body.replaceChildren());

describe('Footer over the served links', () => {
  it('shows the served links at once, before the content answers, then the content', async () => {
    mountOverServed();
    const nav = screen.getByRole('navigation', { name: 'Footer' });
    expect(within(nav).getByRole('link', { name: 'Contact Us' })).toHaveAttribute('href', '/customer-service/contact-us');
    expect(within(nav).getByRole('link', { name: 'Register a Scene+ Card (opens in a new tab)' })).toHaveAttribute('target', '_blank');
    expect(screen.getByText('Small print.')).toBeInTheDocument();
    expect(document.querySelector('[data-served-footer]')).toBeNull(); // the remote's own markup now
    await settle();
    expect(within(screen.getByRole('navigation', { name: 'Footer' })).getByRole('link', { name: 'Careers' })).toBeInTheDocument();
  });

  it('keeps focus on the link a keyboard user had reached', () => {
    mountOverServed('Contact Us');
    expect(screen.getByRole('link', { name: 'Contact Us' })).toHaveFocus();
  });

  it('up to 1023px opens the accordion group of the focused link and keeps it focused', () => {
    const restore = mockCompactViewport(true);
    try {
      mountOverServed('Live Chat');
      expect(screen.getByRole('button', { name: 'Customer Service' })).toHaveAttribute('aria-expanded', 'true');
      expect(screen.getByRole('button', { name: 'Scene+' })).toHaveAttribute('aria-expanded', 'false');
      expect(screen.getByRole('link', { name: 'Live Chat' })).toHaveFocus();
    } finally {
      restore();
    }
  });
});

describe("'Live Chat' from the keyboard (spec §2 Live chat)", () => {
  const w = window as Window & { CareChat?: unknown };
  afterEach(() => { delete w.CareChat; });

  it.each([['Enter', '{Enter}'], ['Space', ' ']])('%s on the focused link opens the chat and stays on the page', async (_key, keys) => {
    const open = jest.fn();
    w.CareChat = { open, close: jest.fn(), isOpen: () => false };
    const { kit } = mountOverServed('Live Chat');
    await settle();
    const user = userEvent.setup();
    screen.getByRole('link', { name: 'Live Chat' }).focus();
    await user.keyboard(keys);
    await act(async () => { await Promise.resolve(); });
    expect(open).toHaveBeenCalledTimes(1);
    expect(kit.published('analytics/track').map((e) => e.payload)).toEqual([{ event: 'nav_footer', params: { label: 'Live Chat', link: '/customer-service/live-chat' } }]);
  });
});
