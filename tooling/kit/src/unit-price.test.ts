import { compareUnitPrice, formatUnitPrice, spokenUnitPrice, unitPrice, unitPriceText } from './unit-price';

describe('unitPrice', () => {
  it.each([
    [739, '454 g', false, 739 / 4.54, '100 g', '$1.63 /100 g'],
    [499, '1 kg', false, 49.9, '100 g', '$0.50 /100 g'],
    [879, '1 kg', true, 87.9, '100 g', '$0.88 /100 g'],
    [329, '500 mL', false, 65.8, '100 mL', '$0.66 /100 mL'],
    [549, '1.89 L', false, 549 / 18.9, '100 mL', '$0.29 /100 mL'],
    [599, '12 ea', false, 599 / 12, 'ea', '$0.50 /ea'],
    [699, '6 x 355 mL', false, 699 / 21.3, '100 mL', '$0.33 /100 mL'],
    [450, '4 x 100 g', false, 112.5, '100 g', '$1.13 /100 g'],
  ])('%i ¢ for %s (loose %s) costs %d ¢ per %s, shown as %s', (price, size, loose, cents, per, text) => {
    const up = unitPrice(price, size, loose);
    expect(up?.per).toBe(per);
    expect(up?.cents).toBeCloseTo(cents, 6);
    expect(formatUnitPrice(up!)).toBe(text);
  });

  it.each([[499, null], [499, ''], [499, 'a bunch'], [499, '0 g'], [-1, '100 g']])('gives none for %i ¢ and size %p', (price, size) => {
    expect(unitPrice(price, size)).toBeNull();
  });

  it('says the figure in words for screen readers', () => {
    expect(spokenUnitPrice(unitPrice(739, '454 g')!)).toBe('$1.63 per 100 g');
    expect(spokenUnitPrice(unitPrice(599, '12 ea')!)).toBe('$0.50 per item');
    expect(unitPriceText(unitPrice(329, '500 mL')!)).toEqual({ text: '$0.66 /100 mL', spoken: '$0.66 per 100 mL' });
  });

  it('sorts low to high with unknown unit prices last', () => {
    const list = [unitPrice(500, '1 kg'), null, unitPrice(100, '100 g'), unitPrice(300, '1 L')];
    expect(list.sort(compareUnitPrice).map((p) => p && formatUnitPrice(p))).toEqual(['$0.30 /100 mL', '$0.50 /100 g', '$1.00 /100 g', null]);
  });
});
