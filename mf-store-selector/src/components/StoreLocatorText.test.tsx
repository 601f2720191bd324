/**
 * Spec §7 Content queries "store-locator text": the /store-locator intro is managed content
 * (`GET /api/content/store-locator`), with the built-in text (the edge's first view) while it loads
 * and when it cannot be read.
 */
import fs from 'node:fs';
import path from 'node:path';
import { screen, waitFor } from '@testing-library/react';
import { renderWithKit } from '@storefront/remote-kit/testing';
import { createTestBus, fixtures, type TestBus } from 'shared-events/testing';
import { StorePagesApp } from './StorePagesApp';
import { fakeApi, startOnMonday } from '../test-utils';
import { parseLocatorText } from '../api/locatorText';
import firstViews from '../first-view.json';

const BUILT_IN = firstViews['/store-locator'];
const SEED = JSON.parse(fs.readFileSync(path.resolve(__dirname, '../../../services/seed/data/content/store-locator.json'), 'utf8'));
const MANAGED = { heading: 'Find your Harbour Market', lead: 'Every store near you, with its hours, nearest first.' };

let kit: TestBus;
let answer: (envelope: unknown, status?: number) => void;
let fetchMock: jest.Mock;

beforeEach(() => {
  startOnMonday();
  kit = createTestBus();
  kit.bus.emit('store/changed', { store: fixtures.store(), source: 'default' });
  fetchMock = jest.fn((url: string) => new Promise((resolve) => {
    expect(url).toBe('/api/content/store-locator');
    answer = (envelope, status = 200) => resolve({ status, json: async () => envelope } as Response);
  }));
  global.fetch = fetchMock as unknown as typeof fetch;
  window.history.pushState(null, '', '/store-locator');
});

afterEach(() => {
  jest.useRealTimers();
  window.history.pushState(null, '', '/');
  delete (global as { fetch?: unknown }).fetch;
});

const render = () => renderWithKit(<StorePagesApp bus={kit.bus} api={fakeApi([], null)} saveAccountStore={jest.fn()} />, { kit });
const page = () => document.querySelector('[data-locator-text]');

describe("the store locator's text is managed content", () => {
  it('shows the built-in text while the content loads, then the managed heading and lead', async () => {
    render();
    await waitFor(() => expect(page()).toHaveAttribute('data-locator-text', 'loading'));
    expect(screen.getByRole('heading', { level: 1, name: BUILT_IN.heading })).toBeInTheDocument();
    expect(screen.getByText(BUILT_IN.lead)).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith('/api/content/store-locator', expect.objectContaining({ method: 'GET' }));

    answer({ status: 'success', code: 200, message: 'OK', data: MANAGED });
    expect(await screen.findByRole('heading', { level: 1, name: MANAGED.heading })).toBeInTheDocument();
    expect(screen.getByText(MANAGED.lead)).toBeInTheDocument();
    expect(page()).toHaveAttribute('data-locator-text', 'ready');
  });

  it('keeps the built-in text when the content cannot be read (spec §8: silently ignored); the page still works', async () => {
    render();
    await waitFor(() => expect(page()).toHaveAttribute('data-locator-text', 'loading'));
    answer({ status: 'error', code: 'CONTENT_NOT_FOUND', message: "Content 'store-locator' is not available", data: null }, 404);
    await waitFor(() => expect(page()).toHaveAttribute('data-locator-text', 'error'));
    expect(screen.getByRole('heading', { level: 1, name: BUILT_IN.heading })).toBeInTheDocument();
    expect(screen.getByText(BUILT_IN.lead)).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search by city or postal code' })).toBeInTheDocument();
  });

  it('refuses a document without a heading or lead (the built-in text stays)', () => {
    expect(() => parseLocatorText({ heading: 'x' })).toThrow(/lead/);
    expect(() => parseLocatorText({ heading: '', lead: 'y' })).toThrow(/heading/);
    expect(() => parseLocatorText(null)).toThrow();
  });

  it("the seed's content is the first view's text, so the page the edge served does not change when it arrives", () => {
    expect(parseLocatorText(SEED)).toEqual(BUILT_IN);
  });
});
