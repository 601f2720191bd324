import { act, screen } from '@testing-library/react';
import { renderWithKit } from '@storefront/remote-kit/testing';
import { DEFAULT_RUNTIME_CONFIG } from 'shared-events';
import { createTestBus, fixtures } from 'shared-events/testing';
import { App } from './App';

/** A fetch answer with a JSON body (jsdom has no `Response`). */
const answer = (body: unknown, status = 200) =>
  Promise.resolve({ ok: status >= 200 && status < 300, status, json: async () => body } as Response);

describe('__PACKAGE__ App', () => {
  const realFetch = globalThis.fetch;
  afterEach(() => { globalThis.fetch = realFetch; });

  it('shows the preferred store from the bus and the platform status', async () => {
    globalThis.fetch = jest.fn(() => answer({ ok: true }));
    const kit = createTestBus();
    renderWithKit(<App bus={kit.bus} config={DEFAULT_RUNTIME_CONFIG} />, { remote: '__PACKAGE__', kit });
    expect(screen.getByText('Your store: no store chosen yet')).toBeInTheDocument();
    act(() => kit.bus.emit('store/changed', { store: fixtures.store({ storeNumber: '3299', locationName: 'Halifax' }), source: 'user' }));
    expect(screen.getByText('Your store: Halifax (3299)')).toBeInTheDocument();
    expect(await screen.findByText('Platform: ok')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: '__TITLE__' })).toBeInTheDocument();
  });

  it('says so when the platform does not answer', async () => {
    globalThis.fetch = jest.fn(() => answer({}, 503));
    const kit = createTestBus();
    renderWithKit(<App bus={kit.bus} config={DEFAULT_RUNTIME_CONFIG} />, { remote: '__PACKAGE__', kit });
    expect(await screen.findByRole('alert')).toHaveTextContent('The platform did not answer.');
  });
});
