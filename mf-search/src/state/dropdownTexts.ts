/** The search box's own text (spec §2), in the always-loaded box; the answers' texts are in `answerTexts.ts`. */

/** The dropdown's status while the answer for the typed text loads (also while the dropdown's own chunk loads). */
export const SUGGESTIONS_LOADING_TEXT = 'Finding the best matches for you...';
