import { custom, product } from '../test-utils';
import { badgeText, itemsLabel, triggerLabel } from './labels';
import {
  applyChange, cleanCustomName, countOf, cutText, isStorable, parseQuantity, shownItems, validateAddRequest,
} from './model';
import { applyOutbox, opFor } from './outbox';
import { mergeItems } from './signInMerge';

const NOW = '2025-03-01T00:00:00.000Z';

describe('list model (spec §3, §5, §9)', () => {
  it('adds to an existing item, capped at 999', () => {
    const one = applyChange([], { kind: 'add', item: product(1, { quantity: 990 }) }, NOW);
    expect(one).toMatchObject({ added: 990, changed: true });
    const two = applyChange(one.items, { kind: 'add', item: product(1, { quantity: 20 }) }, NOW);
    expect(two).toMatchObject({ added: 9, item: { quantity: 999 } });
    expect(applyChange(two.items, { kind: 'add', item: product(1) }, NOW)).toMatchObject({ added: 0, changed: false });
  });

  it('shows only items with quantity > 0 and a non-empty item_id, oldest first', () => {
    const items = [product(2, { created_at: '2025-02-01T00:00:00Z' }), product(1, { created_at: '2025-01-01T00:00:00Z' }), product(3, { quantity: 0 }), { ...product(4), item_id: ' ' }];
    expect(shownItems(items).map((i) => i.item_id)).toEqual(['1_EA_3299', '2_EA_3299']);
    expect(countOf(items)).toBe(2);
  });

  it('cleans custom names: control characters, trimming, 50 characters without splitting a character', () => {
    expect(cleanCustomName('  a\tb\n ')).toBe('a b');
    expect(cleanCustomName('x'.repeat(60))).toHaveLength(50);
    expect(cutText(`${'x'.repeat(49)}😀`, 50)).toBe('x'.repeat(49));
  });

  it('parses typed quantities 1..999 only', () => {
    expect(['1', ' 12 ', '999'].map(parseQuantity)).toEqual([1, 12, 999]);
    expect(['', '0', '1000', '2.5', '3a', '-1'].map(parseQuantity)).toEqual([null, null, null, null, null, null]);
  });

  it('validates add requests like the BFF contract', () => {
    expect(validateAddRequest({ itemId: '20010010_G_3299' })).toBeNull();
    expect(validateAddRequest({ itemId: '20010010_G_3299', quantity: 999, productType: 'flyer' })).toBeNull();
    expect(validateAddRequest({ itemId: 'custom_abcdefgh', name: 'Eggs' })).toBeNull();
    expect(validateAddRequest({ itemId: '20010010_G_3299', productType: 'other' })).toMatch(/productType/);
  });

  it('merges like the BFF: union by item_id, sums capped at 999, custom items by normalised name', () => {
    const merged = mergeItems(
      [product(1, { quantity: 998 }), custom('Milk bag', '11111111-aaaa')],
      [product(1, { quantity: 5 }), product(2), custom('  milk   BAG ', '22222222-bbbb', { quantity: 2 }), custom('Eggs', '33333333-cccc')],
    );
    expect(merged.map((i) => [i.item_id, i.quantity])).toEqual([
      ['1_EA_3299', 999], ['custom_11111111-aaaa', 3], ['2_EA_3299', 1], ['custom_33333333-cccc', 1],
    ]);
  });

  it('outbox ops are absolute: applying them gives the item as it should be', () => {
    const put = opFor('1_EA_3299', product(1, { quantity: 4, checked: true }), 'op-1', NOW);
    expect(put).toMatchObject({ kind: 'put', body: { quantity: 4, checked: true, product_type: 'product' } });
    const items = applyOutbox([product(1), product(2)], { '1_EA_3299': put, '2_EA_3299': opFor('2_EA_3299', null, 'op-2', NOW) });
    expect(items.map((i) => [i.item_id, i.quantity, i.checked])).toEqual([['1_EA_3299', 4, true]]);
  });

  it('knows which browser items the BFF accepts', () => {
    expect(isStorable(product(1))).toBe(true);
    expect(isStorable(custom('Eggs', 'abcdefgh-1'))).toBe(true);
    expect(isStorable({ ...product(1), item_id: 'bad id' })).toBe(false);
    expect(isStorable(product(1, { quantity: 1000 }))).toBe(false);
  });

  it("labels the badge '99+' above 99", () => {
    expect([0, 1, 99, 100, 1234].map(badgeText)).toEqual(['0', '1', '99', '99+', '99+']);
    expect(itemsLabel(1)).toBe('1 item');
    expect(triggerLabel(120)).toBe('Shopping list, 120 items');
  });
});
