import { act, render, screen } from '@testing-library/react';
import { LoadBanner, type LoadOutcome } from './LoadBanner';
import { LOADED_BANNER_MS } from '../state/messages';

describe('loaded-offers banner (spec §4, §9: closes after 900000 ms)', () => {
  afterEach(() => jest.useRealTimers());

  it('closes itself after 900000 ms', () => {
    jest.useFakeTimers();
    expect(LOADED_BANNER_MS).toBe(900000);
    const onDismiss = jest.fn();
    const outcome: LoadOutcome = { key: 1, loaded: 3, failed: [] };
    render(<LoadBanner outcome={outcome} onDismiss={onDismiss} />);
    expect(screen.getByRole('status')).toHaveTextContent('3 offers loaded to your card');
    act(() => { jest.advanceTimersByTime(899_999); });
    expect(onDismiss).not.toHaveBeenCalled();
    act(() => { jest.advanceTimersByTime(1); });
    expect(onDismiss).toHaveBeenCalledTimes(1);
  });

  it('a new outcome restarts the timer; none renders only the empty live regions', () => {
    jest.useFakeTimers();
    const onDismiss = jest.fn();
    const { rerender } = render(<LoadBanner outcome={{ key: 1, loaded: 1, failed: [] }} onDismiss={onDismiss} />);
    act(() => { jest.advanceTimersByTime(600_000); });
    rerender(<LoadBanner outcome={{ key: 2, loaded: 2, failed: [] }} onDismiss={onDismiss} />);
    act(() => { jest.advanceTimersByTime(600_000); });
    expect(onDismiss).not.toHaveBeenCalled();
    act(() => { jest.advanceTimersByTime(300_000); });
    expect(onDismiss).toHaveBeenCalledTimes(1);
    rerender(<LoadBanner outcome={null} onDismiss={onDismiss} />);
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    expect(screen.getByRole('alert')).toBeEmptyDOMElement();
    expect(screen.queryByRole('button', { name: 'Dismiss' })).toBeNull();
  });

  it('lists the offers that did not load; shows no success line when none loaded', () => {
    render(<LoadBanner outcome={{ key: 1, loaded: 0, failed: [{ id: 'a', text: 'Save $1.00 on Bran Flakes', reason: 'the offer has expired' }] }} onDismiss={jest.fn()} />);
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    expect(screen.getByRole('alert')).toHaveTextContent('1 offer could not be loaded:Save $1.00 on Bran Flakes — the offer has expired');
  });
});
