/**
 * The tour as a shopper meets it (spec §4 Guided tours, §9): no tour without consent group C0002; with
 * it, the welcome tour starts 1.5 s after the page loads, in a dialog with focus inside; Start / Next /
 * Back / Close, then `completed_tours` holds it, `tourStartByGuidePage` is gone, focus goes back, and it
 * does not start again.
 */
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithKit } from '@storefront/remote-kit/testing';
import { DEFAULT_RUNTIME_CONFIG } from 'shared-events';
import { createTestBus } from 'shared-events/testing';
import fs from 'node:fs';
import path from 'node:path';
import { App } from './App';
import { resetGuideContentCache } from '../api/guides';

const seed = JSON.parse(fs.readFileSync(path.join(__dirname, '../../../services/seed/data/content/guides.json'), 'utf8'));

function page() {
  document.body.innerHTML = `
    <main id="main-content" tabindex="-1">
      <h1 id="shell-home-heading">Welcome to Harbour Market</h1>
      <div id="slot-mf-search"><input aria-label="Search"></div>
      <div id="slot-mf-store-selector">Store</div>
      <nav aria-label="Primary">Nav</nav>
      <div id="slot-mf-shopping-list">List</div>
      <h2 id="shell-home-flyer">This week's flyer</h2>
      <button id="before">Somewhere</button>
    </main>`;
}

let fetchMock: jest.Mock;
const realFetch = global.fetch;
const realRect = Element.prototype.getBoundingClientRect;

beforeEach(() => {
  localStorage.clear();
  resetGuideContentCache();
  window.history.replaceState(null, '', '/');
  page();
  // jsdom lays nothing out: give every element a size so targets count as visible
  Element.prototype.getBoundingClientRect = () => ({ x: 10, y: 10, width: 200, height: 40, top: 10, left: 10, right: 210, bottom: 50, toJSON: () => ({}) }) as DOMRect;
  fetchMock = jest.fn(async () => ({ ok: true, status: 200, json: async () => ({ data: seed }) }) as Response);
  global.fetch = fetchMock as unknown as typeof fetch;
  jest.useFakeTimers();
});
afterEach(() => {
  jest.useRealTimers();
  global.fetch = realFetch;
  Element.prototype.getBoundingClientRect = realRect;
});

function renderApp() {
  const kit = createTestBus();
  const container = document.createElement('div');
  document.body.appendChild(container);
  renderWithKit(<App bus={kit.bus} config={DEFAULT_RUNTIME_CONFIG} />, { remote: 'mf-tours', kit, container });
  return kit;
}

it('no tour without consent group C0002 (performance), nor with only C0001/C0004', async () => {
  const kit = renderApp();
  act(() => kit.bus.emit('consent/changed', { groups: ['C0001', 'C0004'] }));
  await act(async () => { await jest.advanceTimersByTimeAsync(5000); });
  expect(screen.queryByRole('alertdialog')).toBeNull();
  expect(fetchMock).not.toHaveBeenCalled();
});

it('with C0002: starts 1.5 s later, can be stepped through and completed, then never starts again', async () => {
  localStorage.setItem('tourStartByGuidePage', 'welcome');
  (document.getElementById('before') as HTMLElement).focus();
  const kit = renderApp();
  act(() => kit.bus.emit('consent/changed', { groups: ['C0001', 'C0002'] }));
  await act(async () => { await jest.advanceTimersByTimeAsync(1400); });
  expect(screen.queryByRole('alertdialog')).toBeNull();
  await act(async () => { await jest.advanceTimersByTimeAsync(200); });
  // let the tooltip render and take focus (the library positions it, then focus follows)
  for (let i = 0; i < 10; i++) await act(async () => { await jest.advanceTimersByTimeAsync(100); });
  jest.useRealTimers();
  const dialog = await screen.findByRole('alertdialog', {}, { timeout: 3000 });
  expect(dialog).toHaveTextContent('Welcome to Harbour Market');
  await waitFor(() => expect(screen.getByRole('alertdialog').contains(document.activeElement)).toBe(true));
  fireEvent.click(screen.getByRole('button', { name: 'Start the tour' }));
  await waitFor(() => expect(screen.getByRole('alertdialog')).toHaveTextContent('Search products and recipes'));
  fireEvent.click(screen.getByRole('button', { name: 'Back' }));
  await waitFor(() => expect(screen.getByRole('alertdialog')).toHaveTextContent('Welcome to Harbour Market'));
  for (let i = 0; i < 5; i++) {
    fireEvent.click(screen.getByRole('button', { name: i === 0 ? 'Start the tour' : 'Next' }));
    await waitFor(() => expect(screen.getByRole('alertdialog')).toHaveAttribute('data-joyride-step', String(i + 1)));
  }
  expect(screen.getByRole('alertdialog')).toHaveTextContent("This week's flyer");
  expect(screen.queryByRole('button', { name: 'Skip tour' })).toBeNull();
  fireEvent.click(screen.getAllByRole('button', { name: 'Close' }).at(-1)!);
  await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  expect(JSON.parse(localStorage.getItem('completed_tours')!)).toEqual(['welcome']);
  expect(localStorage.getItem('tourStartByGuidePage')).toBeNull();
  expect(document.activeElement).toBe(document.getElementById('before'));
});

it('a completed tour does not start again', async () => {
  localStorage.setItem('completed_tours', '["welcome"]');
  const kit = renderApp();
  act(() => kit.bus.emit('consent/changed', { groups: ['C0001', 'C0002'] }));
  await act(async () => { await jest.advanceTimersByTimeAsync(5000); });
  expect(screen.queryByRole('alertdialog')).toBeNull();
});

it('Skip ends the tour and records it; Escape does too', async () => {
  const kit = renderApp();
  act(() => kit.bus.emit('consent/changed', { groups: ['C0001', 'C0002'] }));
  await act(async () => { await jest.advanceTimersByTimeAsync(1600); });
  jest.useRealTimers();
  await screen.findByRole('alertdialog', {}, { timeout: 3000 });
  fireEvent.keyDown(document, { key: 'Escape' });
  await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  expect(JSON.parse(localStorage.getItem('completed_tours')!)).toEqual(['welcome']);
});
