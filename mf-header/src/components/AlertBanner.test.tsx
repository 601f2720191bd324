import { act, screen } from '@testing-library/react';
import { renderWithKit } from '@storefront/remote-kit/testing';
import { fixtures } from 'shared-events/testing';
import { renderHeader, settle } from '../test-utils';
import { Header } from './Header';
import { STORE_WAIT_MS } from './AlertBanner';

const NS_ALERT = { descriptionText: "Store 3299 on Quinpool now opens at 7 a.m. Check your store's hours before you go.", ctaLabel: 'Find a store', ctaUrl: '/store-locator' };
const ON_ALERT = { descriptionText: 'Earn 2x Scene+ points on fresh produce at Ontario stores this week.', ctaLabel: 'View offers', ctaUrl: '/offers' };
const alertsByProvince = { 'POST /bannerAlert': (body: unknown) => {
  const p = (body as { province: string }).province;
  return { getAlert: p === 'NS' ? [NS_ALERT] : p === 'ON' ? [ON_ALERT] : [] };
} };
const provincesAsked = (fetchMock: jest.Mock) => fetchMock.mock.calls
  .filter(([url]) => String(url).endsWith('/bannerAlert'))
  .map(([, init]) => JSON.parse(String((init as RequestInit).body)).province);

beforeEach(() => { jest.useFakeTimers(); window.sessionStorage.clear(); });
afterEach(() => jest.useRealTimers());

describe('Alert banner (spec §2 Header, spec §4 Alert banner, spec §7 POST /api/bannerAlert)', () => {
  it("shows the alert of the selected store's province: descriptionText and the CTA link", async () => {
    const { emit, fetchMock } = renderHeader({ routes: alertsByProvince });
    emit('store/changed', { store: fixtures.store(), source: 'default' });
    await settle();
    const banner = screen.getByRole('region', { name: 'Alert' });
    expect(banner).toHaveTextContent(NS_ALERT.descriptionText);
    expect(screen.getByRole('link', { name: 'Find a store' })).toHaveAttribute('href', '/store-locator');
    expect(provincesAsked(fetchMock)).toEqual(['NS']);
    expect(screen.getAllByRole('region', { name: 'Alert' })).toHaveLength(1);
  });

  it(`asks for 'ON' when no store is selected after ${STORE_WAIT_MS} ms (spec §7 "defaults to ON")`, async () => {
    const { fetchMock } = renderHeader({ routes: alertsByProvince });
    await settle();
    expect(provincesAsked(fetchMock)).toEqual([]);
    act(() => { jest.advanceTimersByTime(STORE_WAIT_MS); });
    await settle();
    expect(provincesAsked(fetchMock)).toEqual(['ON']);
    expect(screen.getByRole('region', { name: 'Alert' })).toHaveTextContent(ON_ALERT.descriptionText);
  });

  it('refetches when the store moves to another province, and hides when that province has none', async () => {
    const { emit, fetchMock } = renderHeader({ routes: alertsByProvince });
    emit('store/changed', { store: fixtures.store(), source: 'default' });
    await settle();
    expect(screen.getByRole('region', { name: 'Alert' })).toBeInTheDocument();
    emit('store/changed', { store: fixtures.store({ address: { ...fixtures.store().address, province: 'PE' } }), source: 'user' });
    await settle();
    expect(provincesAsked(fetchMock)).toEqual(['NS', 'PE']);
    expect(screen.queryByRole('region', { name: 'Alert' })).not.toBeInTheDocument();
  });

  it("closing hides it, stores sessionStorage alertBannerClosed = 'true', and it stays closed on the next page", async () => {
    const { emit, user, unmount, kit } = renderHeader({ routes: alertsByProvince });
    emit('store/changed', { store: fixtures.store(), source: 'default' });
    await settle();
    await user.click(screen.getByRole('button', { name: 'Close alert' }));
    expect(screen.queryByRole('region', { name: 'Alert' })).not.toBeInTheDocument();
    expect(window.sessionStorage.getItem('alertBannerClosed')).toBe('true');
    expect(screen.getByRole('link', { name: 'Harbour Market home' })).toHaveFocus();
    unmount();

    // A new page in the same browser session: no fetch, no banner.
    const fetchMock = jest.fn();
    (globalThis as { fetch: unknown }).fetch = fetchMock.mockResolvedValue({ status: 200, json: async () => ({ status: 'success', code: 200, message: 'OK', data: { items: [] } }) });
    renderWithKit(<Header />, { kit, remoteProps: { navigate: undefined } });
    await settle();
    act(() => { jest.advanceTimersByTime(STORE_WAIT_MS); });
    await settle();
    expect(screen.queryByRole('region', { name: 'Alert' })).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/bannerAlert'))).toHaveLength(0);
  });

  it('shows nothing when the call fails (spec §8 other failures are ignored)', async () => {
    const { emit } = renderHeader({ routes: { 'POST /bannerAlert': { envelope: { status: 'error', code: 500, message: 'down' }, httpStatus: 500 } } });
    emit('store/changed', { store: fixtures.store(), source: 'default' });
    await settle();
    expect(screen.queryByRole('region', { name: 'Alert' })).not.toBeInTheDocument();
  });

  it('renders the alert text as text, and no CTA when it has no label or url', async () => {
    const { emit } = renderHeader({ routes: { 'POST /bannerAlert': { getAlert: [{ descriptionText: '<b>Heads up</b>', ctaLabel: null, ctaUrl: '/x' }] } } });
    emit('store/changed', { store: fixtures.store(), source: 'default' });
    await settle();
    const banner = screen.getByRole('region', { name: 'Alert' });
    expect(banner).toHaveTextContent('<b>Heads up</b>');
    expect(banner.querySelector('b')).toBeNull();
    expect(banner.querySelectorAll('a')).toHaveLength(0);
  });

  it('shows no CTA link when ctaUrl is not an http(s) URL or a site path (kit safe-url check)', async () => {
    const { emit } = renderHeader({ routes: { 'POST /bannerAlert': { getAlert: [{ descriptionText: 'Heads up', ctaLabel: 'Click me', ctaUrl: 'javascript:alert(1)' }] } } });
    emit('store/changed', { store: fixtures.store(), source: 'default' });
    await settle();
    const banner = screen.getByRole('region', { name: 'Alert' });
    expect(banner).toHaveTextContent('Heads up');
    expect(screen.queryByRole('link', { name: 'Click me' })).not.toBeInTheDocument();
  });

  it('follows a site CTA with RemoteProps.navigate (no reload)', async () => {
    const navigate = jest.fn();
    const { emit, user } = renderHeader({ navigate, routes: alertsByProvince });
    emit('store/changed', { store: fixtures.store(), source: 'default' });
    await settle();
    await user.click(screen.getByRole('link', { name: 'Find a store' }));
    expect(navigate).toHaveBeenCalledWith('/store-locator');
  });

  it('renders an absolute https CTA as a plain link, not through navigate', async () => {
    const navigate = jest.fn();
    const { emit, user } = renderHeader({ navigate, routes: { 'POST /bannerAlert': { getAlert: [{ descriptionText: 'Storm notice', ctaLabel: 'Details', ctaUrl: 'https://news.example.com/storm' }] } } });
    emit('store/changed', { store: fixtures.store(), source: 'default' });
    await settle();
    const link = screen.getByRole('link', { name: 'Details' });
    expect(link).toHaveAttribute('href', 'https://news.example.com/storm');
    link.addEventListener('click', (e) => e.preventDefault());
    await user.click(link);
    expect(navigate).not.toHaveBeenCalled();
  });

  it("is placed as the last child of the enclosing <header> (the shell's banner), outside the header band's flow", async () => {
    const header = document.createElement('header');
    const inner = document.createElement('div');
    header.appendChild(inner);
    document.body.appendChild(header);
    const kit = (await import('shared-events/testing')).createTestBus();
    const { mockBff } = await import('../test-utils');
    mockBff({ 'GET /content/menu': { items: [] }, ...alertsByProvince });
    renderWithKit(<Header />, { kit, container: inner, remoteProps: { navigate: undefined } });
    act(() => kit.bus.emit('store/changed', { store: fixtures.store(), source: 'default' }));
    await settle();
    // After the band in reading and Tab order; header.css places the host over the page under the
    // band (position: absolute; top: 100%), so its arrival moves nothing (no layout shift).
    expect(header.lastElementChild).toHaveClass('mfh-alert-host');
    expect(header.firstElementChild).toBe(inner);
    expect(header.lastElementChild).toContainElement(screen.getByRole('region', { name: 'Alert' }));
    expect(inner).not.toContainElement(screen.getByRole('region', { name: 'Alert' }));
    header.remove();
  });
});
