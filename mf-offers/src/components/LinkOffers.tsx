/**
 * `/offers?hash=…` (spec §2 "/offers accepts a query parameter hash that gives view access to the offers
 * of a card without login"; §6; §8 expired hash link): the offers of the card the link belongs to,
 * read-only — no load buttons, no favourites — whether or not someone is signed in.
 *
 * - The hash is checked locally first (`^[A-Za-z0-9_-]{32,64}$`, the BFF's rule): a malformed one is
 *   answered like an expired one without asking the BFF.
 * - Then spec §7's calls in order (api/linkFlow.ts): hash validation, member inquiry, the offers; a card in
 *   status LP00 shows the spec §8 card-status text and no offers (spec §4).
 * - The answer is kept in sessionStorage (api/linkStorage.ts, 30 minutes), so a reload does not spend
 *   one of the 10 links (30 hash lookups) a minute the BFF allows. Never retried automatically.
 * - 410 (unknown or expired) → the spec §8 text, then home after 3 s; 429 → 'Too many attempts…' with
 *   'Try again'; anything else → spec §8 exception text with 'Try again'.
 */
import { useEffect, useState } from 'react';
import { useQuery } from '@storefront/remote-kit';
import { OffersError, type OffersApi, type OffersData } from '../api/offersApi';
import { ExpiredLink } from './ExpiredLink';
import { OffersView } from './OffersView';
import { PageFrame } from './PageFrame';
import { clearLinkOffers, readLinkOffers, saveLinkOffers } from '../api/linkStorage';
import { EXCEPTION_MESSAGE, THROTTLED_MESSAGE } from '../state/messages';
import { fetchLinkView } from '../api/linkFlow';
import { CardProblem, Loading, RetryNotice } from './SessionGate';
import { useRemoteRuntime } from '@storefront/remote-kit';
import { linkKey } from '../api/queries';

/** An offers link hash as the BFF accepts it: 32–64 letters, digits, '-' or '_'. */
export const HASH_PATTERN = /^[A-Za-z0-9_-]{32,64}$/;

/** Props of {@link LinkOffers}. */
export interface LinkOffersProps {
  hash: string;
  api: OffersApi;
  imageBase?: string;
}

/** The read-only view of one card's offers by offers link. */
export function LinkOffers({ hash, api, imageBase }: LinkOffersProps) {
  const bus = useRemoteRuntime().bus;
  const valid = HASH_PATTERN.test(hash);
  const [stored] = useState(() => (valid ? readLinkOffers(hash) : null));

  const link = useQuery<OffersData>({
    queryKey: linkKey(hash),
    queryFn: async ({ signal }) => {
      const answer = await fetchLinkView(api, hash, signal);
      saveLinkOffers(hash, answer);
      return answer;
    },
    enabled: valid && !stored,
    initialData: stored ?? undefined,
    staleTime: Infinity,
    retry: false,
  });

  const expired = !valid || (link.isError && link.error instanceof OffersError && link.error.kind === 'hash-expired');
  useEffect(() => {
    if (expired) clearLinkOffers();
  }, [expired]);

  const subtitle = link.data ? <>Scene+ card {link.data.cardNumber} · view only</> : undefined;
  return (
    <PageFrame title="Offers" current="/offers" subtitle={subtitle}>
      {expired && <ExpiredLink />}
      {!expired && link.isPending && <Loading text="Loading the offers of this link…" />}
      {!expired && link.isError && (
        <RetryNotice
          message={link.error instanceof OffersError && link.error.kind === 'throttled' ? THROTTLED_MESSAGE : EXCEPTION_MESSAGE}
          onRetry={() => void link.refetch()}
        />
      )}
      {!expired && link.data?.status === 'LP00' && <CardProblem />}
      {!expired && link.data && link.data.status !== 'LP00' && (
        <>
          <div className="mfo-notice mfo-link-note">
            <p>You are viewing the offers of this Scene+ card through a link. Sign in to load offers to your card and keep favourites.</p>
            <div className="mfo-actions">
              <button type="button" className="mfo-btn mfo-btn--quiet" onClick={() => bus.emit('session/sign-in-requested', { mode: 'signIn', returnTo: '/offers' })}>Log In</button>
            </div>
          </div>
          <OffersView collections={link.data.collections} now={Date.now()} imageBase={imageBase} />
        </>
      )}
    </PageFrame>
  );
}
