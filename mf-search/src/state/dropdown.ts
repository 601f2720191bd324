/**
 * State of the search box and its dropdown (spec §2 Search dropdown, §4 Search dropdown states:
 * open or closed, loading, redirect card present, results present). The options the arrow keys move
 * through depend on the mode (recent + popular searches for an empty box, suggestions when typing),
 * so `active/moved` carries the option count the view shows.
 */
import type { CombinedResults } from '../api/queries';
import { toSearchText } from './query';

export type DropdownStatus = 'idle' | 'loading' | 'ready' | 'error';

export interface DropdownState {
  /** Exactly what is in the input (max 100 characters, not yet sanitised). */
  inputValue: string;
  isOpen: boolean;
  /** 'idle' = nothing to fetch (empty, or text accepted/pre-filled and not edited);
   * 'loading' from the keystroke that changes the search text until the debounced answer for it arrives. */
  status: DropdownStatus;
  /** Index of the active option across the shown groups (aria-activedescendant), -1 = none. */
  activeIndex: number;
  /** Results of the latest answered query, or null. */
  results: CombinedResults | null;
  /** The search text `results` answer (see `toSearchText`). */
  resultsText: string;
}

export type DropdownAction =
  | { type: 'input/changed'; value: string }
  /** A suggestion was accepted: the input takes its text and the dropdown closes, nothing to fetch. */
  | { type: 'input/accepted'; value: string }
  | { type: 'search/succeeded'; text: string; results: CombinedResults }
  | { type: 'search/failed'; text: string }
  /** ArrowDown (+1) / ArrowUp (-1) over `count` options; wraps; opens a closed dropdown first. */
  | { type: 'active/moved'; delta: 1 | -1; count: number }
  | { type: 'opened' }
  | { type: 'closed' }
  | { type: 'cleared' };

export const initialDropdownState = (inputValue = ''): DropdownState => ({
  inputValue, isOpen: false, status: 'idle', activeIndex: -1, results: null, resultsText: '',
});

/** Number of suggestion options of the latest answer. */
export const optionCount = (s: DropdownState): number => s.results?.suggestions.length ?? 0;

export function dropdownReducer(state: DropdownState, action: DropdownAction): DropdownState {
  switch (action.type) {
    case 'input/changed': {
      const text = toSearchText(action.value);
      // An emptied box opens (or stays open): it shows recent and popular searches.
      if (text === '') return { ...initialDropdownState(action.value), isOpen: true };
      // Same search text as the answered one (e.g. a trailing space): nothing new to fetch.
      const unchanged = text === state.resultsText && state.status !== 'loading' && state.status !== 'idle';
      return {
        ...state,
        inputValue: action.value,
        isOpen: true,
        status: unchanged ? state.status : 'loading',
        activeIndex: unchanged ? state.activeIndex : -1,
      };
    }
    case 'input/accepted':
      return { ...initialDropdownState(action.value) };
    case 'search/succeeded':
      return { ...state, status: 'ready', results: action.results, resultsText: action.text, activeIndex: -1 };
    case 'search/failed':
      return { ...state, status: 'error', results: null, resultsText: action.text, activeIndex: -1 };
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
      return { ...state, isOpen: true, status: state.status === 'idle' ? 'loading' : state.status };
    }
    case 'closed':
      return { ...state, isOpen: false, activeIndex: -1 };
    case 'cleared':
      return initialDropdownState();
    default:
      return state;
  }
}
