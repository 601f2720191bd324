import { listItemId } from './useAddToList';

describe('spec §3: the list item id of a product card (articleNumber_uom_storeId)', () => {
  it('builds item_id as articleNumber_uom_storeId, the objectID and EA when the record has none', () => {
    expect(listItemId({ objectID: 'p1', articleNumber: '20010010', uom: 'G' }, '3299')).toBe('20010010_G_3299');
    expect(listItemId({ objectID: 'p1' }, '3299')).toBe('p1_EA_3299');
  });

  it('sends the id the shopping list accepts: unit upper-cased and trimmed, store number on 4 digits', () => {
    expect(listItemId({ objectID: 'p1', articleNumber: '20010010', uom: ' kg ' }, '412')).toBe('20010010_KG_0412');
    expect(listItemId({ objectID: 'p1', articleNumber: '20010010', uom: '' }, '3299')).toBe('20010010_EA_3299');
  });
});
