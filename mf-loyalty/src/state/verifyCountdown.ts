/**
 * The verify flow's resend countdown (spec §4 Verify flow "stores a 30-second countdown"; §9
 * "verify_resend_code 30 s"). Stored in sessionStorage under `scene_verify_resend_at` as the epoch ms
 * at which 'Resend code' becomes available, so a reload of /verify-card keeps counting.
 */

/** sessionStorage key. */
export const COUNTDOWN_KEY = 'scene_verify_resend_at';
/** Countdown length, seconds (spec §9 verify_resend_code 30 s). */
export const COUNTDOWN_S = 30;

/** Starts (or restarts) the 30-second countdown from `now` (epoch ms). */
export function startCountdown(now: number = Date.now()): void {
  try {
    sessionStorage.setItem(COUNTDOWN_KEY, String(now + COUNTDOWN_S * 1000));
  } catch {
    // storage unavailable (private mode): the BFF's verify_resend_code cookie still enforces the wait
  }
}

/** Whole seconds left before 'Resend code' (0 when none stored or elapsed). */
export function secondsLeft(now: number = Date.now()): number {
  let raw: string | null = null;
  try {
    raw = sessionStorage.getItem(COUNTDOWN_KEY);
  } catch {
    return 0;
  }
  const at = Number(raw);
  if (!raw || !Number.isFinite(at)) return 0;
  return Math.max(0, Math.min(COUNTDOWN_S, Math.ceil((at - now) / 1000)));
}

/** Clears the countdown (after a successful verification). */
export function clearCountdown(): void {
  try {
    sessionStorage.removeItem(COUNTDOWN_KEY);
  } catch {
    // nothing stored
  }
}

/** Whether a code was sent from this tab (a countdown was stored, elapsed or not). */
export function codeWasSent(): boolean {
  try {
    return sessionStorage.getItem(COUNTDOWN_KEY) !== null;
  } catch {
    return false;
  }
}
