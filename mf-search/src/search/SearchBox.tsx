import {
  Component, lazy, Suspense, useCallback, useId, useReducer, useRef, useState,
  type ComponentType, type FocusEvent, type FormEvent, type KeyboardEvent, type ReactNode, type Ref,
} from 'react';
import { useNavigate } from '@storefront/remote-kit';
import { useSearchApp } from '../components/appClient';
import { dropdownReducer, initialDropdownState } from '../state/dropdown';
import { SUGGESTIONS_LOADING_TEXT } from '../state/dropdownTexts';
import { resultsUrl } from '../state/navigation';
import { MAX_QUERY_LENGTH, sanitizeQuery, toSearchText } from '../state/query';
import type { SearchController, SearchEngineProps } from './SearchEngine';
import './search.css';

/** Accessible name of the search input (e2e: `getByRole('combobox', { name: 'Search products and recipes' })`). */
export const SEARCH_LABEL = 'Search products and recipes';

export interface SearchBoxProps {
  /** Initial input text (e.g. the `query` of the results page URL). */
  initialQuery?: string;
}

type EngineModule = typeof import('./SearchEngine');
type Engine = ComponentType<SearchEngineProps>;

let engineModule: EngineModule | null = null;
let engineLoading: Promise<EngineModule> | null = null;

/**
 * The dropdown's chunk (`SearchEngine`: suggestions, recent and popular searches, cards, redirect
 * card, no-results view, profanity check, analytics), imported once; a failed load is forgotten so
 * the next focus retries. Not called on page load (paint first): on the box's first hover or focus.
 */
export function loadSearchEngine(): Promise<EngineModule> {
  if (!engineLoading) {
    const loading = import(/* webpackChunkName: "search-dropdown" */ './SearchEngine').then((m) => { engineModule = m; return m; });
    engineLoading = loading;
    loading.catch(() => { if (engineLoading === loading) engineLoading = null; });
  }
  return engineLoading;
}

const prefetchEngine = () => { loadSearchEngine().catch(() => undefined); };

/** The engine as a component: the module itself once loaded, else a lazy one (Suspense shows the loading state). */
const engineComponent = (): Engine => engineModule?.SearchEngine
  ?? lazy(() => loadSearchEngine().then((m) => ({ default: m.SearchEngine })));

/** A failed engine (chunk not loaded, or an error in it) leaves the box working, without a dropdown. */
class EngineBoundary extends Component<{ onError: (error: unknown) => void; children: ReactNode }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  componentDidCatch(error: unknown) {
    this.props.onError(error);
  }

  render() {
    return this.state.failed ? null : this.props.children;
  }
}

/** The dropdown's loading state while its chunk arrives (the same frame and status text as the dropdown's). */
function DropdownLoading() {
  return (
    <div className="mfs-dropdown">
      <div className="mfs-dropdown__left">
        <p className="mfs-dropdown__heading">Suggestions</p>
        <div role="status" className="mfs-dropdown__status">{SUGGESTIONS_LOADING_TEXT}</div>
      </div>
    </div>
  );
}

const NO_OPTIONS: SearchController['options'] = [];

/**
 * The header search box, a WAI-ARIA combobox (spec §2 Search dropdown, §4, §5, §7, §9):
 * - input role=combobox named 'Search products and recipes', max 100 characters, aria-expanded,
 *   aria-controls (the listbox), aria-activedescendant across the shown options (ArrowUp/ArrowDown);
 * - empty box: recent searches (removable with Delete or the × mark; labels cut at 45 characters) and
 *   popular searches, as labelled groups of one listbox;
 * - typing: suggestions 1000 ms after typing stops, inline completion from 2 characters accepted with
 *   Tab, product and recipe cards, an optional promotional redirect card, and a no-results view
 *   (profanity-aware wording) with carousels of the store's popular items;
 * - Enter accepts the active option or submits; Escape closes, a second Escape clears;
 * - submitting saves a recent search, publishes `search/submitted` and goes (the kit's `useNavigate`,
 *   i.e. the shell's navigate) to `/?query=<q>&tab=<product|recipe>`, or to the redirect card's
 *   address; submitted before the answer, one 1-hit query decides (the latest submit wins);
 * - Insights click/conversion events and `view_item_list` analytics.
 *
 * Loading (paint first: nothing downloaded before it is needed): this component — form, input, submit button and the input's state — is all
 * './spa' loads up front. Everything behind the dropdown is `SearchEngine`, its own chunk, loaded when
 * the pointer enters the box or the box gets focus. The input stays here, so what is typed while the
 * chunk loads is kept (the engine reads the current text when it mounts) and the dropdown shows its
 * loading status meanwhile; Enter before it arrives is queued and submitted by the engine when it
 * mounts (if the chunk cannot be loaded, the search still goes to the results page's product tab).
 * Search client, bus and config: the app's (`useSearchApp`).
 */
export function SearchBox({ initialQuery = '' }: SearchBoxProps) {
  const { bus } = useSearchApp();
  const navigate = useNavigate();
  const [state, dispatch] = useReducer(dropdownReducer, initialQuery, (q: string) => initialDropdownState(q.slice(0, MAX_QUERY_LENGTH)));
  // The engine component once wanted (first focus or submit); already there if its chunk was loaded before.
  const [Engine, setEngine] = useState<Engine | null>(() => engineModule?.SearchEngine ?? null);
  const [controller, setController] = useState<SearchController | null>(null);
  const pendingSubmit = useRef<string | null>(null);

  const baseId = useId();
  const inputId = `${baseId}-input`;
  const listboxId = `${baseId}-listbox`;
  const optionId = useCallback((i: number) => `${baseId}-option-${i}`, [baseId]);
  const containerRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);

  const wantEngine = useCallback(() => setEngine((current: Engine | null) => current ?? engineComponent()), []);
  const takePendingSubmit = useCallback(() => {
    const raw = pendingSubmit.current;
    pendingSubmit.current = null;
    return raw;
  }, []);
  const onEngineError = useCallback((error: unknown) => {
    console.error('[mf-search] search dropdown failed', error);
    setEngine(null); // the next focus tries again
    const raw = takePendingSubmit();
    const q = raw === null ? '' : sanitizeQuery(raw);
    if (q) {
      bus.emit('search/submitted', { query: q, tab: 'product' });
      navigate(resultsUrl(q, 'product'));
    }
  }, [bus, navigate, takePendingSubmit]);

  // The engine's view of the current text (one render behind while a keystroke propagates, never painted).
  const current = controller && controller.inputValue === state.inputValue ? controller : null;
  const typing = toSearchText(state.inputValue) !== '';
  const expanded = controller ? controller.expanded : state.isOpen && typing;
  const options = controller?.options ?? NO_OPTIONS;
  const activeIndex = controller?.activeIndex ?? -1;
  const activeId = expanded && activeIndex >= 0 ? optionId(activeIndex) : undefined;
  const completionFor = current?.completionFor ?? null;
  const completion = completionFor ? completionFor.slice(state.inputValue.length) : '';

  const submit = (raw: string) => {
    if (controller) {
      controller.submit(raw);
      return;
    }
    if (!sanitizeQuery(raw)) return;
    pendingSubmit.current = raw; // the latest submit wins
    dispatch({ type: 'left', keepAnswer: false });
    wantEngine();
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    switch (e.key) {
      case 'ArrowDown':
      case 'ArrowUp':
        e.preventDefault();
        dispatch({ type: 'active/moved', delta: e.key === 'ArrowDown' ? 1 : -1, count: options.length });
        break;
      case 'Enter':
        if (controller && expanded && activeIndex >= 0) {
          e.preventDefault();
          controller.pick(options[activeIndex].label);
        }
        break; // otherwise the form submits
      case 'Tab':
        if (completionFor && !e.shiftKey && !e.altKey && !e.ctrlKey && !e.metaKey) {
          e.preventDefault();
          dispatch({ type: 'input/changed', value: completionFor.slice(0, MAX_QUERY_LENGTH) });
        }
        break;
      case 'Delete':
        if (controller && expanded && activeIndex >= 0 && options[activeIndex].kind === 'recent') {
          e.preventDefault();
          controller.removeRecent(options[activeIndex].id);
        }
        break;
      case 'Escape':
        e.preventDefault();
        if (state.isOpen) dispatch({ type: 'closed' });
        else dispatch({ type: 'cleared' });
        break;
      default:
        break;
    }
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    submit(state.inputValue);
  };

  const onBlur = (e: FocusEvent<HTMLDivElement>) => {
    const next = e.relatedTarget as Node | null;
    if (!next || !containerRef.current?.contains(next)) dispatch({ type: 'closed' });
  };

  return (
    <div className="mfs-search" ref={containerRef} onBlur={onBlur} onFocus={wantEngine} onPointerEnter={prefetchEngine}>
      <form role="search" aria-label="Site search" className="mfs-search__form" onSubmit={onSubmit}>
        <label htmlFor={inputId} className="mfs-visually-hidden">{SEARCH_LABEL}</label>
        <div className="mfs-search__field">
          <SearchField
            ref={inputRef} baseId={baseId} value={state.inputValue} completion={completion} expanded={expanded}
            listboxId={listboxId} activeId={activeId} onKeyDown={onKeyDown}
            onChange={(value) => dispatch({ type: 'input/changed', value })} onFocus={() => dispatch({ type: 'opened' })}
          />
        </div>
        <button type="submit" className="mfs-search__submit" aria-label="Search">
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
            <path fill="currentColor" d="M10 2a8 8 0 0 1 6.32 12.9l5.39 5.4-1.41 1.4-5.4-5.39A8 8 0 1 1 10 2zm0 2a6 6 0 1 0 0 12 6 6 0 0 0 0-12z" />
          </svg>
        </button>
      </form>
      {Engine ? (
        <EngineBoundary onError={onEngineError}>
          <Suspense fallback={state.isOpen && typing ? <DropdownLoading /> : null}>
            <Engine
              state={state}
              dispatch={dispatch}
              listboxId={listboxId}
              optionId={optionId}
              inputRef={inputRef}
              onController={setController}
              takePendingSubmit={takePendingSubmit}
            />
          </Suspense>
        </EngineBoundary>
      ) : state.isOpen && typing ? <DropdownLoading /> : null}
    </div>
  );
}

interface SearchFieldProps {
  ref: Ref<HTMLInputElement>;
  baseId: string;
  value: string;
  /** The rest of the inline completion (grey text after what was typed), or ''. */
  completion: string;
  expanded: boolean;
  listboxId: string;
  activeId: string | undefined;
  onChange: (value: string) => void;
  onKeyDown: (e: KeyboardEvent<HTMLInputElement>) => void;
  onFocus: () => void;
}

/** The combobox input (max 100 characters) with its inline completion and the 'Press Tab' hint. */
function SearchField({ ref, baseId, value, completion, expanded, listboxId, activeId, onChange, onKeyDown, onFocus }: SearchFieldProps) {
  return (
    <>
      {completion ? (
        <span className="mfs-search__ghost" aria-hidden="true" data-testid="inline-completion">
          <span className="mfs-search__ghost-typed">{value}</span>
          <span className="mfs-search__ghost-rest">{completion}</span>
        </span>
      ) : null}
      <input
        ref={ref}
        id={`${baseId}-input`}
        className="mfs-search__input"
        type="text"
        role="combobox"
        aria-autocomplete="both"
        aria-expanded={expanded}
        aria-controls={listboxId}
        aria-activedescendant={activeId}
        aria-describedby={completion ? `${baseId}-completion` : undefined}
        autoComplete="off"
        spellCheck={false}
        enterKeyHint="search"
        maxLength={MAX_QUERY_LENGTH}
        placeholder="Search products and recipes"
        value={value}
        onChange={(e) => onChange(e.target.value.slice(0, MAX_QUERY_LENGTH))}
        onKeyDown={onKeyDown}
        onFocus={onFocus}
      />
      {completion ? (
        <span id={`${baseId}-completion`} className="mfs-visually-hidden">{`Press Tab to complete: ${value}${completion}`}</span>
      ) : null}
    </>
  );
}
