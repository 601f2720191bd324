import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import type { EventBus, Store } from 'shared-events';
import { ConfirmSheet } from '../components/ConfirmSheet';
import { confirmStoreChoice, type SaveAccountStore } from '../api/preferredStore';

export interface UseStoreConfirmationOptions {
  bus: EventBus;
  apiBase: string;
  storage?: Storage | null;
  saveAccountStore?: SaveAccountStore;
}

export interface StoreConfirmation {
  /** The store waiting for 'Yes'/'No', or null. The page should be `inert` while set. */
  pending: Store | null;
  /** 'Select this store' pressed: opens the sheet; focus returns to `trigger` when it closes. */
  choose: (store: Store, trigger: HTMLElement) => void;
  /** The 'Update Selected Store' sheet (a portal on document.body) or null. */
  sheet: ReactNode;
}

/**
 * The confirmation step of the store pages (spec §4 Store selection: "Pick a store, a confirmation
 * sheet appears; confirming updates the locally stored store, saves the preferred store on the account
 * when logged in, and shows a success toast; cancelling clears the pending choice"). Same sheet and
 * same confirmation as the selector dialog.
 */
export function useStoreConfirmation({ bus, apiBase, storage, saveAccountStore }: UseStoreConfirmationOptions): StoreConfirmation {
  const [pending, setPending] = useState<Store | null>(null);
  const returnTo = useRef<HTMLElement | null>(null);

  const choose = useCallback((store: Store, trigger: HTMLElement) => {
    returnTo.current = trigger;
    setPending(store);
  }, []);

  useEffect(() => {
    if (pending || !returnTo.current) return;
    const el = returnTo.current;
    returnTo.current = null;
    if (el.isConnected) el.focus();
  }, [pending]);

  const sheet = pending
    ? (
        <ConfirmSheet
          store={pending}
          onYes={() => {
            setPending(null);
            void confirmStoreChoice({
              bus,
              store: pending,
              apiBase,
              ...(storage !== undefined ? { storage } : {}),
              ...(saveAccountStore ? { saveAccountStore } : {}),
            });
          }}
          onNo={() => setPending(null)}
        />
      )
    : null;

  return { pending, choose, sheet };
}
