import { render, screen } from '@testing-library/react';
import { EmptyState } from './EmptyState';

describe('EmptyState', () => {
  it('shows a heading, its text and the action', () => {
    render(<EmptyState title="Your list is empty" text="Add products while you browse." action={<a href="/products">Browse products</a>} />);
    expect(screen.getByRole('heading', { level: 2, name: 'Your list is empty' })).toBeInTheDocument();
    expect(screen.getByText('Add products while you browse.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse products' })).toHaveAttribute('href', '/products');
  });

  it('draws a picture URL as a decorative image, at the heading level asked', () => {
    const { container } = render(<EmptyState title="No offers" picture="/img/empty-basket.svg" headingLevel={3} />);
    expect(screen.getByRole('heading', { level: 3, name: 'No offers' })).toBeInTheDocument();
    const img = container.querySelector('img');
    expect(img).toHaveAttribute('src', '/img/empty-basket.svg');
    expect(img).toHaveAttribute('alt', '');
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });
});
