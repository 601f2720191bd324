import { screen, within } from '@testing-library/react';
import { renderWithKit } from '@storefront/remote-kit/testing';
import userEvent from '@testing-library/user-event';
import { createTestBus } from 'shared-events/testing';
import { mockBff, mockCompactViewport, realContent, settle } from '../test-utils';
import { Footer } from './Footer';
import { buildFooter } from '../state/footerContent';

const CONTENT = {
  groups: [
    { heading: 'Shop', links: [{ label: 'Weekly Flyer', link: '/flyer' }, { label: 'Recipes', link: '/recipes' }] },
    { heading: 'Customer Service', links: [{ label: 'Contact Us', link: '/customer-service/contact-us' }, { label: 'Scene+ Support: 1-866-586-2805', link: 'tel:+18665862805' }] },
    { heading: 'Scene+', links: [{ title: 'Register a Scene+ Card', link: '/register', target: '_blank' }] },
  ],
  legal: '© 2026 Harbour Market.',
};

function renderFooter(navigate?: (url: string) => void) {
  const kit = createTestBus();
  const fetchMock = mockBff({ 'GET /content/footer': CONTENT }, { defer: true });
  const user = userEvent.setup();
  renderWithKit(<Footer />, { remote: 'mf-header', kit, remoteProps: { navigate } });
  return { kit, user, fetchMock };
}

describe('buildFooter (spec §2 Footer: "A Customer Service group plus other groups each with a heading and a vertical list of links")', () => {
  it('puts Customer Service first and keeps the others in content order', () => {
    expect(buildFooter(CONTENT).groups.map((g) => g.heading)).toEqual(['Customer Service', 'Shop', 'Scene+']);
  });

  it("reads label or title, keeps target '_blank', marks external links", () => {
    const model = buildFooter(CONTENT);
    expect(model.groups[2].links[0]).toEqual({ label: 'Register a Scene+ Card', link: '/register', target: '_blank', external: false });
    expect(model.groups[0].links[1].external).toBe(true);
    expect(model.legal).toBe('© 2026 Harbour Market.');
  });

  it('drops links without text or link, and empty groups; tolerates junk', () => {
    expect(buildFooter({ groups: [{ heading: 'A', links: [{ label: '', link: '/x' }, { label: 'x' }] }, { links: [{ label: 'y', link: '/y' }] }] }).groups).toEqual([]);
    expect(buildFooter(null)).toEqual({ groups: [], legal: null });
  });

  it('the committed footer content has Customer Service first, then other groups', () => {
    const model = buildFooter(realContent('footer'));
    expect(model.groups[0].heading).toBe('Customer Service');
    expect(model.groups.length).toBeGreaterThanOrEqual(3);
    expect(model.groups[0].links.map((l) => l.label)).toEqual(expect.arrayContaining(['Contact Us', 'Help & FAQs', 'Live Chat']));
  });
});

describe('Footer columns from 1024px (spec §2 Footer)', () => {
  it('loads GET /api/content/footer and shows every group as a heading with its list visible', async () => {
    const { fetchMock } = renderFooter();
    await settle();
    expect(fetchMock).toHaveBeenCalledWith('/api/content/footer', expect.objectContaining({ method: 'GET' }));
    const nav = screen.getByRole('navigation', { name: 'Footer' });
    expect(within(nav).getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['Customer Service', 'Shop', 'Scene+']);
    expect(within(nav).queryAllByRole('button')).toHaveLength(0);
    expect(within(nav).getByRole('link', { name: 'Contact Us' })).toBeVisible();
    expect(within(nav).getByRole('link', { name: 'Register a Scene+ Card (opens in a new tab)' })).toHaveAttribute('target', '_blank');
    expect(screen.getByText('© 2026 Harbour Market.')).toBeInTheDocument();
  });

  it('publishes nav_footer { label, link } and navigates site links without reload (spec §7)', async () => {
    const navigate = jest.fn();
    const { user, kit } = renderFooter(navigate);
    await settle();
    await user.click(screen.getByRole('link', { name: 'Weekly Flyer' }));
    expect(kit.published('analytics/track').map((e) => e.payload)).toEqual([{ event: 'nav_footer', params: { label: 'Weekly Flyer', link: '/flyer' } }]);
    expect(navigate).toHaveBeenCalledWith('/flyer');
  });

  it('follows tel: links with the browser, not navigate', async () => {
    const navigate = jest.fn();
    const { user } = renderFooter(navigate);
    await settle();
    const tel = screen.getByRole('link', { name: 'Scene+ Support: 1-866-586-2805' });
    tel.addEventListener('click', (e) => e.preventDefault());
    await user.click(tel);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('shows only the support line when the content cannot be loaded', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
    mockBff({}, { defer: true });
    renderWithKit(<Footer />, { remote: 'mf-header', remoteProps: { navigate: undefined } });
    await settle();
    expect(screen.queryByRole('navigation', { name: 'Footer' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: '1-866-586-2805' })).toHaveAttribute('href', 'tel:+18665862805');
    warn.mockRestore();
  });
});

describe('Footer accordion up to 1023px (WAI-ARIA accordion)', () => {
  let restore: () => void;
  beforeEach(() => { restore = mockCompactViewport(true); });
  afterEach(() => restore());

  it('shows each heading as a collapsed accordion button controlling a labelled region', async () => {
    renderFooter();
    await settle();
    const nav = screen.getByRole('navigation', { name: 'Footer' });
    const buttons = within(nav).getAllByRole('button');
    expect(buttons.map((b) => b.textContent)).toEqual(['Customer Service', 'Shop', 'Scene+']);
    for (const b of buttons) {
      expect(b).toHaveAttribute('aria-expanded', 'false');
      expect(b.parentElement!.tagName).toBe('H2');
      const panel = document.getElementById(b.getAttribute('aria-controls')!)!;
      expect(panel).toHaveAttribute('role', 'region');
      expect(panel).toHaveAttribute('aria-labelledby', b.id);
      expect(panel).not.toBeVisible();
    }
  });

  it('expands and collapses a group with click or Enter/Space; several may be open', async () => {
    const { user } = renderFooter();
    await settle();
    const cs = screen.getByRole('button', { name: 'Customer Service' });
    await user.click(cs);
    expect(cs).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('region', { name: 'Customer Service' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Contact Us' })).toBeVisible();
    screen.getByRole('button', { name: 'Shop' }).focus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('region', { name: 'Shop' })).toBeVisible();
    expect(cs).toHaveAttribute('aria-expanded', 'true');
    cs.focus();
    await user.keyboard(' ');
    expect(cs).toHaveAttribute('aria-expanded', 'false');
  });
});
