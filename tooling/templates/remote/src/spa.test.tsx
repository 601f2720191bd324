import { describeRemoteLifecycles } from '@storefront/remote-kit/testing';

/** A fetch answer with a JSON body (jsdom has no `Response`). */
const answer = (body: unknown) => Promise.resolve({ ok: true, status: 200, json: async () => body } as Response);

// The kit's single-spa harness: mounts into its slot, unmounts cleanly, remounts, shows the fallback.
describeRemoteLifecycles("'./spa'", () => import('./spa'), {
  remote: '__PACKAGE__',
  label: '__TITLE__',
  slotId: 'slot-page',
  url: '__ROUTE__',
  setup: () => {
    const realFetch = globalThis.fetch;
    globalThis.fetch = jest.fn(() => answer({ ok: true }));
    return () => { globalThis.fetch = realFetch; };
  },
  expectMounted: async ({ view }) => { await view.findByRole('heading', { level: 1, name: '__TITLE__' }); },
  expectFallback: ({ view }) => { view.getByRole('alert'); },
});
