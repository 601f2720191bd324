/**
 * The card-popup state machine (spec §4 Card popup state, Suppression; §8 Error catalogue; §9).
 * Pure: the same input always gives the same output; the caller (PopupHost) performs the effects.
 *
 * Rows (each is a unit test in popupMachine.test.ts):
 * - signed out, or the session still loading → none, no effects.
 * - a card number exists:
 *   - LP00 → toast (spec §8 card status); no popup; panel 'none' (offers loading skipped).
 *   - LP01 → linkCard if the card is not linked, not suppressed, and the page is neither /verify-card
 *     nor /scene; panel 'verify' when not linked, else 'balance'.
 *   - LP02 → the same toast, and linkCard under the LP01 conditions.
 *   - LP03 → ghostCard if not suppressed; panel 'register'.
 *   - any other status (null) with an unlinked card → no popup; panel 'verify'.
 *   - linked with LP01 or LP02 → the historyLite fetch effect.
 * - no card number → addCard unless suppressed or on /verify-card, /scene or /my-profile; panel
 *   'link'. When addCard is not shown (suppressed or excluded page) and the page is a recipe detail
 *   page `/recipes/<slug>` scrolled more than 100 px → createScenePopup if not suppressed.
 * - a service answer with code 439 → toast 'Something went wrong!' and forced sign-out
 *   ({@link effectsForResponseCode}).
 */
import type { CardStatus, PopupType, Session } from 'shared-events';
import { isSuppressed, type SuppressionState } from './suppression';
import { CARD_STATUS_MESSAGE, CARD_STATUS_TOAST_ID, SESSION_PROBLEM_MESSAGE } from './messages';

/** Spec §9 "Scroll threshold for create-account popup": more than this many px. */
export const SCROLL_THRESHOLD_PX = 100;

/** Pages where linkCard is not shown (spec §4 LP01). */
export const LINK_EXCLUDED_PATHS: readonly string[] = ['/verify-card', '/scene'];
/** Pages where addCard is not shown (spec §4 "No card number"). */
export const ADD_EXCLUDED_PATHS: readonly string[] = ['/verify-card', '/scene', '/my-profile'];

/** Recipe detail pages `/recipes/<slug>` (spec §2 Routes), but not the listing pages under /recipes. */
const RECIPE_LISTS = new Set(['my-recipe-lists', 'meal-plan']);

/** Whether `path` is a recipe detail page `/recipes/<slug>` (spec §2 Routes). */
export function isRecipeDetailPath(path: string): boolean {
  const m = /^\/recipes\/([^/]+)\/?$/.exec(path);
  return !!m && !RECIPE_LISTS.has(m[1]);
}

/** The Scene+ panel state of the account menu (spec §2 Header "exactly one of four states"), or none (LP00). */
export type ScenePanel = 'link' | 'register' | 'verify' | 'balance' | 'none';

/** A side effect the caller performs. */
export type MachineEffect =
  | { kind: 'toast'; id: string; message: string; toastKind: 'error' }
  | { kind: 'fetchHistoryLite' }
  | { kind: 'signOut' };

/** The machine's input. */
export interface MachineInput {
  /** `bus.state.session` (uid, loggedIn, isLoading, scene, cardStatus). */
  session: Pick<Session, 'uid' | 'loggedIn' | 'isLoading' | 'scene' | 'cardStatus'>;
  /** `location.pathname`, e.g. '/recipes/pasta-bake'. */
  path: string;
  /** Suppression records by popup (from the cookies). */
  suppression: SuppressionState;
  /** Epoch ms (fake clocks in tests). */
  now: number;
  /** `window.scrollY` in px. */
  scrollY: number;
}

/** The machine's output. */
export interface MachineOutput {
  popupType: PopupType;
  panel: ScenePanel;
  /** Effects for this session state: they depend only on the session, never on path or scroll. */
  effects: MachineEffect[];
}

const CARD_STATUS_TOAST: MachineEffect = { kind: 'toast', id: CARD_STATUS_TOAST_ID, message: CARD_STATUS_MESSAGE, toastKind: 'error' };

/** Spec §4 Card popup state: (session, card status, path, suppression, now, scroll) → popup, panel, effects. */
export function decidePopup({ session, path, suppression, now, scrollY }: MachineInput): MachineOutput {
  // Signed in = loggedIn with a uid (the id token stays at the BFF, never on the page).
  if (!session.loggedIn || !session.uid || session.isLoading) return { popupType: 'none', panel: 'none', effects: [] };
  const free = (p: Exclude<PopupType, 'none'>) => !isSuppressed(suppression[p], now);
  const cardNumber = session.scene?.cardNumber ?? null;

  if (!cardNumber) {
    const addCard = free('addCard') && !ADD_EXCLUDED_PATHS.includes(path);
    if (addCard) return { popupType: 'addCard', panel: 'link', effects: [] };
    const createScene = isRecipeDetailPath(path) && scrollY > SCROLL_THRESHOLD_PX && free('createScenePopup');
    return { popupType: createScene ? 'createScenePopup' : 'none', panel: 'link', effects: [] };
  }

  const linked = session.scene?.linkedStatus === true;
  const status: CardStatus | null = session.cardStatus ?? null;
  const effects: MachineEffect[] = [];
  if (status === 'LP00' || status === 'LP02') effects.push(CARD_STATUS_TOAST);
  if (linked && (status === 'LP01' || status === 'LP02')) effects.push({ kind: 'fetchHistoryLite' });

  switch (status) {
    case 'LP00':
      return { popupType: 'none', panel: 'none', effects };
    case 'LP01':
    case 'LP02': {
      const linkCard = !linked && free('linkCard') && !LINK_EXCLUDED_PATHS.includes(path);
      return { popupType: linkCard ? 'linkCard' : 'none', panel: linked ? 'balance' : 'verify', effects };
    }
    case 'LP03':
      return { popupType: free('ghostCard') ? 'ghostCard' : 'none', panel: 'register', effects };
    default:
      return { popupType: 'none', panel: linked ? 'balance' : 'verify', effects };
  }
}

/** Spec §4/§8: code 439 (session problem) → the toast 'Something went wrong!' and forced sign-out. */
export const SESSION_PROBLEM_CODE = 439;

/** Effects of a service answer's code: 439 → toast + sign-out; anything else → none (pure). */
export function effectsForResponseCode(code: string | number | null | undefined): MachineEffect[] {
  if (String(code) !== String(SESSION_PROBLEM_CODE)) return [];
  return [
    { kind: 'toast', id: 'session-problem', message: SESSION_PROBLEM_MESSAGE, toastKind: 'error' },
    { kind: 'signOut' },
  ];
}
