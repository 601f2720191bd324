import { useEffect, useRef, useState } from 'react';
import type { AddToListOutcome } from '../state/listAdd';

/** How long the 'Add to list' button says 'Added' (or 'Not added'), in ms (spec §9 list toasts: 3 s). */
export const ADDED_FEEDBACK_MS = 3000;

/** Labels of the 'Add to list' button by state (it never says 'Added' before the list stored the item). */
export const ADD_LABELS = { idle: 'Add to list', adding: 'Adding…', added: 'Added', failed: 'Not added' } as const;
export type AddState = keyof typeof ADD_LABELS;

/**
 * The state of an 'Add to list' button (product cards, the product page): `add(run)` sets 'adding',
 * runs the add (a promise of the shopping list's answer, see useAddToList) and shows 'added' or
 * 'failed' for {@link ADDED_FEEDBACK_MS} ms, then 'idle'. A second press while adding is ignored; an
 * answer arriving after unmount is dropped.
 * @returns `{ state, label, add }` — `label` is the button text for the state
 */
export function useAddButton(): { state: AddState; label: string; add: (run: () => Promise<AddToListOutcome>) => void } {
  const [state, setState] = useState<AddState>('idle');
  const mounted = useRef(true);
  useEffect(() => () => { mounted.current = false; }, []);
  useEffect(() => {
    if (state !== 'added' && state !== 'failed') return undefined;
    const t = setTimeout(() => setState('idle'), ADDED_FEEDBACK_MS);
    return () => clearTimeout(t);
  }, [state]);
  const add = (run: () => Promise<AddToListOutcome>) => {
    if (state === 'adding') return;
    setState('adding');
    void run().then((outcome) => {
      if (mounted.current) setState(outcome.ok ? 'added' : 'failed');
    });
  };
  return { state, label: ADD_LABELS[state], add };
}
