import { loadFlyers } from '@storefront/seed';
import { flyerUnitPrice } from '../src/unit-prices';

describe('flyer unit prices', () => {
  it.each([
    ['$7.39', '454 g', '$1.63 /100 g', '$1.63 per 100 g'],
    ['$12.99', '2 L', '$0.65 /100 mL', '$0.65 per 100 mL'],
    ['$3.99', '6 ea', '$0.67 /ea', '$0.67 per item'],
    ['$8.79 /kg', null, '$0.88 /100 g', '$0.88 per 100 g'],
  ])('%s for %p is %s, read %s', (priceText, size, text, spoken) => {
    expect(flyerUnitPrice(priceText, size)).toEqual({ text, spoken });
  });

  it.each([['2 for $5', '454 g'], ['$4.99', null], ['$4.99', 'a bunch'], ['Free', '1 ea']])('has none for %s and %p', (priceText, size) => {
    expect(flyerUnitPrice(priceText, size)).toBeNull();
  });

  it('has one for every item of the seed\'s flyers', () => {
    const items = loadFlyers().flatMap((f) => f.pages.flatMap((p) => p.items));
    expect(items.filter((i) => flyerUnitPrice(i.priceText, i.size) === null)).toEqual([]);
  });
});
