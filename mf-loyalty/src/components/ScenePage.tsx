import { useQuery } from '@storefront/remote-kit';
import { bus as sharedBus, useBusState } from 'shared-events';
import type { Transaction } from '../api/loyaltyApi';
import { useLoyaltyApi, type LoyaltyProps } from '../hooks/useLoyaltyApi';
import { useRegisterUrl } from '../hooks/useRegisterUrl';
import { SignInPrompt } from './SignInPrompt';
import { trackSceneRegistration } from '../api/analytics';
import { maskCardNumber, lastFour } from '../state/cardNumber';
import { runBusEffects } from '../api/busEffects';
import { formatCents, formatDate, formatPoints } from '../state/format';
import { HISTORY_WINDOW_DAYS } from '../state/history';
import { CARD_STATUS_MESSAGE, EXCEPTION_MESSAGE } from '../state/messages';
import { effectsForResponseCode, SESSION_PROBLEM_CODE } from '../state/popupMachine';
import { useRecentActivity } from '../hooks/recentActivity';
import { isSignedIn } from '../state/signedIn';

/** Props of {@link ScenePage} (`now`: the history window ends today). */
export type ScenePageProps = Omit<LoyaltyProps, 'navigate'>;

/** What the history query resolves to: the transactions, or a 439 answer (the shopper is being signed out). */
type HistoryResult = { kind: 'transactions'; transactions: Transaction[] } | { kind: 'sessionProblem' };

/** Signed points, e.g. 120 → '+120', -50 → '−50'. */
function signedPoints(points: number): string {
  return points > 0 ? `+${formatPoints(points)}` : points < 0 ? `−${formatPoints(-points)}` : '0';
}

function TransactionsTable({ caption, transactions }: { caption: string; transactions: Transaction[] }) {
  return (
    <div className="mfl-table-wrap">
      <table className="mfl-table">
        <caption>{caption}</caption>
        <thead>
          <tr><th scope="col">Date</th><th scope="col">Description</th><th scope="col">Store</th><th scope="col" className="mfl-num">Points</th></tr>
        </thead>
        <tbody>
          {transactions.map((t) => (
            <tr key={t.id}>
              <td>{formatDate(t.date)}</td>
              <td>{t.description}</td>
              <td>{t.storeNumber ?? '—'}</td>
              <td className="mfl-num">{signedPoints(t.points)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * `/scene`, the loyalty programme page (spec §2 Routes, §3 Scene, §7 transactionHistory, §9 180-day
 * window): the shopper's card (number masked except the last 4 digits), points, dollar value
 * (cents → CAD), the latest activity (historyLite, when the machine fetched it) and the 180-day
 * transaction history in a table; 'Link Your Scene+ Card' (→ addCard popup), 'Verify Your Scene+
 * Card' (→ linkCard popup) and 'Register Scene+ Card' (→ /register) actions. Signed out: a sign-in
 * prompt. The history is a kit `useQuery` (needs the kit's providers); loading, empty, error + 'Try
 * again' states as before.
 */
export function ScenePage({ bus = sharedBus, apiBase = '/api', api: apiProp, now = Date.now }: ScenePageProps) {
  const api = useLoyaltyApi(apiBase, apiProp);
  const session = useBusState(bus.state.session);
  const recent = useRecentActivity();

  const scene = session.scene;
  const cardNumber = scene?.cardNumber ?? null;
  const linked = scene?.linkedStatus === true;
  const status = session.cardStatus ?? null;
  const signedIn = isSignedIn(session);
  const canLoadHistory = signedIn && !!cardNumber && linked && status !== 'LP00';
  const enrollmentStatus = scene?.enrollmentStatus ?? null;

  // The 180-day history (spec §7 transactionHistory): one request per shopper and enrollment status; no automatic retry ('Try again' re-reads); a 439 answer raises the toast and sign-out.
  const history = useQuery({
    queryKey: ['mf-loyalty', 'transactionHistory', apiBase, session.uid, enrollmentStatus],
    enabled: canLoadHistory,
    retry: false,
    // A key seen before, or the history enabled again, reads afresh (as the hand-run effect did);
    // nothing else does (no refetch on reconnect).
    staleTime: 0,
    refetchOnReconnect: false,
    queryFn: async (): Promise<HistoryResult> => {
      const env = await api.transactionHistory(enrollmentStatus, now());
      if (String(env.code) === String(SESSION_PROBLEM_CODE)) {
        runBusEffects(bus, effectsForResponseCode(env.code));
        return { kind: 'sessionProblem' };
      }
      if (env.status === 'success' && env.data) return { kind: 'transactions', transactions: env.data.transactions ?? [] };
      throw new Error(`transactionHistory answered ${String(env.code)}`);
    },
  });
  /** Transactions once loaded; null while loading, on error, and after a 439 (the page then waits for the sign-out). */
  const transactions = history.data?.kind === 'transactions' ? history.data.transactions : null;
  const loadingHistory = canLoadHistory && !history.isError && transactions === null;

  const registerHref = useRegisterUrl();
  const register = () => trackSceneRegistration(bus, 'scene-page');

  if (!signedIn) {
    return (
      <section className="mfl-page" aria-labelledby="mfl-scene-title">
        <h1 id="mfl-scene-title">Scene+</h1>
        {session.isLoading
          ? <p role="status">Loading your account…</p>
          : <SignInPrompt bus={bus} text="Sign in to see your Scene+ card, points and transaction history." returnTo="/scene" />}
      </section>
    );
  }

  const latest = recent && recent.uid === session.uid ? recent.transactions : null;

  return (
    <section className="mfl-page" aria-labelledby="mfl-scene-title">
      <h1 id="mfl-scene-title">Scene+</h1>
      <p>Collect Scene+ points every time you shop, and redeem them on your groceries.</p>

      {!cardNumber && (
        <div className="mfl-card mfl-card--empty">
          <h2>You have no Scene+ card on your account</h2>
          <p>Add your card to collect points and see your balance, or get a new card.</p>
          <div className="mfl-actions">
            <button type="button" className="mfl-btn" onClick={() => bus.emit('popup/open', { popupType: 'addCard' })}>Link Your Scene+ Card</button>
            <a className="mfl-btn mfl-btn--quiet" href={registerHref} onClick={register}>Get a Scene+ card</a>
          </div>
        </div>
      )}

      {cardNumber && (
        <div className="mfl-card">
          <h2>Your Scene+ card</h2>
          <dl className="mfl-facts">
            <div><dt>Card number</dt><dd aria-label={`Card ending in ${lastFour(cardNumber)}`}>{maskCardNumber(cardNumber)}</dd></div>
            <div><dt>Status</dt><dd>{status === 'LP03' ? 'Not registered' : linked ? 'Linked' : 'Not linked'}</dd></div>
            {linked && scene?.info && status !== 'LP00' && (
              <>
                <div><dt>Points</dt><dd>{formatPoints(scene.info.pointBalance)} PTS</dd></div>
                <div><dt>Dollar value</dt><dd>{formatCents(scene.info.dollarValue)}</dd></div>
              </>
            )}
          </dl>
          {(status === 'LP00' || status === 'LP02') && <p className="mfl-error">{CARD_STATUS_MESSAGE}</p>}
          {status === 'LP03' && (
            <a className="mfl-btn" href={registerHref} onClick={register}>Register Scene+ Card</a>
          )}
          {!linked && status !== 'LP03' && status !== 'LP00' && (
            <button type="button" className="mfl-btn" onClick={() => bus.emit('popup/open', { popupType: 'linkCard' })}>Verify Your Scene+ Card</button>
          )}
        </div>
      )}

      {cardNumber && linked && latest && latest.length > 0 && (
        <section className="mfl-section" aria-labelledby="mfl-latest-title">
          <h2 id="mfl-latest-title">Latest activity</h2>
          <ul className="mfl-latest">
            {latest.map((t) => (
              <li key={t.id}><span>{formatDate(t.date)} · {t.description}</span> <strong>{signedPoints(t.points)} PTS</strong></li>
            ))}
          </ul>
        </section>
      )}

      {cardNumber && (
        <section className="mfl-section" aria-labelledby="mfl-history-title" aria-busy={loadingHistory}>
          <h2 id="mfl-history-title">Transaction history</h2>
          {!canLoadHistory && <p>Link and verify your card to see your transaction history.</p>}
          {loadingHistory && <p role="status">Loading your transactions…</p>}
          {canLoadHistory && history.isError && (
            <div role="alert" className="mfl-error">
              <p>{EXCEPTION_MESSAGE}</p>
              <button type="button" className="mfl-btn mfl-btn--quiet" onClick={() => { void history.refetch(); }}>Try again</button>
            </div>
          )}
          {canLoadHistory && transactions && transactions.length === 0 && (
            <p>No transactions in the last {HISTORY_WINDOW_DAYS} days.</p>
          )}
          {canLoadHistory && transactions && transactions.length > 0 && (
            <TransactionsTable caption={`Transactions in the last ${HISTORY_WINDOW_DAYS} days`} transactions={transactions} />
          )}
        </section>
      )}
    </section>
  );
}
