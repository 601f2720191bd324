/**
 * UI state of the search box and its dropdown (spec §2 Search dropdown, §4 Search dropdown states:
 * open or closed). The answers themselves are server state (`useSuggestions`, react-query through the
 * remote kit); this reducer only says whether suggestions are wanted for the text in the box. The
 * options the arrow keys move through depend on the mode (recent + popular searches for an empty box,
 * suggestions when typing), so `active/moved` carries the option count the view shows.
 */
import { toSearchText } from './query';

export interface DropdownState {
  /** Exactly what is in the input (max 100 characters, not yet sanitised). */
  inputValue: string;
  isOpen: boolean;
  /**
   * Suggestions are wanted for the text in the box: false while the text is only pre-filled or
   * accepted and not edited, or after a submit left before its answer came (nothing to fetch).
   */
  suggest: boolean;
  /** Index of the active option across the shown groups (aria-activedescendant), -1 = none. */
  activeIndex: number;
}

export type DropdownAction =
  | { type: 'input/changed'; value: string }
  /** A suggestion was accepted: the input takes its text and the dropdown closes, nothing to fetch. */
  | { type: 'input/accepted'; value: string }
  /** A new answer is shown: no option is active. */
  | { type: 'answered' }
  /**
   * The shopper submitted or followed a link: the dropdown closes; unless the answer for the text is
   * already shown (`keepAnswer`), the pending suggestions are dropped.
   */
  | { type: 'left'; keepAnswer: boolean }
  /** ArrowDown (+1) / ArrowUp (-1) over `count` options; wraps; opens a closed dropdown first. */
  | { type: 'active/moved'; delta: 1 | -1; count: number }
  | { type: 'opened' }
  | { type: 'closed' }
  | { type: 'cleared' };

/** A closed dropdown with `inputValue` in the box and nothing to fetch. */
export const initialDropdownState = (inputValue = ''): DropdownState => ({
  inputValue, isOpen: false, suggest: false, activeIndex: -1,
});

/** The dropdown's state machine (pure). */
export function dropdownReducer(state: DropdownState, action: DropdownAction): DropdownState {
  switch (action.type) {
    case 'input/changed': {
      const text = toSearchText(action.value);
      // An emptied box opens (or stays open): it shows recent and popular searches.
      if (text === '') return { ...initialDropdownState(action.value), isOpen: true };
      // Same search text as before (e.g. a trailing space): the shown options stay.
      const unchanged = state.suggest && text === toSearchText(state.inputValue);
      return { ...state, inputValue: action.value, isOpen: true, suggest: true, activeIndex: unchanged ? state.activeIndex : -1 };
    }
    case 'input/accepted':
      return initialDropdownState(action.value);
    case 'answered':
      return state.activeIndex === -1 ? state : { ...state, activeIndex: -1 };
    case 'left':
      return { ...state, isOpen: false, activeIndex: -1, suggest: action.keepAnswer && state.suggest };
    case 'active/moved': {
      const n = action.count;
      if (!state.isOpen) return dropdownReducer(state, { type: 'opened' });
      if (n === 0) return state;
      const from = state.activeIndex;
      const next = from === -1 ? (action.delta === 1 ? 0 : n - 1) : (from + action.delta + n) % n;
      return { ...state, activeIndex: next };
    }
    case 'opened': {
      if (toSearchText(state.inputValue) === '') return state.isOpen ? state : { ...state, isOpen: true, activeIndex: -1 };
      return { ...state, isOpen: true, suggest: true };
    }
    case 'closed':
      return { ...state, isOpen: false, activeIndex: -1 };
    case 'cleared':
      return initialDropdownState();
    default:
      return state;
  }
}
