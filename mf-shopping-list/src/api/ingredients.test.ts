import { createTestBus } from 'shared-events/testing';
import { DEFAULT_RUNTIME_CONFIG } from 'shared-events';
import { memoryService, product, recipe, record } from '../test-utils';
import { addIngredientsToList, ingredientMessage } from './ingredients';

describe("the week's ingredients to the shopping list", () => {
  it('adds each distinct ingredient once, leaves ones already on the list, skips unknown products, and says so', async () => {
    const kit = createTestBus();
    // 20010010 is already on the list (as the item id the page would build).
    const service = await memoryService(kit.bus, [product('20010010', { item_id: '20010010_G_3299' })]);
    const records = new Map([
      ['20010010', record('20010010', { uom: 'G' })],
      ['20111434', record('20111434', { uom: 'KG', title: 'Celery' })],
      ['20112820', record('20112820', { uom: 'EA' })],
      ['99999999', null],
    ]);
    const outcome = await addIngredientsToList({
      recipes: [recipe(1, ['20010010', '20111434', '20112820']), recipe(2, ['20112820', '99999999', '20010010'])],
      search: DEFAULT_RUNTIME_CONFIG.search,
      storeNumber: '3299',
      service,
      lookup: async (_s, ids) => new Map(ids.map((id) => [id, records.get(id) ?? null])),
    });
    expect(outcome).toEqual({ ingredients: 4, added: 2, alreadyOnList: 1, notAdded: 1 });
    expect(service.getSnapshot().items.map((i) => i.item_id)).toEqual(['20010010_G_3299', '20111434_KG_3299', '20112820_EA_3299']);
    expect(service.getSnapshot().items[1].meta).toEqual({ name: 'Celery' });
    expect(kit.bus.state.listCount.value).toBe(3);
    expect(kit.published('list/item-added').map((e) => e.payload.itemId)).toEqual(['20111434_KG_3299', '20112820_EA_3299']);
    expect(ingredientMessage(outcome)).toBe('Added 2 ingredients to your list. 1 was already on it. 1 ingredient could not be added.');
    service.dispose();
  });

  it('adds a product whose record spells its unit in lower case, at a store number shorter than 4 digits', async () => {
    const kit = createTestBus();
    const service = await memoryService(kit.bus, []);
    const outcome = await addIngredientsToList({
      recipes: [recipe(1, ['20010010', '20111434'])],
      search: DEFAULT_RUNTIME_CONFIG.search,
      storeNumber: '412',
      service,
      lookup: async () => new Map([['20010010', record('20010010', { uom: ' g ' })], ['20111434', record('20111434', { uom: '' })]]),
    });
    expect(outcome).toEqual({ ingredients: 2, added: 2, alreadyOnList: 0, notAdded: 0 });
    expect(service.getSnapshot().items.map((i) => i.item_id)).toEqual(['20010010_G_0412', '20111434_EA_0412']);
    service.dispose();
  });

  it('messages say what happened', () => {
    expect(ingredientMessage({ ingredients: 13, added: 13, alreadyOnList: 0, notAdded: 0 })).toBe('Added 13 ingredients to your list.');
    expect(ingredientMessage({ ingredients: 3, added: 0, alreadyOnList: 3, notAdded: 0 })).toBe('All 3 ingredients are already on your list.');
    expect(ingredientMessage({ ingredients: 2, added: 0, alreadyOnList: 0, notAdded: 2 })).toBe('No ingredient was added to your list. 2 ingredients could not be added.');
  });
});
