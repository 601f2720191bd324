import { act, screen, within } from '@testing-library/react';
import { createTestBus } from 'shared-events/testing';
import { renderHeader } from '../test-utils';
import { toastStack } from './Toasts';

// The toasts' chunk is here before these tests, as it is once a page has shown its first toast
// (loading it on demand: onDemand.test.tsx).
beforeAll(() => toastStack.preload());
beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

const advance = (ms: number) => act(() => { jest.advanceTimersByTime(ms); });
const region = () => screen.getByRole('status', { name: 'Notifications' });

describe('Header toasts (spec §2 Header, spec §8 header toasts auto-close after 7000 ms)', () => {
  it('has an empty polite live region before any toast', () => {
    renderHeader();
    expect(region()).toHaveAttribute('aria-live', 'polite');
    expect(region()).toBeEmptyDOMElement();
  });

  it('shows a toast/show message in the live region', () => {
    const { emit } = renderHeader();
    emit('toast/show', { message: 'Your store has been updated.', kind: 'success' });
    expect(within(region()).getByText('Your store has been updated.')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows a toast raised in the last 7 s before the header mounted (a remote that loaded first)', () => {
    const kit = createTestBus();
    kit.bus.emit('toast/show', { message: 'Stale news', kind: 'info' });
    jest.advanceTimersByTime(7001);
    kit.bus.emit('toast/show', { message: 'Could not load a default store. Please try again.', kind: 'error' });
    renderHeader({ kit });
    expect(screen.getByRole('alert')).toHaveTextContent('Could not load a default store. Please try again.');
    expect(screen.queryByText('Stale news')).not.toBeInTheDocument();
  });

  it('shows an error toast as an alert', () => {
    const { emit } = renderHeader();
    emit('toast/show', { message: 'Failed to fetch store data', kind: 'error' });
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to fetch store data');
  });

  it.each([
    ['by default at 7000 ms', { message: 'Saved', kind: 'info' }, 7000],
    ['at autoCloseMs from the event (3000 ms list toast)', { message: 'Added to list', kind: 'success', autoCloseMs: 3000 }, 3000],
  ] as const)('closes by itself %s, not 1 ms earlier', (_when, payload, closesAtMs) => {
    const { emit } = renderHeader();
    emit('toast/show', payload);
    advance(closesAtMs - 1);
    expect(screen.getByText(payload.message)).toBeInTheDocument();
    advance(1);
    expect(screen.queryByText(payload.message)).not.toBeInTheDocument();
  });

  it('stacks toasts oldest first, each with its own timer', () => {
    const { emit } = renderHeader();
    emit('toast/show', { message: 'First', kind: 'info' });
    advance(3000);
    emit('toast/show', { message: 'Second', kind: 'error' });
    expect(screen.getAllByTestId('header-toast').map((t) => within(t).getByRole('paragraph').textContent)).toEqual(['First', 'Second']);
    advance(4000);
    expect(screen.queryByText('First')).not.toBeInTheDocument();
    expect(screen.getByText('Second')).toBeInTheDocument();
    advance(3000);
    expect(screen.queryByText('Second')).not.toBeInTheDocument();
  });

  it('replaces a toast shown again with the same id and restarts its timer', () => {
    const { emit } = renderHeader();
    emit('toast/show', { id: 'store', message: 'Store updated', kind: 'success' });
    advance(5000);
    emit('toast/show', { id: 'store', message: 'Store updated again', kind: 'success' });
    expect(screen.getAllByTestId('header-toast')).toHaveLength(1);
    advance(6999);
    expect(screen.getByText('Store updated again')).toBeInTheDocument();
    advance(1);
    expect(screen.queryByTestId('header-toast')).not.toBeInTheDocument();
  });

  it('closes with its close button, leaving the others', async () => {
    const { emit, user } = renderHeader();
    emit('toast/show', { message: 'One', kind: 'info' });
    emit('toast/show', { message: 'Two', kind: 'info' });
    const [first] = screen.getAllByTestId('header-toast');
    await user.click(within(first).getByRole('button', { name: 'Close notification' }));
    expect(screen.queryByText('One')).not.toBeInTheDocument();
    expect(screen.getByText('Two')).toBeInTheDocument();
  });

  it('pauses the countdown while hovered and resumes with the time left', async () => {
    const { emit, user } = renderHeader();
    emit('toast/show', { message: 'Hover me', kind: 'info' });
    advance(5000);
    await user.hover(screen.getByText('Hover me'));
    advance(10000);
    expect(screen.getByText('Hover me')).toBeInTheDocument();
    await user.unhover(screen.getByText('Hover me'));
    advance(1999);
    expect(screen.getByText('Hover me')).toBeInTheDocument();
    advance(1);
    expect(screen.queryByText('Hover me')).not.toBeInTheDocument();
  });

  it('renders shopper-facing text as text, never as markup', () => {
    const { emit } = renderHeader();
    emit('toast/show', { message: '<b>bold</b>', kind: 'info' });
    expect(screen.getByText('<b>bold</b>')).toBeInTheDocument();
  });
});
