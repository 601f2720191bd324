import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LoadError } from './LoadError';

describe('LoadError', () => {
  it("alerts the message and retries on 'Try again'", async () => {
    const retry = jest.fn();
    render(<LoadError message="Something went wrong. Please try later." onRetry={retry} buttonClassName="mfo-btn" />);
    expect(screen.getByRole('alert')).toHaveTextContent('Something went wrong. Please try later.');
    const button = screen.getByRole('button', { name: 'Try again' });
    expect(button).toHaveClass('mfo-btn');
    await userEvent.setup().click(button);
    expect(retry).toHaveBeenCalledTimes(1);
  });

  it('shows no button without onRetry, and extra content after it', () => {
    render(<LoadError message="Weekly flyer is not available right now."><a href="/">Go to the home page</a></LoadError>);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
  });
});
