import { unitPriceText } from './unitPrice';

describe('a list line\'s unit price', () => {
  it.each([
    [{ size: '454 g', uom: 'G' }, 819, '$1.80 /100 g', '$1.80 per 100 g'],
    [{ size: '2 L', uom: 'L' }, 549, '$0.27 /100 mL', '$0.27 per 100 mL'],
    [{ size: '6 ea', uom: 'EA' }, 399, '$0.67 /ea', '$0.67 per item'],
    [{ size: '1 kg', uom: 'KG' }, 339, '$0.34 /100 g', '$0.34 per 100 g'],
  ])('%p at %i ¢ shows %s, read as %s', (record, cents, text, spoken) => {
    expect(unitPriceText(record, cents)).toEqual({ text, spoken });
  });

  it('has none without a price, a record or a readable size', () => {
    expect(unitPriceText({ size: '454 g', uom: 'G' }, null)).toBeNull();
    expect(unitPriceText(null, 819)).toBeNull();
    expect(unitPriceText({ size: 'a bunch', uom: 'EA' }, 199)).toBeNull();
  });
});
