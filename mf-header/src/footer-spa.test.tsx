import { describeRemoteLifecycles } from '@storefront/remote-kit/testing';
import { DEFAULT_RUNTIME_CONFIG, type RuntimeConfig } from 'shared-events';
import { mockBff, settle } from './test-utils';

const CONTENT = {
  groups: [{ heading: 'Customer Service', links: [{ label: 'Contact Us', link: '/customer-service/contact-us' }] }],
  legal: '© 2026 Harbour Market.',
};

describeRemoteLifecycles("single-spa lifecycles exposed as './footer'", () => import('./footer-spa'), {
  remote: 'mf-header',
  label: 'footer',
  slotId: 'slot-mf-footer',
  setup: () => {
    mockBff({ 'GET /content/footer': CONTENT }, { defer: true });
  },
  expectMounted: async ({ view }) => {
    await settle();
    expect(view.getByRole('heading', { name: 'Customer Service' })).toBeInTheDocument();
  },
  // A config that throws: only the kit's hidden marker stays in the slot (nothing visible).
  brokenProps: { config: { ...DEFAULT_RUNTIME_CONFIG, get apiBase(): string { throw new Error('no config'); } } as RuntimeConfig },
  expectFallback: ({ slot }) => {
    expect(slot.querySelector('[data-remote-error="mf-header"][data-remote-app="footer"]')).not.toBeVisible();
    expect(slot).toHaveTextContent('');
  },
});
