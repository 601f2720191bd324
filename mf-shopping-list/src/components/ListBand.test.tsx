import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithKit } from '@storefront/remote-kit/testing';
import { mockLayout } from '@storefront/tooling/jest/layout';
import { DEFAULT_RUNTIME_CONFIG } from 'shared-events';
import { createTestBus, fixtures, type TestBus } from 'shared-events/testing';
import type { ListService } from '../api/listService';
import { custom, eventually, freshIndexedDB, manyProducts, memoryService, mockProductFetch, product, record } from '../test-utils';
import { ListBand } from './ListBand';

const realFetch = globalThis.fetch;
let layout: jest.SpyInstance;
const services: ListService[] = [];
beforeEach(() => { layout = mockLayout(); });
afterEach(() => {
  layout.mockRestore();
  globalThis.fetch = realFetch;
  services.splice(0).forEach((s) => s.dispose());
});

async function setup(items = [] as Parameters<typeof memoryService>[1], kit: TestBus = createTestBus()) {
  const service = await memoryService(kit.bus, items);
  services.push(service);
  const view = renderWithKit(<ListBand service={service} />, { remote: 'mf-shopping-list', kit });
  return { ...view, kit, service, trigger: () => screen.getByRole('button', { name: /^Shopping list, / }) };
}

async function openPanel(trigger: HTMLElement) {
  await userEvent.click(trigger);
  return screen.findByRole('dialog', { name: 'Shopping list' });
}

describe('list trigger (spec §2 count badge, §9)', () => {
  it.each([
    [100, '99+', 'Shopping list, 100 items'],
    [99, '99', 'Shopping list, 99 items'],
    [1, '1', 'Shopping list, 1 item'],
  ])('shows %i items as %s', async (n, badge, name) => {
    const { trigger } = await setup(manyProducts(n));
    expect(trigger()).toHaveAccessibleName(name);
    expect(screen.getByTestId('list-badge')).toHaveTextContent(new RegExp(`^${badge.replace('+', '\\+')}$`));
    // the badge is decoration beside the button: the name carries the count, and the button's seen text
    // is 'List' alone, a part of its name (WCAG 2.5.3 Label in Name)
    expect(screen.getByTestId('list-badge')).toHaveAttribute('aria-hidden', 'true');
    expect(trigger()).not.toContainElement(screen.getByTestId('list-badge'));
    expect(trigger()).toHaveTextContent(/^List$/);
  });

  it('has no badge for an empty list and is named with 0 items', async () => {
    const { trigger } = await setup();
    expect(trigger()).toHaveAccessibleName('Shopping list, 0 items');
    expect(screen.queryByTestId('list-badge')).not.toBeInTheDocument();
  });

  it('follows an add from another remote in the same frame (before storage answers)', async () => {
    const { trigger, kit } = await setup(manyProducts(2));
    act(() => kit.bus.emit('list/add-requested', { requestId: 'r1', itemId: '20010010_G_3299' }));
    // No waiting: the badge already shows the optimistic count.
    expect(screen.getByTestId('list-badge')).toHaveTextContent('3');
    expect(trigger()).toHaveAccessibleName('Shopping list, 3 items');
    await eventually(() => expect(kit.published('list/item-added')).toHaveLength(1));
  });
});

describe('side panel (spec §2 "Shopping-list side panel")', () => {
  it('opens as a modal dialog with focus inside; Escape closes it and focus returns to the trigger', async () => {
    const { trigger } = await setup([product(20010010)]);
    globalThis.fetch = mockProductFetch([record(20010010)]);
    expect(trigger()).toHaveAttribute('aria-expanded', 'false');
    const dialog = await openPanel(trigger());
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(trigger()).toHaveAttribute('aria-expanded', 'true');
    await eventually(() => expect(dialog).toContainElement(document.activeElement as HTMLElement));
    expect(document.activeElement).toHaveAccessibleName('Close shopping list');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(trigger()).toHaveFocus();
    expect(trigger()).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes with the close button and with a press on the backdrop', async () => {
    const { trigger } = await setup();
    await openPanel(trigger());
    await userEvent.click(screen.getByRole('button', { name: 'Close shopping list' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(trigger()).toHaveFocus();
    await openPanel(trigger());
    fireEvent.click(document.querySelector('[data-kit-dialog-backdrop]')!);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("'View List' goes to /products when the list is empty and closes the panel", async () => {
    const { trigger, remoteProps } = await setup();
    const dialog = await openPanel(trigger());
    expect(within(dialog).getByText('Your list is empty')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'View List' }));
    expect(remoteProps.navigate).toHaveBeenCalledWith('/products');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("'View List' goes to /shopping-list when the list has items", async () => {
    globalThis.fetch = mockProductFetch([record(20010010)]);
    const { trigger, remoteProps } = await setup([product(20010010)]);
    const dialog = await openPanel(trigger());
    await userEvent.click(within(dialog).getByRole('button', { name: 'View List' }));
    expect(remoteProps.navigate).toHaveBeenCalledWith('/shopping-list');
  });

  it("lists custom items and products in the 'Custom List Items' and 'Products' accordions, with the store's price", async () => {
    globalThis.fetch = mockProductFetch([
      record(20010010, { title: 'Butter, Salted', size: '454 g', storeIds: ['3299'], storePrices: { '3299': 819 } }),
      record(20010065, { title: 'Brie Cheese', size: '400 g', storeIds: ['2062'], regions: ['on'] }),
    ]);
    const kit = createTestBus();
    kit.bus.emit('store/changed', { store: fixtures.store({ storeNumber: '3299', locationName: 'Halifax Quinpool Road', region: ['atlantic', 'ns'] }), source: 'user' });
    const { trigger } = await setup([product(20010010, { quantity: 2 }), product(20010065), custom('Birthday candles')], kit);
    const dialog = await openPanel(trigger());

    const customs = within(dialog).getByRole('button', { name: /Custom List Items/ });
    const products = within(dialog).getByRole('button', { name: /Products/ });
    expect(customs).toHaveAttribute('aria-expanded', 'true');
    const customRegion = within(dialog).getByRole('region', { name: /Custom List Items/ });
    expect(within(customRegion).getByText('Birthday candles')).toBeInTheDocument();

    const productRegion = within(dialog).getByRole('region', { name: /Products/ });
    expect(await within(productRegion).findByText('Butter, Salted')).toBeInTheDocument();
    expect(within(productRegion).getByText(/454 g/)).toBeInTheDocument();
    expect(within(productRegion).getByText('$8.19')).toBeInTheDocument();
    expect(within(productRegion).getByText('$1.80 /100 g')).toHaveAttribute('aria-hidden', 'true');
    expect(within(productRegion).getByText('$1.80 per 100 g')).toBeInTheDocument();
    expect(within(productRegion).getByText('Not available at Halifax Quinpool Road')).toBeInTheDocument();
    expect(within(productRegion).getByRole('textbox', { name: 'Quantity of Butter, Salted' })).toHaveValue('2');

    await userEvent.click(products);
    expect(products).toHaveAttribute('aria-expanded', 'false');
    expect(within(dialog).queryByText('Butter, Salted')).not.toBeVisible();
  });

  it('changes a quantity with the stepper and removes an item', async () => {
    globalThis.fetch = mockProductFetch([record(20010010, { title: 'Butter, Salted' })]);
    const { trigger, kit, service } = await setup([product(20010010, { quantity: 2 }), custom('Napkins')]);
    const dialog = await openPanel(trigger());
    await within(dialog).findByText('Butter, Salted');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Increase quantity of Butter, Salted' }));
    await eventually(() => expect(service.getSnapshot().items.find((i) => i.item_id === '20010010_EA_3299')?.quantity).toBe(3));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove Napkins' }));
    expect(within(dialog).queryByText('Napkins')).not.toBeInTheDocument();
    await eventually(() => expect(kit.bus.state.listCount.value).toBe(1));
    expect(screen.getByTestId('list-badge')).toHaveTextContent('1');
  });

  it('Escape in a quantity being typed drops the typed value and keeps the panel open', async () => {
    const { trigger } = await setup([custom('Napkins', undefined, { quantity: 2 })]);
    const dialog = await openPanel(trigger());
    const qty = within(dialog).getByRole('textbox', { name: 'Quantity of Napkins' });
    await userEvent.clear(qty);
    await userEvent.type(qty, '7');
    await userEvent.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Shopping list' })).toBeInTheDocument();
    expect(qty).toHaveValue('2');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('adds a custom item of 60 characters as 50, with Enter', async () => {
    const { trigger, service } = await setup();
    const dialog = await openPanel(trigger());
    const field = within(dialog).getByRole('textbox', { name: 'Add a custom item' });
    expect(field).toHaveAttribute('maxLength', '50');
    fireEvent.change(field, { target: { value: 'a'.repeat(60) } });
    await userEvent.type(field, '{Enter}');
    await eventually(() => expect(service.getSnapshot().count).toBe(1));
    expect((service.getSnapshot().items[0].meta as { name: string }).name).toBe('a'.repeat(50));
    expect(await within(dialog).findByText('a'.repeat(50))).toBeInTheDocument();
    await eventually(() => expect(field).toHaveValue(''));
  });

  it('renders a name like <img src=x onerror=…> as text', async () => {
    const { trigger } = await setup();
    const dialog = await openPanel(trigger());
    const nasty = '<img src=x onerror=alert(1)>';
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Add a custom item' }), nasty);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText(nasty)).toBeInTheDocument();
    expect(document.querySelector('img')).toBeNull();
  });

  it('refuses an empty name with a message, and keeps the typed name when storing fails', async () => {
    const { trigger, service } = await setup();
    const dialog = await openPanel(trigger());
    const field = within(dialog).getByRole('textbox', { name: 'Add a custom item' });
    await userEvent.type(field, '   ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Enter a name for the item.');
    expect(service.getSnapshot().count).toBe(0);

    jest.spyOn(service, 'addCustom').mockRejectedValueOnce(new Error('The item could not be saved. Please try again.'));
    await userEvent.clear(field);
    await userEvent.type(field, 'Eggs');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The item could not be saved. Please try again.');
    expect(field).toHaveValue('Eggs');
  });

  it('two custom items typed one right after the other are both stored (the field empties on submit; no lost input)', async () => {
    const { trigger, service } = await setup();
    const dialog = await openPanel(trigger());
    const field = within(dialog).getByRole('textbox', { name: 'Add a custom item' });
    let release!: () => void;
    const slow = new Promise<void>((r) => { release = r; });
    const real = service.addCustom.bind(service);
    jest.spyOn(service, 'addCustom').mockImplementationOnce(async (n: string) => { await slow; return real(n); });
    await userEvent.type(field, 'Candles{Enter}');
    expect(field).toHaveValue('');
    await userEvent.type(field, 'Paper towels{Enter}');
    release();
    await eventually(() => expect(service.getSnapshot().count).toBe(2));
    expect(field).toHaveValue('');
  });

  it('loads the list service itself when none is given (the shell mounts it so)', async () => {
    freshIndexedDB();
    const kit = createTestBus();
    // Published before the service chunk arrives: kept and answered.
    renderWithKit(<ListBand />, { remote: 'mf-shopping-list', kit });
    act(() => kit.bus.emit('list/add-requested', { requestId: 'early', itemId: '20010010_G_3299' }));
    await eventually(() => expect(kit.published('list/item-added').map((e) => e.payload.requestId)).toEqual(['early']));
    expect(screen.getByTestId('list-badge')).toHaveTextContent('1');
    const { getListService } = await import('../api/listService');
    getListService(kit.bus, DEFAULT_RUNTIME_CONFIG).dispose();
  });

  it('shows the last published count at first paint, before the list service chunk, and the service keeps it current', async () => {
    freshIndexedDB();
    window.localStorage.setItem('mfsl-count', '7');
    const kit = createTestBus();
    renderWithKit(<ListBand />, { remote: 'mf-shopping-list', kit });
    expect(screen.getByRole('button', { name: 'Shopping list, 7 items' })).toBeInTheDocument();
    // The first add starts the service: it reads the real (empty) browser list and corrects the badge.
    act(() => kit.bus.emit('list/add-requested', { requestId: 'first', itemId: '20010010_G_3299' }));
    await eventually(() => expect(kit.published('list/item-added').map((e) => e.payload.requestId)).toEqual(['first']));
    await eventually(() => expect(screen.getByRole('button', { name: 'Shopping list, 1 item' })).toBeInTheDocument());
    expect(window.localStorage.getItem('mfsl-count')).toBe('1');
    const { getListService } = await import('../api/listService');
    getListService(kit.bus, DEFAULT_RUNTIME_CONFIG).dispose();
    window.localStorage.removeItem('mfsl-count');
  });
});
