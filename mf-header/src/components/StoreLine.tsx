import type { Store } from 'shared-events';
import { useHeaderRemote } from '../hooks/useHeaderRemote';

export interface StoreLineProps {
  /** The preferred store (bus.state.store), or null while none is loaded. */
  store: Store | null;
}

/**
 * 'Shopping at <locationName>' under the logo (spec §2 Header). A button: clicking asks the store
 * selector to open (`store/selector-open-requested`). With no store yet it reads 'Choose a store'.
 */
export function StoreLine({ store }: StoreLineProps) {
  const { bus } = useHeaderRemote();
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
