import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { useDebouncedCallback, useDebouncedValue } from './debounce';

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('useDebouncedValue (ms)', () => {
  function Field({ delayMs }: { delayMs: number }) {
    const [text, setText] = useState('');
    const settled = useDebouncedValue(text, delayMs);
    return (
      <>
        <input aria-label="Search" value={text} onChange={(e) => setText(e.target.value)} />
        <output>{settled || '(empty)'}</output>
      </>
    );
  }

  it('follows the value only after it stayed the same for delayMs (700 ms store search)', () => {
    render(<Field delayMs={700} />);
    const input = screen.getByRole('textbox', { name: 'Search' });
    const type = (v: string) => fireEvent.change(input, { target: { value: v } });
    type('ha');
    act(() => { jest.advanceTimersByTime(500); });
    type('hal');
    act(() => { jest.advanceTimersByTime(699); });
    expect(screen.getByRole('status')).toHaveTextContent('(empty)');
    act(() => { jest.advanceTimersByTime(1); });
    expect(screen.getByRole('status')).toHaveTextContent('hal');
  });

  it('returns the first value at once', () => {
    function Once() {
      return <p>{useDebouncedValue('milk', 1000)}</p>;
    }
    render(<Once />);
    expect(screen.getByText('milk')).toBeInTheDocument();
  });
});

describe('useDebouncedCallback (ms)', () => {
  it('calls the latest callback once, delayMs after the last call, with the last arguments; cancel drops it', () => {
    const calls: string[] = [];
    let debounced!: ReturnType<typeof useDebouncedCallback<(q: string) => void>>;
    function Probe() {
      debounced = useDebouncedCallback((q: string) => { calls.push(q); }, 1000);
      return null;
    }
    render(<Probe />);
    act(() => { debounced('m'); debounced('mi'); debounced('milk'); });
    act(() => { jest.advanceTimersByTime(999); });
    expect(calls).toEqual([]);
    expect(debounced.isPending()).toBe(true);
    act(() => { jest.advanceTimersByTime(1); });
    expect(calls).toEqual(['milk']);

    act(() => { debounced('eggs'); });
    act(() => { debounced.cancel(); jest.advanceTimersByTime(2000); });
    expect(calls).toEqual(['milk']);

    act(() => { debounced('bread'); debounced.flush(); });
    expect(calls).toEqual(['milk', 'bread']);
  });

  it('drops a pending call on unmount', () => {
    const fn = jest.fn();
    let debounced!: (v: number) => void;
    function Probe() {
      debounced = useDebouncedCallback(fn, 300);
      return null;
    }
    const { unmount } = render(<Probe />);
    act(() => debounced(1));
    unmount();
    jest.advanceTimersByTime(1000);
    expect(fn).not.toHaveBeenCalled();
  });
});
