import { act, render, screen } from '@testing-library/react';
import { useWaitOver } from './wait';

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('useWaitOver (ms)', () => {
  function Waiter({ waiting }: { waiting: boolean }) {
    return <p>{useWaitOver(waiting, 5000) ? 'over' : 'waiting'}</p>;
  }

  it('turns true once waiting lasted delayMs in one go, and stays true', () => {
    const { rerender } = render(<Waiter waiting />);
    act(() => { jest.advanceTimersByTime(4999); });
    expect(screen.getByText('waiting')).toBeInTheDocument();
    act(() => { jest.advanceTimersByTime(1); });
    expect(screen.getByText('over')).toBeInTheDocument();
    rerender(<Waiter waiting={false} />);
    expect(screen.getByText('over')).toBeInTheDocument();
  });

  it('never turns true when the wait ends first, and starts again from zero', () => {
    const { rerender } = render(<Waiter waiting />);
    act(() => { jest.advanceTimersByTime(3000); });
    rerender(<Waiter waiting={false} />);
    act(() => { jest.advanceTimersByTime(10_000); });
    expect(screen.getByText('waiting')).toBeInTheDocument();
    rerender(<Waiter waiting />);
    act(() => { jest.advanceTimersByTime(4000); });
    expect(screen.getByText('waiting')).toBeInTheDocument();
  });
});
