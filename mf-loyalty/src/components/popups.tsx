/**
 * The four card popups (spec §2 Card popups; §4 popupType): addCard, linkCard, ghostCard,
 * createScenePopup. Each is a {@link Dialog} with 'Remind me later' (soft close) and the x (hard
 * close); the host decides when they open and writes the suppression cookie on close.
 */
import { useState, type FormEvent, type MouseEvent } from 'react';
import { useMutation, useRemote } from '@storefront/remote-kit';
import type { BffEnvelope, Session } from 'shared-events';
import type { LoyaltyApi } from '../api/loyaltyApi';
import { lastFour, validateCardNumber } from '../state/cardNumber';
import { addCardMessage, EXCEPTION_MESSAGE, linkAccountMessage } from '../state/messages';
import { SESSION_PROBLEM_CODE } from '../state/popupMachine';
import { Dialog } from './Dialog';
import { useDescribedField } from './describedField';
import { REGISTER_PATH } from '../state/registerUrl';
import { useRegisterUrl } from '../hooks/useRegisterUrl';
import { identityOriginOf } from '../state/screenSet';
import { AddCardScreenSet, type ScreenSetResult } from './AddCardScreenSet';

/**
 * The storefront's registration path (spec §2 Routes "/register External loyalty site (registration)").
 * The buttons use {@link useRegisterUrl}: the external loyalty site from the runtime config, with the
 * page to return to; this path only when the config names no site.
 */
export const REGISTER_URL = REGISTER_PATH;

/** Props every popup gets from the host. */
export interface PopupBaseProps {
  onSoftClose: () => void;
  onHardClose: () => void;
}

/** Outcome of a popup's call the host acts on. */
export type CallOutcome = { kind: 'success' } | { kind: 'alreadyLinked' } | { kind: 'sessionProblem' };

interface CallingPopupProps extends PopupBaseProps {
  api: LoyaltyApi;
  /** The call succeeded (card added / verification code sent) or answered 439; the host takes over. */
  onOutcome: (outcome: CallOutcome) => void;
  /** popup_click analytics of the main action. */
  onAction?: () => void;
}

/**
 * Runs a BFF call (the popups' mutation function): 439 → sessionProblem; ALREADY_LINKED → alreadyLinked;
 * `isSuccess` → success; else the error text from `toMessage`; a thrown call (network, 5xx) → spec §8
 * "Exception during a call". Never rejects.
 */
async function run(
  call: () => Promise<BffEnvelope<unknown>>,
  isSuccess: (env: BffEnvelope<unknown>) => boolean,
  toMessage: (env: BffEnvelope<unknown>) => string,
): Promise<CallOutcome | { kind: 'error'; message: string }> {
  try {
    const env = await call();
    if (String(env.code) === String(SESSION_PROBLEM_CODE)) return { kind: 'sessionProblem' };
    if (env.status === 'success' && env.code === 'ALREADY_LINKED') return { kind: 'alreadyLinked' };
    if (isSuccess(env)) return { kind: 'success' };
    return { kind: 'error', message: toMessage(env) };
  } catch {
    return { kind: 'error', message: EXCEPTION_MESSAGE };
  }
}

/**
 * Add Scene+ card (spec §2 "embeds a registration screen set"): the identity provider's add-card screen
 * set in an iframe ({@link AddCardScreenSet}; config `oidc.issuer` names its origin) holds the card form
 * and its validation (16 digits starting 6046, spaces allowed); its submitted number goes to
 * `POST /api/account/card` here (a kit `useMutation`, no retry), with the shopper's session, and the
 * answer back to the frame. Without an identity provider in the config, the same form is shown in the
 * dialog itself. A 'Get a Scene+ card' link leads to registration for shoppers without a card.
 */
export function AddCardPopup({ api, onOutcome, onAction, onSoftClose, onHardClose, onRegister }: CallingPopupProps & { onRegister: () => void }) {
  const registerHref = useRegisterUrl();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const field = useDescribedField(error);
  const addCard = useMutation({
    mutationFn: (cardNumber: string) => run(
      () => api.addCard(cardNumber),
      (env) => env.status === 'success',
      (env) => addCardMessage(env.code, env.message),
    ),
  });
  const busy = addCard.isPending;
  const identityOrigin = identityOriginOf(useRemote().config);

  /** A number the screen set submitted (already checked there): the BFF call; the result for the frame. */
  const submitFromFrame = async (cardNumber: string): Promise<ScreenSetResult> => {
    onAction?.();
    const outcome = await addCard.mutateAsync(cardNumber);
    if (outcome.kind === 'error') return { ok: false, message: outcome.message };
    onOutcome(outcome);
    return { ok: true, message: 'Card added' };
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    onAction?.();
    const checked = validateCardNumber(value);
    if (!checked.ok) { setError(checked.error); return; }
    setError(null);
    const outcome = await addCard.mutateAsync(checked.cardNumber);
    if (outcome.kind === 'error') setError(outcome.message);
    else onOutcome(outcome);
  };

  return (
    <Dialog
      title="Add your Scene+ card"
      description="Add your Scene+ card to collect points on every shop and see your balance here."
      onSoftClose={onSoftClose}
      onHardClose={onHardClose}
    >
      {identityOrigin ? (
        <AddCardScreenSet identityOrigin={identityOrigin} onSubmit={submitFromFrame} onCancel={onSoftClose} />
      ) : (
        <form className="mfl-form" onSubmit={submit} noValidate>
          <label className="mfl-label" htmlFor={field.inputProps.id}>Scene+ card number</label>
          <p className="mfl-hint" id={field.hintId}>The 16-digit number on your card, starting with 6046.</p>
          <input {...field.inputProps} className="mfl-input" name="cardNumber" inputMode="numeric" autoComplete="off" maxLength={23} value={value} onChange={(e) => setValue(e.target.value)} />
          {field.errorLine}
          <button type="submit" className="mfl-btn" disabled={busy} aria-busy={busy || undefined}>
            {busy ? 'Adding card…' : 'Add Card'}
          </button>
        </form>
      )}
      <p className="mfl-aside">
        No card yet? <a href={registerHref} onClick={onRegister}>Get a Scene+ card</a>
      </p>
    </Dialog>
  );
}

/**
 * Verify/link card (spec §4 LP01/LP02): 'Link My Card' → `POST /api/services/linkAccount` (a kit
 * `useMutation`, no retry; 'Linking…' while it runs); code 200
 * starts the verify flow (host); 'ALREADY_LINKED' (success) refreshes the session; any other code
 * shows the spec §8 link-account message as text.
 */
export function LinkCardPopup({ api, session, onOutcome, onAction, onSoftClose, onHardClose }: CallingPopupProps & { session: Session }) {
  const [error, setError] = useState<string | null>(null);
  const linkAccount = useMutation({
    mutationFn: () => run(
      () => api.linkAccount(),
      (env) => env.status === 'success' && String(env.code) === '200',
      (env) => linkAccountMessage(env.code, env.message),
    ),
  });
  const busy = linkAccount.isPending;
  const last4 = session.scene?.cardNumber ? lastFour(session.scene.cardNumber) : null;

  const link = async () => {
    if (busy) return;
    onAction?.();
    setError(null);
    const outcome = await linkAccount.mutateAsync();
    if (outcome.kind === 'error') setError(outcome.message);
    else onOutcome(outcome);
  };

  return (
    <Dialog
      title="Link your Scene+ card"
      description={last4
        ? `Link the Scene+ card ending in ${last4} to your account to see your points. We will email you a verification code.`
        : 'Link your Scene+ card to your account to see your points. We will email you a verification code.'}
      onSoftClose={onSoftClose}
      onHardClose={onHardClose}
    >
      {error && <p className="mfl-error" role="alert">{error}</p>}
      <button type="button" className="mfl-btn" onClick={link} disabled={busy} aria-busy={busy || undefined}>
        {busy ? 'Linking…' : 'Link My Card'}
      </button>
    </Dialog>
  );
}

interface RegisterPopupProps extends PopupBaseProps {
  /** The register link was followed (analytics; the page then leaves for /register). */
  onRegister: (e: MouseEvent<HTMLAnchorElement>) => void;
}

/** The words of a popup whose one action is the register link. */
interface RegisterCopy {
  title: string;
  description: string;
  action: string;
}

/** A popup whose main action leads to registration ({@link useRegisterUrl}). */
function RegisterPopup({ copy, onRegister, onSoftClose, onHardClose }: RegisterPopupProps & { copy: RegisterCopy }) {
  const registerHref = useRegisterUrl();
  return (
    <Dialog title={copy.title} description={copy.description} onSoftClose={onSoftClose} onHardClose={onHardClose}>
      <a className="mfl-btn" href={registerHref} onClick={onRegister}>{copy.action}</a>
    </Dialog>
  );
}

const GHOST_CARD_COPY: RegisterCopy = {
  title: 'Finish registering your Scene+ card',
  description: 'Your Scene+ card is not registered yet. Register it to start collecting and redeeming points.',
  action: 'Register Scene+ Card',
};

const CREATE_SCENE_COPY: RegisterCopy = {
  title: 'Collect Scene+ points on your groceries',
  description: 'Create a free Scene+ account and earn points every time you shop with us.',
  action: 'Create a Scene+ account',
};

/** New (ghost) card, LP03 (spec §4): the card is not registered yet → 'Register Scene+ Card'. */
export function GhostCardPopup(props: RegisterPopupProps) {
  return <RegisterPopup copy={GHOST_CARD_COPY} {...props} />;
}

/** Create Scene+ account (spec §4: signed in, no card, recipe detail page scrolled > 100 px). */
export function CreateScenePopup(props: RegisterPopupProps) {
  return <RegisterPopup copy={CREATE_SCENE_COPY} {...props} />;
}
