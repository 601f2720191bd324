/**
 * The shell's stable error codes (ARCHITECTURE §2, §8: "give our own failures stable codes and one page
 * that explains them"). Every code is explained in `shell/docs/errors.md`.
 *
 * A failure is reported with {@link reportShellError}: one `console.error` line starting with the code,
 * and one entry appended to `window.__SHELL_ERRORS__` (what the e2e suite reads).
 */
export const SHELL_ERRORS = {
  /** `/remotes.json` could not be fetched, was not a JSON object, or an entry was not an http(s) URL. */
  REMOTE_MAP_INVALID: 'SHELL-001',
  /** A remote's manifest, entry or exposed module failed to load (MF `errorLoadRemote`). */
  REMOTE_LOAD_FAILED: 'SHELL-002',
  /** A remote loaded but threw in a single-spa lifecycle (bootstrap, mount, update, unmount). */
  REMOTE_LIFECYCLE_FAILED: 'SHELL-003',
  /** `/config.json` could not be fetched or broke the `RuntimeConfig` contract; defaults are used. */
  RUNTIME_CONFIG_INVALID: 'SHELL-004',
  /** A tester's remote override (query string or localStorage) was ignored. */
  REMOTE_OVERRIDE_REJECTED: 'SHELL-005',
  /** A shell page threw while rendering; its error boundary shows a short message. */
  SHELL_PAGE_CRASHED: 'SHELL-006',
  /** An optional remote (e.g. mf-loyalty) is not in the remote map: its apps are skipped (fallback, no load attempt). */
  REMOTE_NOT_IN_MAP: 'SHELL-007',
  /** Sign-in, sign-out or the session build failed (provider unreachable, callback error, account read failed). */
  SESSION_FAILED: 'SHELL-008',
  /** A remote's manifest, entry or chunk is not the published file (its SHA-384 differs from the pinned one); the remote shows its fallback. */
  REMOTE_INTEGRITY_FAILED: 'SHELL-009',
  /** A remote's manifest names another remote (e.g. a tester override pointing one slot at another remote's manifest); refused, fallback shown. */
  REMOTE_NAME_MISMATCH: 'SHELL-010',
} as const;

export type ShellErrorCode = (typeof SHELL_ERRORS)[keyof typeof SHELL_ERRORS];

/** One recorded failure, as found in `window.__SHELL_ERRORS__`. */
export interface ShellErrorRecord {
  code: ShellErrorCode;
  /** Human-readable summary (no stack). */
  message: string;
  /** The remote or single-spa application concerned, when there is one (e.g. 'mf-header', 'mf_search/results'). */
  remote?: string;
  /** `String(error)` of the underlying error, when there is one. */
  cause?: string;
  /** `Date.now()` when reported (ms since epoch). */
  at: number;
}

declare global {
  interface Window {
    __SHELL_ERRORS__?: ShellErrorRecord[];
  }
}

/** The page's error log (created on first use). */
export function shellErrors(): ShellErrorRecord[] {
  const w = globalThis as typeof globalThis & { __SHELL_ERRORS__?: ShellErrorRecord[] };
  if (!Array.isArray(w.__SHELL_ERRORS__)) w.__SHELL_ERRORS__ = [];
  return w.__SHELL_ERRORS__;
}

/**
 * Records a shell failure: `console.error('[SHELL-00x] message', cause)` (`console.warn` with
 * `level: 'warn'`, for expected conditions such as an optional remote not deployed yet) and a
 * {@link ShellErrorRecord} pushed onto `window.__SHELL_ERRORS__`.
 * @returns the record
 */
export function reportShellError(
  code: ShellErrorCode,
  message: string,
  details: { remote?: string; error?: unknown; level?: 'error' | 'warn' } = {},
): ShellErrorRecord {
  const record: ShellErrorRecord = { code, message, at: Date.now() };
  if (details.remote) record.remote = details.remote;
  if (details.error !== undefined) record.cause = String(details.error);
  shellErrors().push(record);
  const log = details.level === 'warn' ? console.warn : console.error;
  if (details.error !== undefined) log(`[${code}] ${message}`, details.error);
  else log(`[${code}] ${message}`);
  return record;
}
