import type { EventBus, Store } from 'shared-events';

export interface StoreLineProps {
  bus: EventBus;
  /** The preferred store (bus.state.store), or null while none is loaded. */
  store: Store | null;
}

/**
 * 'Shopping at <locationName>' under the logo (spec §2 Header). A button: clicking asks the store
 * selector to open (`store/selector-open-requested`). With no store yet it reads 'Choose a store'.
 */
export function StoreLine({ bus, store }: StoreLineProps) {
  return (
    <button
      type="button"
      className="mfh-store"
      data-testid="header-store-name"
      aria-haspopup="dialog"
      onClick={() => bus.emit('store/selector-open-requested', {})}
    >
      {store ? (
        <>
          <span className="mfh-store__prefix">Shopping at </span>
          <span className="mfh-store__name">{store.locationName}</span>
        </>
      ) : (
        <span className="mfh-store__name">Choose a store</span>
      )}
    </button>
  );
}
