import { useEffect, useState, type FormEvent } from 'react';
import { safeReturnPath, useMutation } from '@storefront/remote-kit';
import { bus as sharedBus, useBusState, type BffEnvelope } from 'shared-events';
import type { LoyaltyApi } from '../api/loyaltyApi';
import { useLoyaltyApi, type LoyaltyProps } from '../hooks/useLoyaltyApi';
import { SignInPrompt } from './SignInPrompt';
import { useDescribedField } from './describedField';
import { trackCardActivation } from '../api/analytics';
import { runBusEffects } from '../api/busEffects';
import { EXCEPTION_MESSAGE, linkAccountMessage, verifyMessage } from '../state/messages';
import { effectsForResponseCode, SESSION_PROBLEM_CODE } from '../state/popupMachine';
import { clearCountdown, codeWasSent, COUNTDOWN_S, secondsLeft, startCountdown } from '../state/verifyCountdown';
import { isSignedIn } from '../state/signedIn';

/** Said when a code was sent from this page (the BFF mails it to the account's email). */
export const CODE_SENT_NOTICE = 'Code sent: check your email.';
/** Said when a new code was sent. */
export const NEW_CODE_NOTICE = 'We sent a new code to your email.';
/** The code had its 5 tries (BFF 429 'TOO_MANY_ATTEMPTS'): only a new code helps. */
export const TOO_MANY_TRIES_MESSAGE = 'Too many wrong codes. This code no longer works: send a new code, then enter it here.';
/** Toast after a successful verification. */
export const VERIFIED_MESSAGE = 'Your Scene+ card is verified and linked to your account.';

/** Props of {@link VerifyCardPage}. */
export interface VerifyCardPageProps extends LoyaltyProps {
  /** `location.search` of the page, e.g. '?redirectUrl=%2Frecipes'. */
  search: string;
}

/**
 * The 'Send code' / 'Resend code' request sequence (spec §4 Verify flow): `POST linkAccount` when no
 * code was sent from this tab, else `POST resendCode`, and `linkAccount` after all when the BFF has
 * no pending verification (`NO_PENDING_VERIFICATION`, e.g. the 900 s code expired).
 * @returns which call answered last and its envelope; rejects when a call throws (`BffError`)
 */
async function sendCode(api: LoyaltyApi, sent: boolean): Promise<{ call: 'linkAccount' | 'resendCode'; env: BffEnvelope<unknown> }> {
  if (!sent) return { call: 'linkAccount', env: await api.linkAccount() };
  const env = await api.resendCode();
  if (env.code === 'NO_PENDING_VERIFICATION') return { call: 'linkAccount', env: await api.linkAccount() };
  return { call: 'resendCode', env };
}

/** The message for a verifyCode / resendCode answer that is not a success. */
function failureMessage(env: BffEnvelope<unknown>): string {
  return env.code === 'TOO_MANY_ATTEMPTS' ? TOO_MANY_TRIES_MESSAGE : verifyMessage(env.code, env.message);
}

/**
 * Restarts the countdown so it ends when the BFF allows a new code: `data.resendIn` (linkAccount) or
 * `data.retryAfter` (RESEND_TOO_SOON), seconds; 30 s when the answer names none.
 */
function syncCountdown(env: BffEnvelope<unknown>, nowMs: number): void {
  const data = (env.data ?? {}) as { resendIn?: unknown; retryAfter?: unknown };
  const wait = typeof data.resendIn === 'number' ? data.resendIn : typeof data.retryAfter === 'number' ? data.retryAfter : COUNTDOWN_S;
  startCountdown(nowMs + (Math.min(COUNTDOWN_S, Math.max(0, wait)) - COUNTDOWN_S) * 1000);
}

/** Re-renders every second while `active`, so the countdown text follows the clock. */
function useTick(active: boolean): void {
  const [, setTick] = useState(0);
  useEffect(() => {
    if (!active) return undefined;
    const id = setInterval(() => setTick((t) => t + 1), 1000);
    return () => clearInterval(id);
  }, [active]);
}

/**
 * `/verify-card` (spec §2 Routes "Card verification; takes a redirectUrl parameter"; §4 Verify flow):
 * enter the code the BFF emailed → `POST /api/services/verifyCode`; 'Send a new code' → `POST
 * /api/services/resendCode`, enabled when the 30 s countdown (sessionStorage, synced with the BFF's
 * `resendIn` / `retryAfter`) is over. Clear messages for a wrong, expired or used-up code (5 tries); on success:
 * `session/refresh-requested` (points appear in the header), card_activation analytics, and back to
 * `redirectUrl` when it is a path on this site (the kit's `safeReturnPath`: one leading '/', no
 * scheme, other origin, '//', backslash, control characters, nor encoded forms of these), else '/'.
 * The calls are kit `useMutation`s (no retry); 'Verifying…' and the disabled buttons while they run.
 */
export function VerifyCardPage({ bus = sharedBus, apiBase = '/api', api: apiProp, navigate, search, now = Date.now }: VerifyCardPageProps) {
  const api = useLoyaltyApi(apiBase, apiProp);
  const session = useBusState(bus.state.session);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const field = useDescribedField(error);
  const [notice, setNotice] = useState<string | null>(null);
  const [sent, setSent] = useState(codeWasSent);
  const verifyCode = useMutation({ mutationFn: (digits: string) => api.verifyCode(digits) });
  const resendCode = useMutation({ mutationFn: () => sendCode(api, sent) });
  const busy = verifyCode.isPending ? 'verify' : resendCode.isPending ? 'resend' : null;
  const left = secondsLeft(now());
  useTick(left > 0);

  const redirectUrl = new URLSearchParams(search).get('redirectUrl');
  const go = (url: string) => (navigate ? navigate(url) : window.location.assign(url));

  if (!isSignedIn(session)) {
    return (
      <section className="mfl-page" aria-labelledby="mfl-verify-title">
        <h1 id="mfl-verify-title">Verify your Scene+ card</h1>
        {session.isLoading
          ? <p role="status">Loading your account…</p>
          : <SignInPrompt bus={bus} text="Sign in to verify your Scene+ card." returnTo={`/verify-card${search}`} />}
      </section>
    );
  }

  const handle439 = (c: string | number) => {
    if (String(c) !== String(SESSION_PROBLEM_CODE)) return false;
    runBusEffects(bus, effectsForResponseCode(c));
    return true;
  };

  const verify = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const digits = code.replace(/\s+/g, '');
    if (!/^\d{6}$/.test(digits)) { setError('Enter the 6-digit code from the email.'); return; }
    setError(null);
    setNotice(null);
    try {
      const env = await verifyCode.mutateAsync(digits);
      if (handle439(env.code)) return;
      if (env.status !== 'success') { setError(failureMessage(env)); return; }
      clearCountdown();
      trackCardActivation(bus);
      bus.emit('toast/show', { id: 'scene-verify', message: VERIFIED_MESSAGE, kind: 'success' });
      bus.emit('session/refresh-requested', { reason: 'card-verified' });
      go(safeReturnPath(redirectUrl));
    } catch {
      setError(EXCEPTION_MESSAGE);
    }
  };

  /** linkAccount answered: the first code was sent (spec §4 Verify flow), or why not. */
  const onLinkAnswer = (env: BffEnvelope<unknown>) => {
    if (handle439(env.code)) return;
    if (env.status === 'success' && env.code === 'ALREADY_LINKED') {
      bus.emit('session/refresh-requested', { reason: 'card-already-linked' });
      go(safeReturnPath(redirectUrl));
      return;
    }
    if (env.status !== 'success' || String(env.code) !== '200') { setError(linkAccountMessage(env.code, env.message)); return; }
    syncCountdown(env, now());
    setSent(true);
    setNotice(CODE_SENT_NOTICE);
  };

  const resend = async () => {
    if (busy || left > 0) return;
    setError(null);
    setNotice(null);
    try {
      const { call, env } = await resendCode.mutateAsync();
      if (call === 'linkAccount') { onLinkAnswer(env); return; }
      if (handle439(env.code)) return;
      if (env.code === 'RESEND_TOO_SOON') syncCountdown(env, now());
      if (env.status !== 'success') { setError(failureMessage(env)); return; }
      syncCountdown(env, now());
      setNotice(NEW_CODE_NOTICE);
    } catch {
      setError(EXCEPTION_MESSAGE);
    }
  };

  return (
    <section className="mfl-page" aria-labelledby="mfl-verify-title">
      <h1 id="mfl-verify-title">Verify your Scene+ card</h1>
      <p>
        {sent
          ? 'We sent a code to your email. Enter the 6-digit code to finish linking your Scene+ card.'
          : 'Send a verification code to the email on your Scene+ account, then enter it here to finish linking your card.'}
      </p>
      <p className="mfl-hint" id={field.hintId}>The code is valid for 15 minutes. Check your spam folder if it is not in your inbox.</p>
      <form className="mfl-form mfl-form--inline" onSubmit={verify} noValidate>
        <label className="mfl-label" htmlFor={field.inputProps.id}>Verification code</label>
        <input {...field.inputProps} className="mfl-input mfl-input--code" inputMode="numeric" autoComplete="one-time-code" maxLength={6} value={code} onChange={(e) => setCode(e.target.value)} />
        {field.errorLine}
        <div className="mfl-actions">
          <button type="submit" className="mfl-btn" disabled={busy !== null} aria-busy={busy === 'verify' || undefined}>
            {busy === 'verify' ? 'Verifying…' : 'Verify'}
          </button>
          <button type="button" className="mfl-btn mfl-btn--quiet" onClick={resend} disabled={left > 0 || busy !== null}>
            {left > 0 ? `Send a new code in ${left} s` : sent ? 'Send a new code' : 'Send code'}
          </button>
        </div>
      </form>
      <p role="status" className="mfl-notice">{notice}</p>
    </section>
  );
}
