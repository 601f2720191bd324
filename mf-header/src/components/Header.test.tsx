import { screen } from '@testing-library/react';
import { createTestBus, fixtures } from 'shared-events/testing';
import { renderHeader } from '../test-utils';

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('Header logo (spec §1 store-specific logos)', () => {
  it("shows the standard banner 'Harbour Market home' linking to / before any store is loaded", () => {
    renderHeader();
    const logo = screen.getByRole('link', { name: 'Harbour Market home' });
    expect(logo).toHaveAttribute('href', '/');
    expect(screen.queryByRole('link', { name: 'Harbour Co-op home' })).not.toBeInTheDocument();
  });

  it('switches live to the co-op logo on store/changed to a co-op store, and back', () => {
    const { emit } = renderHeader();
    emit('store/changed', { store: fixtures.store({ storeNumber: '4101', locationName: 'Antigonish Co-op' }), source: 'user' });
    expect(screen.getByRole('link', { name: 'Harbour Co-op home' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('link', { name: 'Harbour Market home' })).not.toBeInTheDocument();

    emit('store/changed', { store: fixtures.store({ locationName: 'Halifax Quinpool Road' }), source: 'user' });
    expect(screen.getByRole('link', { name: 'Harbour Market home' })).toBeInTheDocument();
  });

  it('reads a store that was already selected before the header mounted', () => {
    const kit = createTestBus();
    kit.bus.emit('store/changed', { store: fixtures.store({ locationName: 'Sackville Coop' }), source: 'storage' });
    renderHeader({ kit });
    expect(screen.getByRole('link', { name: 'Harbour Co-op home' })).toBeInTheDocument();
    expect(screen.getByTestId('header-store-name')).toHaveTextContent('Shopping at Sackville Coop');
  });

  it('navigates home without reload through RemoteProps.navigate', async () => {
    const navigate = jest.fn();
    const { user } = renderHeader({ navigate });
    await user.click(screen.getByRole('link', { name: 'Harbour Market home' }));
    expect(navigate).toHaveBeenCalledWith('/');
  });
});

describe('Header store name (spec §2 Header)', () => {
  it("shows 'Shopping at <locationName>' and updates on store/changed", () => {
    const { emit } = renderHeader();
    expect(screen.getByTestId('header-store-name')).toHaveTextContent('Choose a store');
    emit('store/changed', { store: fixtures.store(), source: 'default' });
    expect(screen.getByTestId('header-store-name')).toHaveTextContent('Shopping at Halifax Quinpool Road');
    emit('store/changed', { store: fixtures.store({ locationName: 'Dartmouth Portland St' }), source: 'user' });
    expect(screen.getByRole('button', { name: 'Shopping at Dartmouth Portland St' })).toBeInTheDocument();
  });

  it('asks the store selector to open when clicked', async () => {
    const { emit, user, kit } = renderHeader();
    emit('store/changed', { store: fixtures.store(), source: 'default' });
    await user.click(screen.getByRole('button', { name: 'Shopping at Halifax Quinpool Road' }));
    expect(kit.published('store/selector-open-requested')).toEqual([{ type: 'store/selector-open-requested', payload: {} }]);
  });

  it('renders a store name as text, never as markup', () => {
    const { emit } = renderHeader();
    emit('store/changed', { store: fixtures.store({ locationName: '<img src=x onerror=alert(1)>' }), source: 'user' });
    expect(screen.getByTestId('header-store-name')).toHaveTextContent('Shopping at <img src=x onerror=alert(1)>');
    expect(screen.getByTestId('header-store-name').querySelector('img')).toBeNull();
  });
});
