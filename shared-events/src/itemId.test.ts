import { DEFAULT_UOM, itemId, parseItemId } from './itemId';

describe('itemId', () => {
  it('builds articleNumber_uom_storeId (spec §3)', () => {
    expect(itemId({ articleNumber: '20010010', uom: 'G', storeId: '3299' })).toBe('20010010_G_3299');
  });

  it('falls back to EA when the product has no unit, and upper-cases a unit', () => {
    expect(DEFAULT_UOM).toBe('EA');
    expect(itemId({ articleNumber: '20010010', storeId: '3299' })).toBe('20010010_EA_3299');
    expect(itemId({ articleNumber: '20010010', uom: '', storeId: '3299' })).toBe('20010010_EA_3299');
    expect(itemId({ articleNumber: '20010010', uom: null, storeId: '3299' })).toBe('20010010_EA_3299');
    expect(itemId({ articleNumber: '20010010', uom: 'kg', storeId: '3299' })).toBe('20010010_KG_3299');
  });

  it('left-pads a short store number to 4 digits', () => {
    expect(itemId({ articleNumber: '1', uom: 'EA', storeId: '412' })).toBe('1_EA_0412');
  });
});

describe('parseItemId', () => {
  it('reads back what itemId built', () => {
    expect(parseItemId(itemId({ articleNumber: 'A20010010', uom: 'ML', storeId: '0412' })))
      .toEqual({ articleNumber: 'A20010010', uom: 'ML', storeId: '0412' });
  });

  it.each([
    ['custom_3f1c2a9e-1b2c-4d5e-8f90-1234567890ab', 'a custom item'],
    ['20010010_BOX_3299', 'an unknown unit'],
    ['20010010_G_32990', 'a 5-digit store'],
    ['20010010_G', 'a missing store'],
    ['2001-0010_G_3299', 'a non-alphanumeric article number'],
    ['', 'an empty id'],
  ])('answers null for %s (%s)', (id) => {
    expect(parseItemId(id)).toBeNull();
  });
});
