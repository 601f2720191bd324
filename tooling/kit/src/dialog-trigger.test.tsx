import { fireEvent, render, screen } from '@testing-library/react';
import { DialogTrigger } from './dialog-trigger';

describe('DialogTrigger', () => {
  it('is a button that says it opens a dialog and whether it is open', () => {
    const { rerender } = render(<DialogTrigger open={false} onClick={() => undefined}>List</DialogTrigger>);
    const button = screen.getByRole('button', { name: 'List' });
    expect(button.getAttribute('type')).toBe('button');
    expect(button.getAttribute('aria-haspopup')).toBe('dialog');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    rerender(<DialogTrigger open onClick={() => undefined}>List</DialogTrigger>);
    expect(button.getAttribute('aria-expanded')).toBe('true');
  });

  it('preloads on pointer over, pointer down and focus; the click is the caller\'s', () => {
    const onPreload = jest.fn();
    const onClick = jest.fn();
    render(<DialogTrigger open={false} onPreload={onPreload} onClick={onClick}>Store</DialogTrigger>);
    const button = screen.getByRole('button', { name: 'Store' });
    fireEvent.pointerEnter(button);
    fireEvent.pointerDown(button);
    fireEvent.focus(button);
    expect(onPreload).toHaveBeenCalledTimes(3);
    fireEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
  });
});
