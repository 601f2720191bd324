import { act, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createTestBus, type TestBus } from 'shared-events/testing';
import { Header } from './components/Header';

/** Renders the header on a fresh test bus with fake timers and a user-event instance wired to them. */
export function renderHeader(options: { navigate?: (url: string) => void; kit?: TestBus } = {}) {
  const kit = options.kit ?? createTestBus();
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  const view = render(<Header bus={kit.bus} navigate={options.navigate} />);
  /** Publish on the bus inside act (subscribers set React state). */
  const emit: typeof kit.bus.emit = (type, payload) => act(() => kit.bus.emit(type, payload));
  return { kit, user, emit, ...view };
}

/** Makes `window.matchMedia(query).matches` true for max-width queries (the compact header). */
export function mockCompactViewport(compact: boolean) {
  const original = window.matchMedia;
  window.matchMedia = ((query: string) => ({
    matches: compact && query.includes('max-width'),
    media: query,
    onchange: null,
    addListener() {}, removeListener() {}, addEventListener() {}, removeEventListener() {},
    dispatchEvent: () => false,
  })) as typeof window.matchMedia;
  return () => { window.matchMedia = original; };
}
