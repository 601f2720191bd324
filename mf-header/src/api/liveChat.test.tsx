/**
 * Live chat (spec §2 Live chat, §4 Chat "awaited up to 50 times at 100 ms intervals", §9):
 * the footer's and the mobile panel's Live Chat links open the chat embed instead of a 404 page; when
 * the chat script never comes the shopper gets a message with the support phone after about 5 s.
 */
import { act, screen, within } from '@testing-library/react';
import { renderWithKit } from '@storefront/remote-kit/testing';
import userEvent from '@testing-library/user-event';
import { createTestBus } from 'shared-events/testing';
import { mockBff, mockCompactViewport, mockLayout, renderHeader, settle } from '../test-utils';
import { Footer } from '../components/Footer';
import { CHAT_UNAVAILABLE_MESSAGE, isLiveChatLink, openLiveChat, requestChatScript, waitForChat } from './liveChat';

type W = Window & { CareChat?: unknown };
const w = window as W;
afterEach(() => {
  delete w.CareChat;
  jest.useRealTimers();
  document.body.innerHTML = '';
});

describe('waitForChat / openLiveChat', () => {
  it('recognises the Live Chat link', () => {
    expect(isLiveChatLink('/customer-service/live-chat')).toBe(true);
    expect(isLiveChatLink('/customer-service/live-chat/?x=1')).toBe(true);
    expect(isLiveChatLink('/customer-service/help')).toBe(false);
    expect(isLiveChatLink(undefined)).toBe(false);
  });

  it('finds a chat that arrives while waiting and opens it', async () => {
    jest.useFakeTimers();
    const open = jest.fn();
    const kit = createTestBus();
    const opened = openLiveChat(kit.bus);
    await jest.advanceTimersByTimeAsync(1200);
    w.CareChat = { open, close: jest.fn(), isOpen: () => true };
    await jest.advanceTimersByTimeAsync(100);
    await expect(opened).resolves.toBe(true);
    expect(open).toHaveBeenCalledTimes(1);
    expect(kit.published('toast/show')).toEqual([]);
  });

  it('gives up after 50 looks 100 ms apart (≈ 4.9 s) and shows the message with the phone number', async () => {
    jest.useFakeTimers();
    const kit = createTestBus();
    const looks = jest.fn();
    const win = {};
    Object.defineProperty(win, 'CareChat', { get: () => { looks(); return undefined; } });
    const result = waitForChat(win);
    await jest.advanceTimersByTimeAsync(4800);
    expect(looks).toHaveBeenCalledTimes(49);
    await jest.advanceTimersByTimeAsync(100);
    await expect(result).resolves.toBeNull();
    expect(looks).toHaveBeenCalledTimes(50);
    const opened = openLiveChat(kit.bus, {});
    await jest.advanceTimersByTimeAsync(5000);
    await expect(opened).resolves.toBe(false);
    expect(kit.published('toast/show').map((e) => e.payload)).toEqual([{ id: 'live-chat-unavailable', message: CHAT_UNAVAILABLE_MESSAGE, kind: 'error' }]);
    expect(CHAT_UNAVAILABLE_MESSAGE).toContain('1-866-586-2805');
  });
});

describe('the chat script is downloaded on demand, not with the page', () => {
  afterEach(() => document.querySelectorAll('script[data-care-chat]').forEach((s) => s.remove()));

  it('adds the vendor script once, only for an http(s) URL', () => {
    requestChatScript('javascript:alert(1)');
    expect(document.querySelectorAll('script[data-care-chat]')).toHaveLength(0);
    requestChatScript('http://localhost:4400/chat.js');
    requestChatScript('http://localhost:4400/chat.js');
    const scripts = document.querySelectorAll('script[data-care-chat]');
    expect(scripts).toHaveLength(1);
    expect(scripts[0]).toHaveAttribute('src', 'http://localhost:4400/chat.js');
  });

  it('openLiveChat asks for the script when the chat is not on the page yet', async () => {
    jest.useFakeTimers();
    try {
      const kit = createTestBus();
      const win: { CareChat?: unknown } = {};
      const opened = openLiveChat(kit.bus, win, 'http://localhost:4400/chat.js');
      expect(document.querySelector('script[data-care-chat]')).toHaveAttribute('src', 'http://localhost:4400/chat.js');
      const open = jest.fn();
      win.CareChat = { open };
      await jest.advanceTimersByTimeAsync(200);
      await expect(opened).resolves.toBe(true);
      expect(open).toHaveBeenCalled();
    } finally {
      jest.useRealTimers();
    }
  });
});

describe('the Live Chat links open the chat (no page change)', () => {
  it('footer: Live Chat opens the chat and tracks nav_footer; navigate is not called', async () => {
    const open = jest.fn();
    w.CareChat = { open, close: jest.fn(), isOpen: () => false };
    const kit = createTestBus();
    mockBff({ 'GET /content/footer': { groups: [{ heading: 'Customer Service', links: [{ label: 'Live Chat', link: '/customer-service/live-chat' }] }] } });
    const navigate = jest.fn();
    const user = userEvent.setup();
    renderWithKit(<Footer />, { remote: 'mf-header', kit, remoteProps: { navigate } });
    await user.click(await screen.findByRole('link', { name: 'Live Chat' }));
    await act(async () => { await Promise.resolve(); });
    expect(open).toHaveBeenCalledTimes(1);
    expect(navigate).not.toHaveBeenCalled();
    expect(kit.published('analytics/track').map((e) => e.payload)).toEqual([{ event: 'nav_footer', params: { label: 'Live Chat', link: '/customer-service/live-chat' } }]);
  });

  it('mobile panel: the Live Chat quick link closes the panel and opens the chat', async () => {
    jest.useFakeTimers();
    const restore = mockCompactViewport(true);
    const layout = mockLayout();
    try {
      const open = jest.fn();
      w.CareChat = { open, close: jest.fn(), isOpen: () => false };
      const { user, kit } = renderHeader();
      await settle();
      await user.click(screen.getByRole('button', { name: 'Menu' }));
      const quick = within(screen.getByRole('dialog', { name: 'Menu' })).getByRole('navigation', { name: 'Quick links' });
      await user.click(within(quick).getByRole('link', { name: 'Live Chat' }));
      await act(async () => { await jest.advanceTimersByTimeAsync(10); });
      expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument();
      expect(open).toHaveBeenCalledTimes(1);
      expect(kit.published('analytics/track').at(-1)!.payload).toEqual({ event: 'nav_header', params: { label: 'Live Chat', link: '/customer-service/live-chat' } });
    } finally {
      restore();
      layout.mockRestore();
    }
  });
});
