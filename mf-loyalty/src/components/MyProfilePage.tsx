import { useQuery } from '@storefront/remote-kit';
import { bus as sharedBus, useBusState, type EventBus } from 'shared-events';
import type { AccountApi, AccountData } from '../api/accountApi';
import { ACCOUNT_QUERY, useAccount } from '../hooks/useAccount';
import { SignInPrompt } from './SignInPrompt';
import { SiteLink } from './SiteLink';
import { lastFour, maskCardNumber } from '../state/cardNumber';
import { formatCents, formatPoints } from '../state/format';
import { EXCEPTION_MESSAGE } from '../state/messages';

/** Props of {@link MyProfilePage}. */
export interface MyProfilePageProps {
  bus?: EventBus;
  apiBase?: string;
  /** Replaces the real API (tests). */
  api?: AccountApi;
  navigate?: (url: string) => void;
}

/**
 * `/my-profile` (spec §2 Routes, §3 Session, §6): the shopper's name and email (`GET
 * /api/account`, a kit `useQuery`, no retry; the name shows from the session meanwhile), the page's
 * preferred store (`bus.state.store`, link to /store-locator) and the Scene+ card (masked number,
 * points and dollar value from the session's scene, or 'No Scene+ card linked' with a link to /scene).
 * Signed out: a sign-in prompt once the session has loaded ('Loading your account…' until then).
 */
export function MyProfilePage({ bus = sharedBus, apiBase = '/api', api: apiProp, navigate }: MyProfilePageProps) {
  const { api, session, signedIn } = useAccount(bus, apiBase, apiProp);
  const store = useBusState(bus.state.store);

  const account = useQuery({
    queryKey: ['mf-loyalty', 'account', apiBase, session.uid],
    enabled: signedIn,
    ...ACCOUNT_QUERY,
    queryFn: async (): Promise<AccountData> => {
      const env = await api.getAccount();
      if (env.status === 'success' && env.data) return env.data;
      throw new Error(`account answered ${String(env.code)}`);
    },
  });

  if (!signedIn) {
    return (
      <section className="mfl-page" aria-labelledby="mfl-profile-title">
        <h1 id="mfl-profile-title">My Profile</h1>
        {session.isLoading
          ? <p role="status">Loading your account…</p>
          : <SignInPrompt bus={bus} text="Sign in to see your profile, preferred store and Scene+ card." returnTo="/my-profile" />}
      </section>
    );
  }

  const data = account.data;
  const firstName = data?.firstName ?? session.profile?.firstName ?? '';
  const lastName = data?.lastName ?? session.profile?.lastName ?? '';
  const name = `${firstName} ${lastName}`.trim();
  const scene = session.scene;
  const cardNumber = scene?.cardNumber ?? null;
  const linked = scene?.linkedStatus === true;
  const showBalance = !!cardNumber && linked && !!scene?.info && session.cardStatus !== 'LP00';

  return (
    <section className="mfl-page" aria-labelledby="mfl-profile-title">
      <h1 id="mfl-profile-title">My Profile</h1>

      <div className="mfl-card" aria-labelledby="mfl-profile-details">
        <h2 id="mfl-profile-details">Your details</h2>
        <dl className="mfl-facts">
          <div><dt>Name</dt><dd>{name || '—'}</dd></div>
          <div>
            <dt>Email</dt>
            <dd aria-busy={account.isPending}>
              {data ? (data.email ?? 'No email on file') : account.isError ? '—' : <span role="status">Loading…</span>}
            </dd>
          </div>
        </dl>
        {account.isError && (
          <div role="alert" className="mfl-error">
            <p>{EXCEPTION_MESSAGE}</p>
            <button type="button" className="mfl-btn mfl-btn--quiet" onClick={() => { void account.refetch(); }}>Try again</button>
          </div>
        )}
        <SiteLink href="/preferences-centre" navigate={navigate}>Email and language preferences</SiteLink>
      </div>

      <div className="mfl-card" aria-labelledby="mfl-profile-store">
        <h2 id="mfl-profile-store">Preferred store</h2>
        {store ? (
          <p>
            <strong>{store.locationName}</strong>
            <br />
            {store.address.address1}, {store.address.city}, {store.address.province} {store.address.postalCode}
          </p>
        ) : (
          <p>No preferred store selected.</p>
        )}
        <SiteLink href="/store-locator" navigate={navigate}>{store ? 'Change store' : 'Find a store'}</SiteLink>
      </div>

      <div className={cardNumber ? 'mfl-card' : 'mfl-card mfl-card--empty'} aria-labelledby="mfl-profile-scene">
        <h2 id="mfl-profile-scene">Scene+ card</h2>
        {cardNumber ? (
          <>
            <dl className="mfl-facts">
              <div><dt>Card number</dt><dd aria-label={`Card ending in ${lastFour(cardNumber)}`}>{maskCardNumber(cardNumber)}</dd></div>
              {showBalance && scene?.info && (
                <>
                  <div><dt>Points</dt><dd>{formatPoints(scene.info.pointBalance)} PTS</dd></div>
                  <div><dt>Dollar value</dt><dd>{formatCents(scene.info.dollarValue)}</dd></div>
                </>
              )}
            </dl>
            {!showBalance && <p>Your points show here once your card is linked and verified.</p>}
            <SiteLink href="/scene" navigate={navigate}>View your Scene+ card and history</SiteLink>
          </>
        ) : (
          <>
            <p>No Scene+ card linked</p>
            <SiteLink href="/scene" navigate={navigate}>Add or get a Scene+ card</SiteLink>
          </>
        )}
      </div>
    </section>
  );
}
