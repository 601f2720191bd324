import { render, screen } from '@testing-library/react';
import { Skeleton } from './Skeleton';

describe('Skeleton', () => {
  it('is a busy polite status named by its label, with grey lines hidden from screen readers', () => {
    const { container } = render(<Skeleton label="Loading your list…" count={4} />);
    const status = screen.getByRole('status');
    expect(status).toHaveAttribute('aria-busy', 'true');
    expect(status).toHaveAttribute('aria-live', 'polite');
    expect(status).toHaveTextContent('Loading your list…');
    expect(container.querySelectorAll('.kit-skeleton__line[aria-hidden="true"]')).toHaveLength(4);
  });

  it("draws card tiles for 'cards' and says 'Loading…' by default", () => {
    const { container } = render(<Skeleton variant="cards" className="mfs-grid" />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    expect(screen.getByRole('status')).toHaveClass('kit-skeleton--cards', 'mfs-grid');
    expect(container.querySelectorAll('.kit-skeleton__card')).toHaveLength(3);
  });
});
