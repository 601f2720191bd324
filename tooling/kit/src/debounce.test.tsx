import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { useDebouncedValue } from './debounce';

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

  it('drops a change still waiting when the component unmounts', () => {
    const seen: string[] = [];
    function Probe({ text }: { text: string }) {
      seen.push(useDebouncedValue(text, 300));
      return null;
    }
    const { rerender, unmount } = render(<Probe text="m" />);
    rerender(<Probe text="milk" />);
    unmount();
    expect(jest.getTimerCount()).toBe(0);
    expect(seen.at(-1)).toBe('m');
  });

  it('returns the first value at once', () => {
    function Once() {
      return <p>{useDebouncedValue('milk', 1000)}</p>;
    }
    render(<Once />);
    expect(screen.getByText('milk')).toBeInTheDocument();
  });
});
