import { useId, useState, type FormEvent } from 'react';
import { useMutation, useQuery } from '@storefront/remote-kit';
import { bus as sharedBus, type EventBus } from 'shared-events';
import type { AccountApi, PreferenceLanguage, Preferences } from '../api/accountApi';
import { ACCOUNT_QUERY, useAccount } from '../hooks/useAccount';
import { SignInPrompt } from './SignInPrompt';
import { EXCEPTION_MESSAGE } from '../state/messages';

/** Props of {@link PreferencesCentrePage}. */
export interface PreferencesCentrePageProps {
  bus?: EventBus;
  apiBase?: string;
  /** Replaces the real API (tests). */
  api?: AccountApi;
}

/** Shown after a successful save. */
export const SAVED_MESSAGE = 'Your preferences have been saved.';

/** What a failed save shows: the BFF's reason for an error envelope, else spec §8's exception message. */
export function saveFailedMessage(reason: string | null): string {
  return reason ? `Your preferences could not be saved: ${reason}` : EXCEPTION_MESSAGE;
}

type Outcome = { kind: 'saved' } | { kind: 'failed'; message: string } | null;

function PreferencesForm({ bus, api, initial }: { bus: EventBus; api: AccountApi; initial: Preferences }) {
  const id = useId();
  // The form owns what the shopper chose: a failed save leaves it as it is.
  const [draft, setDraft] = useState<Preferences>(initial);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const save = useMutation({
    mutationFn: async (preferences: Preferences): Promise<Outcome> => {
      try {
        const env = await api.savePreferences(preferences);
        if (env.status === 'success') return { kind: 'saved' };
        return { kind: 'failed', message: saveFailedMessage(env.message || String(env.code)) };
      } catch {
        return { kind: 'failed', message: saveFailedMessage(null) };
      }
    },
  });
  const busy = save.isPending;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setOutcome(null);
    const result = await save.mutateAsync(draft);
    setOutcome(result);
    // The session's `subscribed` (spec §3) follows the saved subscriptions.
    if (result?.kind === 'saved') bus.emit('session/refresh-requested', { reason: 'preferences-saved' });
  };

  const set = <K extends keyof Preferences>(key: K, value: Preferences[K]) => {
    setDraft((d) => ({ ...d, [key]: value }));
    setOutcome(null);
  };

  return (
    <form className="mfl-form mfl-prefs" onSubmit={(e) => { void submit(e); }} aria-busy={busy} noValidate>
      <fieldset>
        <legend>Email subscriptions</legend>
        <label className="mfl-check">
          <input type="checkbox" checked={draft.flyerEmail} onChange={(e) => set('flyerEmail', e.target.checked)} />
          Weekly flyer by email
        </label>
        <label className="mfl-check">
          <input type="checkbox" checked={draft.offersEmail} onChange={(e) => set('offersEmail', e.target.checked)} />
          Offers and news by email
        </label>
      </fieldset>
      <fieldset>
        <legend>Language</legend>
        {([['en', 'English'], ['fr', 'Français']] as [PreferenceLanguage, string][]).map(([value, label]) => (
          <label key={value} className="mfl-check" lang={value}>
            <input type="radio" name={`${id}-language`} value={value} checked={draft.language === value} onChange={() => set('language', value)} />
            {label}
          </label>
        ))}
      </fieldset>
      <div className="mfl-actions">
        <button type="submit" className="mfl-btn" disabled={busy}>{busy ? 'Saving…' : 'Save preferences'}</button>
      </div>
      {outcome?.kind === 'saved' && <p role="status" className="mfl-success">{SAVED_MESSAGE}</p>}
      {outcome?.kind === 'failed' && <p role="alert" className="mfl-error">{outcome.message}</p>}
    </form>
  );
}

/**
 * `/preferences-centre` (spec §2 Routes, §3 Session `subscribed` = flyer or opt-in email
 * subscription, §6): 'Weekly flyer by email' and 'Offers and news by email' checkboxes and the language
 * (English / Français), read with `GET /api/account/preferences` (kit `useQuery`, no retry) and saved
 * with `PUT` (kit `useMutation`). Saved → a success message and `session/refresh-requested` (so the
 * session's `subscribed` follows); failed → an error message, the form keeps the shopper's choices.
 * Signed out: a sign-in prompt once the session has loaded.
 */
export function PreferencesCentrePage({ bus = sharedBus, apiBase = '/api', api: apiProp }: PreferencesCentrePageProps) {
  const { api, session, signedIn } = useAccount(bus, apiBase, apiProp);

  const preferences = useQuery({
    queryKey: ['mf-loyalty', 'preferences', apiBase, session.uid],
    enabled: signedIn,
    ...ACCOUNT_QUERY,
    gcTime: 0,
    refetchOnWindowFocus: false,
    queryFn: async (): Promise<Preferences> => {
      const env = await api.getPreferences();
      if (env.status === 'success' && env.data) return env.data;
      throw new Error(`preferences answered ${String(env.code)}`);
    },
  });

  return (
    <section className="mfl-page" aria-labelledby="mfl-prefs-title">
      <h1 id="mfl-prefs-title">Preferences Centre</h1>
      {!signedIn && (session.isLoading
        ? <p role="status">Loading your account…</p>
        : <SignInPrompt bus={bus} text="Sign in to choose your flyer and email subscriptions and your language." returnTo="/preferences-centre" />)}
      {signedIn && (
        <>
          <p>Choose the emails you get from us and the language we write them in.</p>
          {preferences.isPending && !preferences.isError && <p role="status">Loading your preferences…</p>}
          {preferences.isError && (
            <div role="alert" className="mfl-error">
              <p>{EXCEPTION_MESSAGE}</p>
              <button type="button" className="mfl-btn mfl-btn--quiet" onClick={() => { void preferences.refetch(); }}>Try again</button>
            </div>
          )}
          {preferences.data && <PreferencesForm key={session.uid ?? ''} bus={bus} api={api} initial={preferences.data} />}
        </>
      )}
    </section>
  );
}
