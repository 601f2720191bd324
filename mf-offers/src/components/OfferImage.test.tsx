import { fireEvent, render, screen } from '@testing-library/react';
import { OfferCard } from './OfferCard';
import { offer } from '../test-utils';

const NOW = Date.now();

describe('offer pictures (the picture of the product the offer is about)', () => {
  it("shows the product's catalogue picture, 96 × 96, with the product's name as alt text", () => {
    render(<OfferCard offer={offer({ product: { name: 'Salted Butter', picture: '/media/butter.svg' } })} collection="pendingOffers" now={NOW} />);
    const img = screen.getByRole('img', { name: 'Salted Butter' });
    expect(img.tagName).toBe('IMG');
    expect(img).toHaveAttribute('src', '/media/butter.svg');
    expect(img).toHaveAttribute('width', '96');
    expect(img).toHaveAttribute('height', '96');
  });

  it('a picture that fails to load becomes the same-size placeholder, still named after the product', () => {
    render(<OfferCard offer={offer({ product: { name: 'Salted Butter', picture: '/media/butter.svg' } })} collection="pendingOffers" now={NOW} />);
    fireEvent.error(screen.getByRole('img', { name: 'Salted Butter' }));
    const placeholder = screen.getByRole('img', { name: 'Salted Butter' });
    expect(placeholder.tagName).toBe('SPAN');
    expect(placeholder).toHaveClass('mfo-image', 'mfo-image--placeholder');
  });

  it('a group offer (no product) or a picture on another origin shows the placeholder named after the category', () => {
    render(
      <>
        <OfferCard offer={offer({ offerId: 'a', category: 'Pantry', product: null })} collection="pendingOffers" now={NOW} />
        <OfferCard offer={offer({ offerId: 'b', category: 'Dairy & Eggs', product: { name: 'Milk', picture: 'https://evil.example/x.svg' } })} collection="pendingOffers" now={NOW} />
      </>,
    );
    expect(screen.getByRole('img', { name: 'Pantry offer' }).tagName).toBe('SPAN');
    expect(screen.getByRole('img', { name: 'Milk' }).tagName).toBe('SPAN');
    expect(document.querySelector('img[src^="https:"]')).toBeNull();
  });
});
